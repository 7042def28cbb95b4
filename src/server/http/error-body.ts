import { RATE_LIMITED_CODE } from "../../core/api/contract.js";

/** The one JSON error shape of the API: `{ error: { code, message } }`. */
export function errorBody(code: string, message: string, fields?: Record<string, string>) {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** A 429 answer's body: the request was refused for coming too often; `message` says what to do. */
export const tooManyRequestsBody = (message: string) => errorBody(RATE_LIMITED_CODE, message);
