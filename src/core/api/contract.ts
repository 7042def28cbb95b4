/**
 * An API endpoint as both sides see it: its method and path at run time, and the types of its path parameters,
 * query, body and answer. Request schemas stay in the rule modules (`core/*-rules.ts`) and are named here by type
 * only, so a page that merely reads an endpoint does not download the validation library (ADR 012).
 */
export type Method = "GET" | "POST" | "DELETE";

export type Contract<Response = unknown, Query = undefined, Body = undefined, Path extends string = string> = {
  readonly method: Method;
  readonly path: Path;
  /** Type carriers only: never set at run time. */
  readonly _types?: { response: Response; query: Query; body: Body };
};

export type ResponseOf<C> = C extends Contract<infer R, infer _Q, infer _B> ? R : never;
export type QueryOf<C> = C extends Contract<infer _R, infer Q, infer _B> ? Q : never;
export type BodyOf<C> = C extends Contract<infer _R, infer _Q, infer B> ? B : never;

/** The API's one error shape (`{ error: { code, message, fields } }`), whatever refused the request. */
export type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string> } };

/** `:name` segments of a path, as an object of strings. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

export const get =
  <Response, Query = undefined>() =>
  <const P extends string>(path: P) =>
    ({ method: "GET", path }) as Contract<Response, Query, undefined, P>;
export const post =
  <Response, Body = Record<string, never>>() =>
  <const P extends string>(path: P) =>
    ({ method: "POST", path }) as Contract<Response, undefined, Body, P>;
export const del =
  <Response>() =>
  <const P extends string>(path: P) =>
    ({ method: "DELETE", path }) as Contract<Response, undefined, undefined, P>;

/**
 * The message a stream that belongs to a session sends before it ends because the session did (signed out elsewhere,
 * revoked, expired): the page then asks who is signed in instead of reconnecting.
 */
export const SESSION_ENDED_EVENT = "session-ended";

/** The error code of every 429 answer (too many requests): the same word as the click verdict, said once here. */
export const RATE_LIMITED_CODE = "rate_limited";

/**
 * The message a stream sends before it ends because its server is shutting down: the page reconnects at once (through
 * the balancer, to another instance) instead of backing off as after a failure. The message also carries SSE's
 * `retry` field, STREAM_RECONNECT_MS, for other EventSource clients.
 */
export const STREAM_RECONNECT_EVENT = "reconnect";
export const STREAM_RECONNECT_MS = 500;

/** The contract's path with its parameters filled in (each encoded). */
export function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** The route a server area registers for a contract: its path below the area's mount point. */
export function routePath(contract: { path: string }, mount = "/api"): string {
  if (!contract.path.startsWith(mount)) throw new Error(`${contract.path} is not below ${mount}`);
  return contract.path.slice(mount.length) || "/";
}

export type AnyApiContract = Contract<unknown, unknown, unknown, string>;
type PathOf<C> = C extends Contract<infer _R, infer _Q, infer _B, infer P> ? P : string;

/** What a call needs besides the contract: path parameters when the path has some, the query and body it takes. */
export type ContractInput<C extends AnyApiContract> = (keyof PathParams<PathOf<C>> extends never
  ? { params?: undefined }
  : { params: PathParams<PathOf<C>> }) &
  (QueryOf<C> extends undefined ? { query?: undefined } : { query?: QueryOf<C> }) &
  (BodyOf<C> extends undefined ? { body?: undefined } : { body?: BodyOf<C> });

/** The address of a call: the contract's path with its parameters, and the query's defined values. */
export function contractUrl<C extends AnyApiContract>(contract: C, input: ContractInput<C>): string {
  const path = fillPath(contract.path, input.params as Record<string, string> | undefined);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== "") query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
