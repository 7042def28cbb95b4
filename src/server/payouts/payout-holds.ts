import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { redecideResult } from "./campaign-results.js";

/**
 * Holds on payouts: reasons a payout may not be paid for now, kept on the payout's own row (`hold_reasons`). Every
 * path that pays claims the payout with one conditional update that requires no hold; a hold is written by an update
 * of the same row, so a claim racing it re-reads the row and sees it. `banned`: the winner was banned after the result
 * was final; an admin lifts it by unbanning. `flagged`: a fraud flag about the winner's link was open when the result
 * was decided (a risky winner, a network concentrated on the link, a burst through it, an account linked to the artist
 * or to another promoter); an admin lifts it by dismissing the flags. `approval` and `verification`: every candidate's
 * payout starts with them (candidates.ts), lifted by an admin's approval and the winner's own verification. Whatever
 * holds it, an admin may instead pass the prize on to the next eligible promoter (pass-on.ts).
 */
export const notHeld = sql`cardinality(po.hold_reasons) = 0`;
/**
 * No hold that waits for a person (a ban, a flag): a payout held only for its winner's tax information is tried again
 * by every path that pays, which releases it once the information is on file (pay-payouts.ts).
 */
export const notHeldByPeople = sql`cardinality(array_remove(po.hold_reasons, 'tax_info')) = 0`;

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
    await redecideResult(tx, campaign.campaign_id);
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
