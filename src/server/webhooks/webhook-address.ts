import { webhookMessages } from "../../core/webhooks.js";
import { DomainError } from "../errors.js";
import type { Outbound, OutboundRefusal } from "../net/outbound-request.js";

/** Why an endpoint receives nothing, as its owner reads it (never the address its name resolved to). */
export const refusalMessage = (refusal: OutboundRefusal) =>
  refusal.reason === "address" ? webhookMessages.addressRefused(refusal.kind) : webhookMessages.hostNotFound;

/** Refuses, with the reason, an endpoint address that a request could not be sent to now. */
export async function assertReachableEndpoint(outbound: Outbound, url: string): Promise<void> {
  const refusal = await outbound.check(url);
  if (refusal) throw new DomainError("validation", refusalMessage(refusal), { url: refusalMessage(refusal) });
}
