import { describe, expect, it } from "vitest";
import { normalizeEmail, normalizeLegalName } from "./identity";

describe("normalizeEmail", () => {
  it("drops dots and plus tags where the provider ignores them", () => {
    expect(normalizeEmail("A.B+promo@GoogleMail.com")).toBe("ab@gmail.com");
    expect(normalizeEmail("a.b@gmail.com")).toBe("ab@gmail.com");
    expect(normalizeEmail("fan+2@outlook.com")).toBe("fan@outlook.com");
    expect(normalizeEmail("fan.one+x@icloud.com")).toBe("fan.one@icloud.com");
  });

  it("only lower-cases other providers' addresses", () => {
    expect(normalizeEmail(" Fan.One+x@Example.org ")).toBe("fan.one+x@example.org");
  });
});

describe("normalizeLegalName", () => {
  it("compares names without case, accents, punctuation or extra spaces", () => {
    expect(normalizeLegalName("José  O'Neil")).toBe("jose oneil");
    expect(normalizeLegalName("jose oneil")).toBe("jose oneil");
    expect(normalizeLegalName("Jean-Luc Picard")).toBe(normalizeLegalName("jean luc picard"));
  });

  it("keeps different names apart", () => {
    expect(normalizeLegalName("Ana Silva")).not.toBe(normalizeLegalName("Ana Silvia"));
  });
});
