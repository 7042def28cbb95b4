import { eq, sql } from "drizzle-orm";
import { eligibilityOf } from "../accounts/eligibility.js";
import { recordPayoutAccountMarks } from "../accounts/identity-marks.js";
import type { ServerContext } from "../context/server-context.js";
import { payoutAccounts } from "../db/schema.js";
import { DomainError } from "../errors.js";

export const payoutAccountMessages = {
  emailUnverified: "Verify your email address before setting up payouts: open the link we emailed you.",
  createFailed: "Could not create account",
  linkFailed: "Could not create account link",
  statusFailed: "Failed to check payout status",
  residenceNeeded:
    "Tell us the country you live in before setting up payouts: your payout account is opened there. Go to Settings, Where you live.",
} as const;

type PayoutAccount = {
  accountId: string;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  taxInfoOnFile: boolean;
  country: string | null;
  legalName: string | null;
  bankFingerprint: string | null;
};

/** Where the provider's onboarding sends the promoter back: the earnings page, which closes its popup. */
const onboardingReturnPath = "/earnings?payout_setup=return";
/** Where it sends them when the link expired or failed (SPEC.md Payout setup error page). */
const onboardingRefreshPath = "/stripe/connect-error";

async function storedAccount(deps: ServerContext, userId: string) {
  const [row] = await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).limit(1);
  // An account at another provider (the operator switched from the sandbox to Stripe) cannot receive money here.
  return row?.provider === deps.payments.kind ? row : undefined;
}

/**
 * The user's payout account with its status as the provider reports it; the provider is asked until the account can
 * receive payouts and has its holder's name and bank on record (or `fresh`: always, as a winner's verification does),
 * and what it says is remembered, the holder's name and bank as marks of who they are (identity-marks.ts).
 */
export async function refreshPayoutAccount(
  deps: ServerContext,
  userId: string,
  options: { fresh?: boolean } = {},
): Promise<PayoutAccount | null> {
  const row = await storedAccount(deps, userId);
  if (!row) return null;
  const complete = row.detailsSubmitted && row.payoutsEnabled && row.taxInfoOnFile && row.bankFingerprint !== null;
  if (complete && !options.fresh) return row;
  const status = await deps.payments.retrieveConnectedAccount(row.accountId);
  if (
    status.detailsSubmitted !== row.detailsSubmitted ||
    status.payoutsEnabled !== row.payoutsEnabled ||
    status.taxInfoOnFile !== row.taxInfoOnFile ||
    status.legalName !== row.legalName ||
    status.bankFingerprint !== row.bankFingerprint
  ) {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(payoutAccounts)
        .set({ ...status, updatedAt: sql`now()` })
        .where(eq(payoutAccounts.userId, userId));
      await recordPayoutAccountMarks(tx, userId, status);
      // With the tax form on file, the payouts that waited for it can be paid.
      if (status.taxInfoOnFile) {
        await tx.execute(
          sql`update payouts po set hold_reasons = array_remove(po.hold_reasons, 'tax_info'), updated_at = now()
              from promoters p
              where p.id = po.promoter_id and p.auth_user_id = ${userId} and 'tax_info' = any (po.hold_reasons)`,
        );
      }
    });
  }
  return { accountId: row.accountId, country: row.country, ...status };
}

/** SPEC.md payout account status: hasAccount, details_submitted, payouts_enabled. */
export async function payoutAccountStatus(deps: ServerContext, userId: string) {
  let account: PayoutAccount | null;
  try {
    account = await refreshPayoutAccount(deps, userId);
  } catch (error) {
    deps.log.error({ err: error, userId }, "payout account status failed");
    throw new DomainError("provider_error", payoutAccountMessages.statusFailed);
  }
  return {
    hasAccount: Boolean(account),
    details_submitted: account?.detailsSubmitted ?? false,
    payouts_enabled: account?.payoutsEnabled ?? false,
    tax_info_on_file: account?.taxInfoOnFile ?? false,
  };
}

/** Prize money goes only to an address its owner has proved (PRODUCT.md Accounts). */
function assertEmailVerified(user: { emailVerified: boolean }) {
  if (!user.emailVerified) throw new DomainError("forbidden", payoutAccountMessages.emailUnverified);
}

/**
 * Creates the user's connected account at the provider, once: a second call returns the same account. It is opened in
 * the country the user stated they live in, which cannot change afterwards (eligibility.ts).
 */
export async function createPayoutAccount(
  deps: ServerContext,
  user: { id: string; email: string; emailVerified: boolean },
) {
  assertEmailVerified(user);
  const existing = await storedAccount(deps, user.id);
  if (existing) return { accountId: existing.accountId };
  const residence = await eligibilityOf(deps.db, user.id);
  if (!residence) throw new DomainError("conflict", payoutAccountMessages.residenceNeeded);
  let accountId: string;
  try {
    ({ id: accountId } = await deps.payments.createConnectedAccount({
      userId: user.id,
      email: user.email,
      country: residence.country,
      idempotencyKey: `connect-account-${deps.payments.kind}-${user.id}`,
    }));
  } catch (error) {
    deps.log.error({ err: error, userId: user.id }, "connected account creation failed");
    throw new DomainError("provider_error", payoutAccountMessages.createFailed);
  }
  await deps.db
    .insert(payoutAccounts)
    .values({ userId: user.id, provider: deps.payments.kind, accountId, country: residence.country })
    .onConflictDoUpdate({
      target: payoutAccounts.userId,
      set: {
        provider: deps.payments.kind,
        accountId,
        country: residence.country,
        detailsSubmitted: false,
        payoutsEnabled: false,
        taxInfoOnFile: false,
      },
      setWhere: sql`${payoutAccounts.provider} <> ${deps.payments.kind}`,
    });
  const stored = await storedAccount(deps, user.id);
  return { accountId: stored?.accountId ?? accountId };
}

/** A fresh onboarding link for the user's account (links are single-use and expire). */
export async function createPayoutAccountLink(deps: ServerContext, user: { id: string; emailVerified: boolean }) {
  assertEmailVerified(user);
  const userId = user.id;
  const account = await storedAccount(deps, userId);
  if (!account) throw new DomainError("not_found", payoutAccountMessages.linkFailed);
  try {
    return await deps.payments.createAccountLink({
      accountId: account.accountId,
      returnUrl: `${deps.publicUrl}${onboardingReturnPath}`,
      refreshUrl: `${deps.publicUrl}${onboardingRefreshPath}`,
    });
  } catch (error) {
    deps.log.error({ err: error, userId }, "account link creation failed");
    throw new DomainError("provider_error", payoutAccountMessages.linkFailed);
  }
}
