import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { z } from "zod";
import { fieldErrors } from "../../core/auth-rules.js";
import { errorBody } from "./error-body.js";
import { jsonMediaType } from "./request-body.js";

/**
 * The one validation path of the API: the request part is parsed with its zod schema before the handler runs, which
 * reads it with `c.req.valid(target)`. A refusal throws the `ZodError`, which `onError` turns into the error envelope
 * (see `validationErrorBody`). An empty JSON body is an empty object, as no body at all is (the auth endpoints read it
 * so too): a route whose fields are all optional takes it, one with required fields names them.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  const checked = zValidator(target, schema, (result) => {
    if (!result.success) throw result.error;
  });
  if (target !== "json") return checked;
  const emptyIsNothing: typeof checked = async (c, next) => {
    const mediaType = (c.req.header("content-type") ?? "").split(";")[0]?.trim() ?? "";
    // The validator parses the text it finds in the request's body cache (which holds promises, whatever its type says).
    if (jsonMediaType.test(mediaType) && (await c.req.text()) === "") {
      Object.assign(c.req.bodyCache, { text: Promise.resolve("{}") });
    }
    return checked(c, next);
  };
  return emptyIsNothing;
}

/**
 * The envelope of a refused input: the first message, and the first message of each field. A body or query that is
 * not an object at all says so instead of zod's wording.
 */
export function validationErrorBody(error: z.ZodError) {
  const notAnObject = error.issues.find((issue) => issue.path.length === 0 && issue.code === "invalid_type");
  if (notAnObject) return errorBody("validation", "The request must be a JSON object");
  const fields = fieldErrors(error);
  return errorBody("validation", Object.values(fields)[0] ?? "Invalid input", fields);
}

export const isZodError = (error: unknown): error is z.ZodError => error instanceof z.ZodError;
