import { sql } from "drizzle-orm";
import { z } from "zod";
import { formatCents } from "../../core/money.js";
import { campaignStatus } from "../../core/vocabulary.js";
import type { Auth } from "../accounts/auth.js";
import { checkPassword } from "../accounts/password-check.js";
import { HANDLE_SUFFIX_LENGTH, randomAlphanumeric } from "../accounts/promoter-profile.js";
import { removeLockedDraft, withSettledDrafts } from "../campaigns/draft-removal.js";
import type { ServerContext } from "../context/server-context.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { DomainError } from "../errors.js";
import { processRefund } from "../payouts/refunds.js";

/**
 * Deleting an account (PRODUCT.md Accounts) crosses areas: the person's data (accounts), their drafts and their
 * payments (campaigns, payouts). It sits above them, so none of them imports it.
 */

export const deletionMessages = {
  wrongPassword: "That password is not right",
  liveCampaign: (title: string) =>
    `Your campaign "${title}" is still running. You can delete your account once it has ended.`,
  unpaidPrize: (amountCents: number) =>
    `You have a prize of ${formatCents(amountCents)} that has not been paid out yet. You can delete your account once it is paid.`,
  refundUnderway: "A refund to your card is still on its way. You can delete your account once it has arrived.",
} as const;

/** Why the account cannot be deleted now, or null. */
async function deletionBlocker(db: Database, userId: string): Promise<string | null> {
  const [live] = await queryParsed(
    db,
    z.object({ title: column.text }),
    sql`select title from campaigns where created_by = ${userId} and status in ('active', 'paused') limit 1`,
  );
  if (live) return deletionMessages.liveCampaign(live.title);
  const [unpaid] = await queryParsed(
    db,
    z.object({ amount_cents: column.number }),
    sql`select coalesce(sum(po.amount_cents), 0) as amount_cents from payouts po
        join promoters p on p.id = po.promoter_id
        where p.auth_user_id = ${userId} and po.status <> 'paid'`,
  );
  if (unpaid && unpaid.amount_cents > 0) return deletionMessages.unpaidPrize(unpaid.amount_cents);
  const refunds = await queryParsed(
    db,
    z.object({ id: column.text }),
    sql`select r.id::text as id from refunds r join campaigns c on c.id = r.campaign_id
        where c.created_by = ${userId} and r.status <> 'succeeded' limit 1`,
  );
  return refunds.length > 0 ? deletionMessages.refundUnderway : null;
}

const draftRow = z.object({
  id: column.text,
  status: column.text,
  payment_intent_id: column.textOrNull,
  prize_cents: column.number,
  platform_fee_cents: column.number,
});

/**
 * Deletes an account as the Privacy page promises: the person's data goes (names, email, password, sessions, handle,
 * unpaid drafts, their contact messages and emails), and the financial records stay (funded campaigns, payouts,
 * refunds, clicks), tied to an anonymous user that can never sign in. Refused while a campaign of theirs runs, a prize
 * is unpaid or a refund is on its way: those still need the person. The checks and the deletion hold the user's,
 * promoter's and campaigns' rows, so a payment, a finalization or a payout cannot slip in between; a draft whose card
 * was charged while the account was being deleted is kept as a cancelled campaign and refunded.
 */
export async function deleteAccount(deps: ServerContext, auth: Auth, userId: string, password: string) {
  const { db } = deps;
  const credential = await checkPassword(db, auth, userId, password);
  if (!credential.matches || !credential.email) throw new DomainError("validation", deletionMessages.wrongPassword);
  // Said before any payment is cancelled; said again, with the rows held, inside the deletion.
  const early = await deletionBlocker(db, userId);
  if (early) throw new DomainError("conflict", early);
  const email = credential.email.toLowerCase();
  const refundIds = await withSettledDrafts(
    deps.payments,
    async () =>
      (
        await queryParsed(
          db,
          z.object({ payment_intent_id: column.textOrNull }),
          sql`select payment_intent_id from campaigns where created_by = ${userId} and status = 'draft'`,
        )
      ).map((row) => row.payment_intent_id),
    (settled) =>
      db.transaction(async (tx) => {
        // Campaigns first: a payment that holds its campaign writes the artist's emails, which wait for the user row.
        const owned = await queryParsed(
          tx,
          draftRow,
          sql`select id, status, payment_intent_id, prize_cents, platform_fee_cents from campaigns
              where created_by = ${userId} order by id for update`,
        );
        await tx.execute(sql`select id from "user" where id = ${userId} for update`);
        await tx.execute(sql`select id from promoters where auth_user_id = ${userId} for update`);
        const blocker = await deletionBlocker(tx, userId);
        if (blocker) throw new DomainError("conflict", blocker);
        const refunded: string[] = [];
        for (const draft of owned.filter((campaign) => campaign.status === campaignStatus.draft)) {
          const { refundId } = await removeLockedDraft(tx, draft, settled, "refund");
          if (refundId) refunded.push(refundId);
        }
        await tx.execute(sql`delete from contact_messages where lower(email) = ${email}`);
        await tx.execute(sql`delete from mail_outbox where lower("to") = ${email}`);
        await tx.execute(sql`delete from notifications where user_id = ${userId}`);
        await tx.execute(sql`delete from email_changes where user_id = ${userId}`);
        await tx.execute(sql`delete from eligibility_statements where user_id = ${userId}`);
        await tx.execute(sql`delete from identity_marks where user_id = ${userId}`);
        await tx.execute(sql`update payout_accounts set legal_name = null where user_id = ${userId}`);
        await tx.execute(sql`update winner_verifications v set stated_legal_name = '', account_legal_name = null
          from promoters p where p.id = v.promoter_id and p.auth_user_id = ${userId}`);
        await tx.execute(sql`delete from api_keys where user_id = ${userId}`);
        await tx.execute(sql`delete from webhook_endpoints where user_id = ${userId}`);
        await tx.execute(sql`delete from session where user_id = ${userId}`);
        await tx.execute(sql`delete from account where user_id = ${userId}`);
        await tx.execute(sql`update promoters set handle = ${`deleted-${randomAlphanumeric(HANDLE_SUFFIX_LENGTH + 3)}`}
          where auth_user_id = ${userId}`);
        await tx.execute(sql`update "user" set email = ${`deleted-${userId}@deleted.invalid`}, name = 'Deleted user',
          first_name = null, last_name = null, artist_name = null, social_handle = null, image = null,
          email_verified = false, deleted_at = now(), updated_at = now()
          where id = ${userId}`);
        return refunded;
      }),
  );
  for (const refundId of refundIds) await processRefund(deps, refundId);
}
