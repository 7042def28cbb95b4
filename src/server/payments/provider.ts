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

export interface PaymentProvider {
  readonly kind: "stripe" | "sandbox";
  /** Shown to the browser so it can load the provider's card form (Stripe only). */
  readonly publishableKey: string | undefined;
  createPaymentIntent(input: {
    campaignId: string;
    amountCents: number;
    description: string;
    idempotencyKey: string;
  }): Promise<PaymentIntent>;
  retrievePaymentIntent(id: string): Promise<PaymentIntent>;
  refund(input: { paymentIntentId: string; amountCents: number; idempotencyKey: string }): Promise<{ id: string }>;

  /** A connected account a promoter's prize money is transferred to (Stripe Connect Express). */
  createConnectedAccount(input: { userId: string; email: string; idempotencyKey: string }): Promise<{ id: string }>;
  /** A single-use onboarding address for the account; the user returns to `returnUrl`, or `refreshUrl` if it expired. */
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

export type ConnectedAccountStatus = { detailsSubmitted: boolean; payoutsEnabled: boolean };

export class PaymentDeclinedError extends Error {
  override name = "PaymentDeclinedError";
}

/** The provider refused a transfer outright (nothing moved), so a retry may use a new idempotency key. */
export class TransferDeclinedError extends Error {
  override name = "TransferDeclinedError";
}
