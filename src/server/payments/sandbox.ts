import { randomBytes } from "node:crypto";
import { and, count, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { sandboxAccountLinks, sandboxAccounts, sandboxPayments } from "../db/schema.js";
import { DomainError } from "../errors.js";
import {
  PaymentCanceledError,
  PaymentDeclinedError,
  type PaymentIntent,
  type SandboxCard,
  type SandboxPayments,
  TransferDeclinedError,
} from "./provider.js";

/** Like Stripe's account links, an onboarding link works once and only for a few minutes. */
export const SANDBOX_ACCOUNT_LINK_TTL_MS = 10 * 60_000;

/** Test cards of the sandbox (PRODUCT.md): one that succeeds, one that is declined. */
export const sandboxCards = {
  success: "4242424242424242",
  declined: "4000000000000002",
} as const;

/** A payment the card can still be charged for: not taken, not cancelled. */
const chargeable = ["requires_payment_method", "failed"] as const;

const newId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString("hex")}`;

function toIntent(row: typeof sandboxPayments.$inferSelect): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret ?? "",
    amountCents: row.amountCents,
    status: row.status === "failed" ? "requires_payment_method" : row.status === "canceled" ? "canceled" : row.status,
    campaignId: row.campaignId ?? undefined,
  };
}

/** Checks a card the way a provider's form would, before it is charged. */
export function validateSandboxCard(card: SandboxCard): string | null {
  const digits = card.number.replace(/[\s-]/g, "");
  if (!/^\d{16}$/.test(digits)) return "Your card number is incomplete.";
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  if (!expiry) return "Your card's expiration date is incomplete.";
  const month = Number(expiry[1]);
  const year = 2000 + Number(expiry[2]);
  const now = new Date();
  if (month < 1 || month > 12) return "Your card's expiration date is invalid.";
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return "Your card's expiration date is in the past.";
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return "Your card's security code is incomplete.";
  return null;
}

/** `publicUrl` is where the sandbox's own onboarding pages are served (`/sandbox/connect/{token}`). */
export function createSandboxProvider(db: Database, publicUrl: string) {
  const find = async (id: string) => {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1);
    return row;
  };
  const findByKey = async (idempotencyKey: string) => {
    const [row] = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.idempotencyKey, idempotencyKey))
      .limit(1);
    return row;
  };
  /** Stores a record once per idempotency key, as the real provider does, and returns the one stored. */
  const storeOnce = async (record: typeof sandboxPayments.$inferInsert) => {
    await db.insert(sandboxPayments).values(record).onConflictDoNothing();
    const row = await findByKey(record.idempotencyKey);
    if (!row) throw new Error(`sandbox ${record.kind} was not stored`);
    return row;
  };

  const provider: SandboxPayments = {
    kind: "sandbox",
    publishableKey: undefined,

    async ping() {
      const [row] = await db.select({ value: count() }).from(sandboxPayments);
      return `Sandbox provider: ${row?.value ?? 0} payments, refunds and transfers recorded`;
    },

    async createPaymentIntent({ campaignId, amountCents, idempotencyKey }) {
      const id = newId("pi");
      const row = await storeOnce({
        id,
        kind: "payment_intent",
        campaignId,
        amountCents,
        status: "requires_payment_method",
        idempotencyKey,
        clientSecret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      });
      return toIntent(row);
    },

    async retrievePaymentIntent(id) {
      const row = await find(id);
      if (row?.kind !== "payment_intent") throw new DomainError("not_found", "Payment not found");
      return toIntent(row);
    },

    async cancelPaymentIntent(id) {
      await db
        .update(sandboxPayments)
        .set({ status: "canceled" })
        .where(and(eq(sandboxPayments.id, id), inArray(sandboxPayments.status, chargeable)));
      return provider.retrievePaymentIntent(id);
    },

    async confirmPayment(paymentIntentId, card) {
      const row = await find(paymentIntentId);
      if (row?.kind !== "payment_intent") throw new DomainError("not_found", "Payment not found");
      if (row.status === "succeeded") return toIntent(row);
      if (row.status === "canceled") throw new PaymentCanceledError("This payment was cancelled");
      const invalid = validateSandboxCard(card);
      if (invalid) throw new PaymentDeclinedError(invalid);
      const digits = card.number.replace(/[\s-]/g, "");
      // Conditional updates, like the provider's own: a payment cancelled or taken meanwhile stays as it is.
      const stillChargeable = and(eq(sandboxPayments.id, paymentIntentId), inArray(sandboxPayments.status, chargeable));
      if (digits !== sandboxCards.success) {
        const message =
          digits === sandboxCards.declined
            ? "Your card was declined."
            : "This sandbox accepts only its test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.";
        await db.update(sandboxPayments).set({ status: "failed", failureMessage: message }).where(stillChargeable);
        throw new PaymentDeclinedError(message);
      }
      await db.update(sandboxPayments).set({ status: "succeeded", failureMessage: null }).where(stillChargeable);
      const settled = await find(paymentIntentId);
      if (settled?.status === "canceled") throw new PaymentCanceledError("This payment was cancelled");
      if (settled?.status !== "succeeded") throw new Error("sandbox payment vanished");
      return toIntent(settled);
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      const row = await storeOnce({
        id: newId("re"),
        kind: "refund",
        paymentIntentId,
        amountCents,
        status: "succeeded",
        idempotencyKey,
      });
      return { id: row.id };
    },

    async createConnectedAccount({ email, country, idempotencyKey }) {
      await db
        .insert(sandboxAccounts)
        .values({ id: newId("acct"), email, country, idempotencyKey })
        .onConflictDoNothing();
      const [row] = await db
        .select({ id: sandboxAccounts.id })
        .from(sandboxAccounts)
        .where(eq(sandboxAccounts.idempotencyKey, idempotencyKey))
        .limit(1);
      if (!row) throw new Error("sandbox account was not stored");
      return { id: row.id };
    },

    async createAccountLink({ accountId, returnUrl, refreshUrl }) {
      const token = randomBytes(24).toString("base64url");
      await db.insert(sandboxAccountLinks).values({
        token,
        accountId,
        returnUrl,
        refreshUrl,
        expiresAt: new Date(Date.now() + SANDBOX_ACCOUNT_LINK_TTL_MS),
      });
      return { url: `${publicUrl}/sandbox/connect/${token}` };
    },

    async retrieveConnectedAccount(accountId) {
      const [row] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId)).limit(1);
      if (!row) throw new DomainError("not_found", "No such payout account");
      return {
        detailsSubmitted: row.detailsSubmitted,
        payoutsEnabled: row.payoutsEnabled,
        taxInfoOnFile: row.taxForm !== null,
        legalName: row.legalName,
        bankFingerprint: row.bankFingerprint,
      };
    },

    async createTransfer({ amountCents, destinationAccountId, idempotencyKey, metadata }) {
      const existing = await findByKey(idempotencyKey);
      if (existing) return { id: existing.id };
      const status = await provider.retrieveConnectedAccount(destinationAccountId).catch(() => null);
      if (!status?.payoutsEnabled) {
        throw new TransferDeclinedError(
          "The destination account cannot receive transfers until onboarding is complete.",
        );
      }
      const row = await storeOnce({
        id: newId("tr"),
        kind: "transfer",
        campaignId: metadata.campaign_id ?? null,
        destination: destinationAccountId,
        amountCents,
        status: "succeeded",
        idempotencyKey,
      });
      return { id: row.id };
    },
  };
  return provider;
}

export type SandboxProvider = SandboxPayments;
