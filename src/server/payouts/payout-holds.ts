import { sql } from "drizzle-orm";
import { z } from "zod";
import { formatCents, splitPrize } from "../../core/money.js";
import { type Actor, recordAdminAction } from "../audit/record-audit.js";
import type { ServerContext } from "../context/server-context.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { payouts } from "../db/schema.js";
import { DomainError } from "../errors.js";
import { eligibleLeaders, redecideUnderReview } from "./campaign-results.js";
import { winnerMail } from "./payout-mail.js";
import { processRefund, recordRefund } from "./refunds.js";

/**
 * Holds on payouts: reasons a payout may not be paid for now, kept on the payout's own row (`hold_reasons`). Every
 * path that pays claims the payout with one conditional update that requires no hold; a hold is written by an update
 * of the same row, so a claim racing it re-reads the row and sees it. `banned`: the winner was banned after the result
 * was final; an admin lifts it by unbanning. `flagged`: a fraud flag about the winner's link was open when the result
 * was decided (a risky winner, a network concentrated on the link, a burst through it); an admin lifts it by dismissing
 * the flags. Either way an admin may instead pass the prize on to the next eligible promoter.
 */
export const notHeld = sql`cardinality(po.hold_reasons) = 0`;
/**
 * No hold that waits for a person (a ban, a flag): a payout held only for its winner's tax information is tried again
 * by every path that pays, which releases it once the information is on file (pay-payouts.ts).
 */
export const notHeldByPeople = sql`cardinality(array_remove(po.hold_reasons, 'tax_info')) = 0`;

export const holdMessages = {
  notHeld: "Only a payout on hold because its winner was banned or flagged can be passed on",
  nobodyElse: "Nobody else can win this campaign, and its prize has already been refunded once",
} as const;

const heldCampaign = z.object({ campaign_id: column.text, under_review: column.boolean });

/**
 * Inside the ban's transaction: every unpaid prize of the user stops. A result still under review is decided again
 * without them (as voiding does); after the review, their payout is held. A payout already being transferred cannot
 * be stopped and is left alone.
 */
export async function holdPrizesOfBannedUser(tx: Database, userId: string) {
  const campaigns = await queryParsed(
    tx,
    heldCampaign,
    sql`select c.id as campaign_id, coalesce(c.review_until > now(), false) as under_review
        from campaigns c
        where c.id in (select po.campaign_id from payouts po join promoters p on p.id = po.promoter_id
                       where p.auth_user_id = ${userId} and po.status in ('pending', 'failed'))
        order by c.id for update of c`,
  );
  for (const campaign of campaigns.filter((row) => row.under_review)) {
    await redecideUnderReview(tx, campaign.campaign_id);
  }
  await tx.execute(
    sql`update payouts po set hold_reasons = array_append(po.hold_reasons, 'banned'), updated_at = now()
        from promoters p
        where p.id = po.promoter_id and p.auth_user_id = ${userId} and po.status in ('pending', 'failed')
          and not ('banned' = any (po.hold_reasons))`,
  );
}

/** Inside the unban's transaction: the user's payouts held for the ban can be paid again. */
export async function releaseBanHolds(tx: Database, userId: string) {
  await tx.execute(
    sql`update payouts po set hold_reasons = array_remove(po.hold_reasons, 'banned'), updated_at = now()
        from promoters p
        where p.id = po.promoter_id and p.auth_user_id = ${userId} and 'banned' = any (po.hold_reasons)`,
  );
}

const heldPayout = z.object({
  id: column.text,
  campaign_id: column.text,
  amount_cents: column.number,
  handle: column.text,
  title: column.text,
  artist_name: column.text,
});

const winnerContact = z.object({ email: column.text, email_verified: column.boolean });

/**
 * An admin passes a banned winner's held prize to the next eligible promoter(s) of the campaign (a tie splits it, as at
 * the end), who are told by email; with nobody left, it goes back to the artist. The banned winner is recorded as not
 * eligible on the board. One transaction holding the campaign and the payout; audited.
 */
export async function passOnHeldPrize(deps: ServerContext, payoutId: string, actor: Actor) {
  const outcome = await deps.db.transaction(async (tx) => {
    const [found] = await queryParsed(
      tx,
      z.object({ id: column.text }),
      sql`select c.id from campaigns c join payouts po on po.campaign_id = c.id where po.id = ${payoutId}
          for update of c`,
    );
    if (!found) throw new DomainError("not_found", "Payout not found");
    const [held] = await queryParsed(
      tx,
      heldPayout,
      sql`select po.id, po.campaign_id, po.amount_cents, p.handle, c.title, c.artist_name
          from payouts po join promoters p on p.id = po.promoter_id join campaigns c on c.id = po.campaign_id
          where po.id = ${payoutId} and po.status in ('pending', 'failed') and not ${notHeldByPeople}
          for update of po`,
    );
    if (!held) throw new DomainError("conflict", holdMessages.notHeld);
    await tx.execute(
      sql`insert into result_exclusions (campaign_id, promoter_id, reason)
          select campaign_id, promoter_id,
            case when 'banned' = any (hold_reasons) then 'banned' else 'disqualified' end
          from payouts where id = ${payoutId}
          on conflict do nothing`,
    );
    await tx.execute(sql`delete from payouts where id = ${payoutId}`);
    const leaders = await eligibleLeaders(tx, held.campaign_id, true);
    let refundId: string | null = null;
    if (leaders.length === 0) {
      refundId = await recordRefund(tx, {
        campaignId: held.campaign_id,
        reason: "no_winner",
        amountCents: held.amount_cents,
      });
      if (!refundId) throw new DomainError("conflict", holdMessages.nobodyElse);
    } else {
      const parts = splitPrize(held.amount_cents, leaders.length);
      for (const [index, leader] of leaders.entries()) {
        const amountCents = parts[index] as number;
        await tx.insert(payouts).values({ campaignId: held.campaign_id, promoterId: leader.promoter_id, amountCents });
        const [contact] = await queryParsed(
          tx,
          winnerContact,
          sql`select u.email, u.email_verified from promoters p join "user" u on u.id = p.auth_user_id
              where p.id = ${leader.promoter_id}`,
        );
        if (!contact) continue;
        await deps.mailer.send(
          await winnerMail({
            to: contact.email,
            title: held.title,
            artistName: held.artist_name,
            share: { handle: leader.handle, clicks: leader.clicks, amountCents },
            winnerCount: leaders.length,
            publicUrl: deps.publicUrl,
            emailVerified: contact.email_verified,
            passedOn: true,
          }),
          tx,
        );
      }
    }
    await tx.execute(
      sql`update campaigns set status = 'completed', updated_at = now()
          where id = ${held.campaign_id} and status = 'ended'
            and not exists (select 1 from payouts where campaign_id = ${held.campaign_id} and status <> 'paid')`,
    );
    const to = leaders.length === 0 ? "its artist" : leaders.map((leader) => `@${leader.handle}`).join(", ");
    await recordAdminAction(tx, actor, {
      action: "pass_on",
      subjectType: "payout",
      subjectId: payoutId,
      summary: `Passed the ${formatCents(held.amount_cents)} of @${held.handle} (on hold) for "${held.title}" on to ${to}`,
    });
    return { refundId, winners: leaders.map((leader) => leader.handle) };
  });
  if (outcome.refundId) await processRefund(deps, outcome.refundId);
  return { ok: true as const, winners: outcome.winners };
}
