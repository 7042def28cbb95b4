/** The one JSON error shape of the API: `{ error: { code, message } }`. */
export function errorBody(code: string, message: string, fields?: Record<string, string>) {
  return { error: fields ? { code, message, fields } : { code, message } };
}
