import Stripe from "stripe";
import { type PaymentIntent, type StripePayments, TransferDeclinedError } from "./provider.js";

export type StripeKeys = { secretKey: string; publishableKey: string; webhookSecret: string };
/** Where the SDK sends requests; tests point it at a local stand-in. */
export type StripeEndpoint = { host: string; port: number; protocol: "http" | "https" };

function toIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  const known = ["requires_payment_method", "processing", "succeeded", "canceled"] as const;
  const status = (known as readonly string[]).includes(intent.status)
    ? (intent.status as PaymentIntent["status"])
    : "other";
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? "",
    amountCents: intent.amount,
    status,
    campaignId: intent.metadata?.campaign_id,
  };
}

/** Requirements that ask for the holder's taxpayer identification (SSN, its last 4, another ID number, a tax ID). */
const taxIdentification = /(^|\.)(id_number|ssn_last_4|tax_id)$/;

export function createStripeProvider(keys: StripeKeys, endpoint?: StripeEndpoint) {
  const stripe = new Stripe(keys.secretKey, { maxNetworkRetries: 2, ...endpoint });

  const provider: StripePayments = {
    kind: "stripe",
    publishableKey: keys.publishableKey,

    async ping() {
      const balance = await stripe.balance.retrieve();
      return `Stripe answered (${balance.livemode ? "live" : "test"} mode)`;
    },

    async createPaymentIntent({ campaignId, amountCents, description, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: "usd",
          description,
          metadata: { campaign_id: campaignId },
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey },
      );
      return toIntent(intent);
    },

    async retrievePaymentIntent(id) {
      return toIntent(await stripe.paymentIntents.retrieve(id));
    },

    async cancelPaymentIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.cancel(id));
      } catch (error) {
        // Stripe refuses to cancel a payment it has taken or is taking: what it is now says which.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return toIntent(await stripe.paymentIntents.retrieve(id));
        }
        throw error;
      }
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntentId, amount: amountCents },
        { idempotencyKey },
      );
      return { id: refund.id };
    },

    async createConnectedAccount({ userId, email, country, idempotencyKey }) {
      const account = await stripe.accounts.create(
        {
          type: "express",
          country,
          email,
          capabilities: { transfers: { requested: true } },
          metadata: { user_id: userId },
        },
        { idempotencyKey },
      );
      return { id: account.id };
    },

    async createAccountLink({ accountId, returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        return_url: returnUrl,
        refresh_url: refreshUrl,
        type: "account_onboarding",
        // Collect now what Stripe will need later too (the taxpayer identification among it), not only what is due.
        collection_options: { fields: "eventually_due" },
      });
      return { url: link.url };
    },

    async retrieveConnectedAccount(accountId) {
      const account = await stripe.accounts.retrieve(accountId);
      const requirements = account.requirements;
      const due = [
        ...(requirements?.currently_due ?? []),
        ...(requirements?.past_due ?? []),
        ...(requirements?.eventually_due ?? []),
      ];
      // The payout bank account Stripe pays to (an Express account has one per currency; prizes are in US dollars).
      const bank = account.external_accounts?.data.find(
        (external): external is Stripe.BankAccount => external.object === "bank_account",
      );
      const person = account.individual;
      const personName = [person?.first_name, person?.last_name].filter(Boolean).join(" ");
      return {
        detailsSubmitted: account.details_submitted,
        payoutsEnabled: account.payouts_enabled,
        taxInfoOnFile: account.details_submitted && !due.some((field) => taxIdentification.test(field)),
        legalName: personName || bank?.account_holder_name || null,
        bankFingerprint: bank?.fingerprint ?? null,
      };
    },

    async createTransfer({ amountCents, destinationAccountId, description, idempotencyKey, metadata }) {
      try {
        const transfer = await stripe.transfers.create(
          { amount: amountCents, currency: "usd", destination: destinationAccountId, description, metadata },
          { idempotencyKey },
        );
        return { id: transfer.id };
      } catch (error) {
        // A 4xx answer means Stripe refused and moved nothing; anything else (network, 5xx) is an unknown outcome.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripePermissionError
        ) {
          throw new TransferDeclinedError(error.message);
        }
        throw error;
      }
    },

    parseWebhook(payload, signature) {
      const event = stripe.webhooks.constructEvent(payload, signature, keys.webhookSecret);
      if (event.type !== "payment_intent.succeeded") return null;
      const intent = event.data.object;
      const campaignId = intent.metadata?.campaign_id;
      if (!campaignId) return null;
      return { paymentIntentId: intent.id, campaignId, amountCents: intent.amount_received || intent.amount };
    },
  };
  return provider;
}

export type StripeProvider = StripePayments;
