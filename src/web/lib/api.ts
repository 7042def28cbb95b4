/** Fetch wrapper for the JSON API: throws `ApiError` carrying the server's `{ error: { code, message } }`. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** The server's id of the failed request (its logs and an error report name it). */
    readonly requestId?: string,
  ) {
    super(message);
  }
  /** The path called (an expired session is told apart from a refused sign-in by it). */
  path?: string;
  /** Whether the request carried an idempotency key, so repeating it cannot do a thing twice. */
  idempotent = false;
}

type ErrorEnvelope = {
  error?: { code?: string; message?: string; fields?: Record<string, string> } | string | null;
  /** Better Auth's own errors put these at the top level. */
  code?: string;
  message?: string;
};

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  try {
    return await request<T>(path, init);
  } catch (error) {
    if (error instanceof ApiError) {
      error.path = path.split("?")[0];
      error.idempotent = new Headers(init.headers).has("Idempotency-Key");
    }
    throw error;
  }
}

async function request<T>(path: string, init: RequestInit & { json?: unknown }): Promise<T> {
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
    const requestId = response.headers.get("x-request-id") ?? undefined;
    const error = body?.error;
    if (error && typeof error === "object") {
      throw new ApiError(
        response.status,
        error.code ?? "error",
        error.message ?? "Request failed",
        error.fields,
        requestId,
      );
    }
    if (typeof body?.message === "string") {
      throw new ApiError(response.status, body.code ?? "error", body.message, undefined, requestId);
    }
    throw new ApiError(
      response.status,
      "error",
      typeof error === "string" ? error : "Request failed. Please try again.",
      undefined,
      requestId,
    );
  }
  return body as T;
}
