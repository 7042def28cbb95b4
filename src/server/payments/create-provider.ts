import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import type { PaymentProvider } from "./provider.js";
import { createSandboxProvider } from "./sandbox.js";
import { createStripeProvider } from "./stripe.js";

/** Stripe when its keys are configured, otherwise the built-in sandbox with test cards. */
export function createPaymentProvider(config: Config, db: Database): PaymentProvider {
  return config.stripe ? createStripeProvider(config.stripe) : createSandboxProvider(db, config.publicUrl);
}
