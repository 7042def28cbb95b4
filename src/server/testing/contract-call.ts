import {
  type AnyApiContract,
  type ContractInput,
  contractUrl,
  type ErrorAnswer,
  type ResponseOf,
} from "../../core/api/contract.js";

/**
 * How a test calls: the contract's input, and who calls (a session cookie, a client address, more headers).
 * `untypedBody` replaces the contract's body with one outside its type, for the tests of what a route refuses.
 */
export type CallAs<C extends AnyApiContract> = ContractInput<C> & {
  cookie?: string | undefined;
  ip?: string;
  headers?: Record<string, string>;
  untypedBody?: unknown;
};

/** A route's answer as its contract types it: the body of a success, or the API's error of a refusal. */
export type Answer<C extends AnyApiContract> = { status: number; headers: Headers; route: string } & (
  | { ok: true; body: ResponseOf<C> }
  | { ok: false; error: ErrorAnswer["error"] }
);

/** A request as the tests make it: a JSON body, the session's cookie and the client's address besides fetch's own. */
export type TestRequest = (
  path: string,
  init?: RequestInit & { json?: unknown; ip?: string; cookie?: string | undefined },
) => Promise<Response>;

/** What the helpers call: an in-process test app (test-app.ts), or a running server over HTTP (`overHttp`). */
export type RouteCaller = { request: TestRequest };

/** A request as a browser on `origin` sends it: its Origin header, a JSON body with its type, the session's cookie. */
export function browserRequest(
  origin: string,
  init: RequestInit & { json?: unknown; cookie?: string | undefined },
): RequestInit {
  const { json, headers, cookie, ...rest } = init;
  return {
    ...rest,
    headers: {
      Origin: origin,
      ...(json === undefined ? {} : { "Content-Type": "application/json" }),
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body: json === undefined ? rest.body : JSON.stringify(json),
  };
}

/**
 * A running server (a child process, a journey's) called over HTTP as a browser on its origin: the Origin header, the
 * session's cookie. The client's address is this process's own (a trusted proxy's X-Forwarded-For says another), so
 * `ip` is refused.
 */
export function overHttp(baseUrl: string): RouteCaller {
  return {
    request: (path, init = {}) => {
      const { ip, ...sent } = init;
      if (ip !== undefined) throw new Error("Over HTTP the client's address is this process's: send X-Forwarded-For");
      return fetch(`${baseUrl}${path}`, browserRequest(baseUrl, sent));
    },
  };
}

/**
 * Calls a route by its contract, as the browser does (every write carries a JSON body, an upload its bytes), and
 * answers the body typed by the contract: tests read answers without casting them.
 */
export async function callRoute<C extends AnyApiContract>(
  t: RouteCaller,
  contract: C,
  input: CallAs<C> = {} as CallAs<C>,
): Promise<Answer<C>> {
  const { cookie, ip, headers } = input;
  const sent = "untypedBody" in input ? input.untypedBody : input.body;
  const bytes = sent instanceof Blob;
  const response = await t.request(contractUrl(contract, input), {
    method: contract.method,
    cookie,
    ip,
    headers,
    body: bytes ? sent : undefined,
    json: contract.method === "GET" || bytes ? undefined : (sent ?? {}),
  });
  return answerOf(response, contract);
}

/**
 * A response read as the contract's answer (its typed body, or the API's one error shape), for a test that makes the
 * request itself (a stream, a route of its own, named by `route`).
 */
export async function answerOf<C extends AnyApiContract>(response: Response, route: C | string): Promise<Answer<C>> {
  const text = await response.text();
  const parsed: unknown = text === "" ? null : JSON.parse(text);
  const name = typeof route === "string" ? route : `${route.method} ${route.path}`;
  const base = { status: response.status, headers: response.headers, route: name };
  return response.ok
    ? { ...base, ok: true, body: parsed as ResponseOf<C> }
    : { ...base, ok: false, error: (parsed as ErrorAnswer).error };
}

/** The body of an answer that must be a success (with `status`, that status), or a failure that says what it was. */
export function bodyOf<C extends AnyApiContract>(answer: Answer<C>, status?: number): ResponseOf<C> {
  if (!answer.ok) throw new Error(`${answer.route}: ${answer.status} ${answer.error.message}`);
  if (status !== undefined && answer.status !== status)
    throw new Error(`${answer.route}: ${answer.status}, ${status} was expected`);
  return answer.body;
}

/** The error of an answer that must be a refusal, or a failure if it succeeded. */
export function errorOf<C extends AnyApiContract>(answer: Answer<C>): ErrorAnswer["error"] {
  if (answer.ok) throw new Error(`${answer.route} succeeded (${answer.status}); a refusal was expected`);
  return answer.error;
}

/** `callRoute` for a call that must succeed: its typed body (with `status`, answered with that status). */
export async function okRoute<C extends AnyApiContract>(
  t: RouteCaller,
  contract: C,
  input?: CallAs<C>,
  status?: number,
): Promise<ResponseOf<C>> {
  return bodyOf(await callRoute(t, contract, input), status);
}

/** `callRoute` for a call that must be refused: its status and error, or a failure if it succeeded. */
export async function refusedRoute<C extends AnyApiContract>(
  t: RouteCaller,
  contract: C,
  input?: CallAs<C>,
): Promise<{ status: number; error: ErrorAnswer["error"] }> {
  const answer = await callRoute(t, contract, input);
  return { status: answer.status, error: errorOf(answer) };
}
