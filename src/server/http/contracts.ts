import type { Contract, ResponseOf } from "../../core/api/contract.js";

export { routePath } from "../../core/api/contract.js";

/** A handler's answer, checked against its contract's response type (the browser reads the same type). */
export const reply = <C extends Contract<unknown, unknown, unknown>>(
  _contract: C,
  body: ResponseOf<C>,
): ResponseOf<C> => body;
