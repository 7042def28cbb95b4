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
}

export class PaymentDeclinedError extends Error {
  override name = "PaymentDeclinedError";
}
