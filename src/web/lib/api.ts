/** Fetch wrapper for the JSON API: throws `ApiError` carrying the server's `{ error: { code, message } }`. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

type ErrorEnvelope = {
  error?: { code?: string; message?: string; fields?: Record<string, string> } | string | null;
  /** Better Auth's own errors put these at the top level. */
  code?: string;
  message?: string;
};

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...rest,
      headers: {
        Accept: "application/json",
        ...(json === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
  } catch {
    throw new ApiError(0, "network", "Network error");
  }
  const body = (await response.json().catch(() => null)) as (T & ErrorEnvelope) | null;
  if (!response.ok) {
    const error = body?.error;
    if (error && typeof error === "object") {
      throw new ApiError(response.status, error.code ?? "error", error.message ?? "Request failed", error.fields);
    }
    if (typeof body?.message === "string") throw new ApiError(response.status, body.code ?? "error", body.message);
    throw new ApiError(
      response.status,
      "error",
      typeof error === "string" ? error : "Request failed. Please try again.",
    );
  }
  return body as T;
}
