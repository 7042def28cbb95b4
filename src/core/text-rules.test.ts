import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasForbiddenCharacters, optionalText, requiredText } from "./text-rules";

const title = requiredText("Title", { max: 20 });
const notes = optionalText("Notes", { max: 20, multiline: true });
const control = fc.integer({ min: 0, max: 0x1f }).chain((code) => fc.constant(String.fromCharCode(code)));

describe("text rules", () => {
  it("refuse every control character in a single-line text, wherever it is", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), control, fc.string({ maxLength: 8 }), (before, bad, after) => {
        const value = `x${before}${bad}${after}x`;
        fc.pre(value.length <= 20);
        expect(title.safeParse(value).success).toBe(false);
      }),
    );
    expect(title.safeParse("x\u007fx").success).toBe(false);
  });

  it("keep line breaks and tabs in a multi-line text, and refuse the other control characters", () => {
    expect(notes.parse("one\ntwo\r\n\tthree")).toBe("one\ntwo\r\n\tthree");
    expect(notes.safeParse("nul\u0000").success).toBe(false);
    expect(notes.safeParse("bell\u0007").success).toBe(false);
  });

  it("accept any printable text within the limit, trimmed", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), (text) => {
        fc.pre(!hasForbiddenCharacters(text) && text.trim().length > 0);
        expect(title.parse(` ${text} `)).toBe(text.trim());
      }),
    );
  });

  it("refuse half a character (a lone surrogate) and take a text of invisible characters only as blank", () => {
    for (const broken of ["a\ud800b", "\udc00", "end\ud83d"]) {
      expect(title.safeParse(broken).error?.issues[0]?.message).toBe("Title contains characters that are not allowed");
    }
    expect(title.parse("rock \ud83c\udfb8")).toBe("rock \ud83c\udfb8");
    for (const invisibleOnly of ["\u200b", "\u200b\u200c\u200d", " \u2060\ufeff ", "\u200e\u200f", "\u3164"]) {
      expect(title.safeParse(invisibleOnly).error?.issues[0]?.message).toBe("Title is required");
    }
    expect(title.parse("Zero\u200bWidth")).toBe("Zero\u200bWidth");
  });

  it("say which rule a text broke", () => {
    const message = (value: unknown) => title.safeParse(value).error?.issues[0]?.message;
    expect(message(undefined)).toBe("Title is required");
    expect(message("   ")).toBe("Title is required");
    expect(message(5)).toBe("Title must be text");
    expect(message("t".repeat(21))).toBe("Title must be at most 20 characters");
    expect(message("a\u0000b")).toBe("Title contains characters that are not allowed");
    expect(notes.parse("  ")).toBeNull();
    expect(notes.parse(undefined)).toBeNull();
  });
});
