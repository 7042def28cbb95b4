/** What the app needs from a card payment provider. Stripe in production, the sandbox on the embedded default. */

export type PaymentIntent = {
  id: string;
  /** Handed to the browser to confirm the payment; never logged. */
  clientSecret: string;
  amountCents: number;
  status: "requires_payment_method" | "processing" | "succeeded" | "failed" | "canceled" | "other";
  campaignId: string | undefined;
};

/** A verified payment event from the provider (webhook or sandbox confirmation). */
export type PaymentSucceeded = { paymentIntentId: string; campaignId: string; amountCents: number };

/** A test card the sandbox charges (SPEC.md's card form fields). */
export type SandboxCard = { number: string; expiry: string; cvc: string };

/**
 * Stripe, with the webhook that reports payments, or the sandbox, which confirms a test card itself: a union on
 * `kind`, so code that needs one provider's own method narrows to it instead of casting.
 */
export type PaymentProvider = StripePayments | SandboxPayments;

export interface StripePayments extends PaymentOperations {
  readonly kind: "stripe";
  /** Verifies a webhook's signature; returns the succeeded payment it reports, or null for other events. */
  parseWebhook(payload: string, signature: string): PaymentSucceeded | null;
}

export interface SandboxPayments extends PaymentOperations {
  readonly kind: "sandbox";
  /** Charges the card against the intent: the sandbox's stand-in for the browser confirming with Stripe. */
  confirmPayment(paymentIntentId: string, card: SandboxCard): Promise<PaymentIntent>;
}

/** What every provider does. */
interface PaymentOperations {
  /** Shown to the browser so it can load the provider's card form (Stripe only). */
  readonly publishableKey: string | undefined;
  /** A harmless call that proves the provider answers (the admin diagnostics): what it said. */
  ping(): Promise<string>;
  createPaymentIntent(input: {
    campaignId: string;
    amountCents: number;
    description: string;
    idempotencyKey: string;
  }): Promise<PaymentIntent>;
  retrievePaymentIntent(id: string): Promise<PaymentIntent>;
  /**
   * Cancels a payment that has not been taken, so that it never can be; returns the intent as it then stands
   * (`canceled`, or `succeeded`/`processing` when the money was already on its way and nothing was cancelled).
   */
  cancelPaymentIntent(id: string): Promise<PaymentIntent>;
  refund(input: { paymentIntentId: string; amountCents: number; idempotencyKey: string }): Promise<{ id: string }>;

  /**
   * A connected account a promoter's prize money is transferred to (Stripe Connect Express), in `country`: the
   * country of residence they stated (ISO code), which the account keeps.
   */
  createConnectedAccount(input: {
    userId: string;
    email: string;
    country: string;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /**
   * A single-use onboarding address for the account; the user returns to `returnUrl`, or `refreshUrl` if it expired.
   * The onboarding also asks for what the provider will need later, the tax information among it.
   */
  createAccountLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  retrieveConnectedAccount(accountId: string): Promise<ConnectedAccountStatus>;
  /** Moves money from the platform to a connected account; the same idempotency key never transfers twice. */
  createTransfer(input: {
    amountCents: number;
    destinationAccountId: string;
    description: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<{ id: string }>;
}

/**
 * `taxInfoOnFile`: the provider holds the holder's tax information (a W-9 or W-8BEN form), which a payout reaching the
 * year's reporting threshold waits for; FanBoost learns only that it does. `legalName` and `bankFingerprint`: the
 * holder's name and the bank account's fingerprint (the same for the same bank account in any connected account), once
 * onboarding collected them and when the provider shares them: the winner's verification and the accounts linked to one
 * person read them (PRODUCT.md Winner verification).
 */
export type ConnectedAccountStatus = {
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  taxInfoOnFile: boolean;
  legalName: string | null;
  bankFingerprint: string | null;
};

export class PaymentDeclinedError extends Error {
  override name = "PaymentDeclinedError";
}

/** The payment was cancelled (its draft was deleted) before the card was charged: nothing was taken. */
export class PaymentCanceledError extends Error {
  override name = "PaymentCanceledError";
}

/** The provider refused a transfer outright (nothing moved), so a retry may use a new idempotency key. */
export class TransferDeclinedError extends Error {
  override name = "TransferDeclinedError";
}
