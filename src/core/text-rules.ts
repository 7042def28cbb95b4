import { z } from "zod";

/**
 * Every text a user sends goes through one of these, so none can carry a NUL byte (PostgreSQL refuses it in text),
 * control characters, half of a character (a lone surrogate, which would be stored as U+FFFD) or an unbounded
 * length. Single-line texts refuse line breaks too; multi-line ones keep them. A required text of invisible
 * characters only (zero-width spaces, joiners, direction marks) is blank.
 */

/**
 * True when `text` holds a control character (C0 or DEL; tabs and line breaks count unless `multiline`) or a UTF-16
 * surrogate without its pair.
 */
export function hasForbiddenCharacters(text: string, multiline = false): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index++;
        continue;
      }
      return true;
    }
    if (code >= 0xdc00 && code <= 0xdfff) return true;
    if (code >= 0x20 && code !== 0x7f) continue;
    if (multiline && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    return true;
  }
  return false;
}

/** Characters that show nothing (Unicode's default-ignorable code points: zero-width spaces, joiners, marks). */
const invisible = /\p{Default_Ignorable_Code_Point}/gu;

/** Whether the text shows anything once trimmed: not only spaces and invisible characters. */
export const hasVisibleCharacters = (text: string) => text.replace(invisible, "").trim().length > 0;

export const textMessages = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max.toLocaleString("en-US")} characters`,
  notAllowed: (label: string) => `${label} contains characters that are not allowed`,
  notText: (label: string) => `${label} must be text`,
} as const;

/** SPEC.md section 5's form error handling: a refused form's errors, all of them, after 'Validation failed: '. */
export const validationFailedMessage = (errors: readonly string[]) => `Validation failed: ${errors.join(", ")}`;

type TextOptions = {
  /** Longest accepted length, after trimming. */
  max: number;
  /** Line breaks and tabs are kept (a description, a message). */
  multiline?: boolean;
  /** The message for a missing or blank value (SPEC.md's wording where it has one). */
  requiredMessage?: string;
};

/** Trims, then checks the characters and the length. */
function checkedText(label: string, options: TextOptions) {
  const missing = options.requiredMessage ?? textMessages.required(label);
  return z
    .string({ error: (issue) => (issue.input == null ? missing : textMessages.notText(label)) })
    .trim()
    .refine((value) => !hasForbiddenCharacters(value, options.multiline), textMessages.notAllowed(label))
    .refine((value) => value.length <= options.max, textMessages.tooLong(label, options.max));
}

/** A text that must not be blank. */
export function requiredText(label: string, options: TextOptions) {
  const message = options.requiredMessage ?? textMessages.required(label);
  return checkedText(label, options).refine(hasVisibleCharacters, message);
}

/** A text that may be missing, null or blank; blank becomes null. */
export function optionalText(label: string, options: TextOptions) {
  return checkedText(label, options)
    .nullish()
    .transform((value) => value || null);
}

/** A query parameter: optional, trimmed, bounded and free of control characters. */
export function queryText(label: string, max: number) {
  return checkedText(label, { max }).optional();
}
