import {
  type AnyApiContract,
  type ContractInput,
  contractUrl,
  type ErrorAnswer,
  type ResponseOf,
} from "../../core/api/contract.js";
import type { TestApp } from "./test-app.js";

/** How a test calls: the contract's input, and who calls (a session cookie, a client address, more headers). */
export type CallAs<C extends AnyApiContract> = ContractInput<C> & {
  cookie?: string | undefined;
  ip?: string;
  headers?: Record<string, string>;
};

/** A route's answer as its contract types it: the body of a success, or the API's error of a refusal. */
export type Answer<C extends AnyApiContract> = { status: number; headers: Headers } & (
  | { ok: true; body: ResponseOf<C> }
  | { ok: false; error: ErrorAnswer["error"] }
);

/**
 * Calls a route by its contract, as the browser does (every write carries a JSON body), and answers the body typed by
 * the contract: tests read answers without casting them.
 */
export async function callRoute<C extends AnyApiContract>(
  t: Pick<TestApp, "request">,
  contract: C,
  input: CallAs<C> = {} as CallAs<C>,
): Promise<Answer<C>> {
  const { cookie, ip, headers } = input;
  const response = await t.request(contractUrl(contract, input), {
    method: contract.method,
    cookie,
    ip,
    headers,
    json: contract.method === "GET" ? undefined : (input.body ?? {}),
  });
  const text = await response.text();
  const parsed: unknown = text === "" ? null : JSON.parse(text);
  const base = { status: response.status, headers: response.headers };
  return response.ok
    ? { ...base, ok: true, body: parsed as ResponseOf<C> }
    : { ...base, ok: false, error: (parsed as ErrorAnswer).error };
}

/** `callRoute` for a call that must succeed: its typed body, or a failure that says what the route answered. */
export async function okRoute<C extends AnyApiContract>(
  t: Pick<TestApp, "request">,
  contract: C,
  input?: CallAs<C>,
): Promise<ResponseOf<C>> {
  const answer = await callRoute(t, contract, input);
  if (!answer.ok) throw new Error(`${contract.method} ${contract.path}: ${answer.status} ${answer.error.message}`);
  return answer.body;
}

/** `callRoute` for a call that must be refused: its status and error, or a failure if it succeeded. */
export async function refusedRoute<C extends AnyApiContract>(
  t: Pick<TestApp, "request">,
  contract: C,
  input?: CallAs<C>,
): Promise<{ status: number; error: ErrorAnswer["error"] }> {
  const answer = await callRoute(t, contract, input);
  if (answer.ok)
    throw new Error(`${contract.method} ${contract.path} succeeded (${answer.status}); a refusal was expected`);
  return { status: answer.status, error: answer.error };
}
