import { sql } from "drizzle-orm";
import { z } from "zod";
import {
  campaignStatus,
  exclusionReason,
  exclusionReasons,
  lastingExclusionReasons,
  rankOf,
} from "../../core/vocabulary.js";
import { linkedAccounts } from "../accounts/account-links.js";
import type { ServerContext } from "../context/server-context.js";
import type { Database } from "../db/client.js";
import { linksAheadOfTl } from "../db/rank.js";
import { column, queryParsed } from "../db/rows.js";
import { resultExclusions } from "../db/schema.js";
import { optedOut, sendUnlessOptedOut, unsubscribeUrl } from "../mail/email-preferences.js";
import { enqueueWebhookEvent } from "../webhooks/webhook-outbox.js";
import { awardCandidates, type Candidate, linkEvidence } from "./candidates.js";
import { campaignEndedMail, placedMail, type WinnerShare, winnerMail } from "./payout-mail.js";
import { processRefund, recordRefund } from "./refunds.js";

/**
 * A campaign's result under the contest rules of /terms: the eligible tracking links with the most counted clicks
 * (above zero) win, the prize split equally with leftover cents to the earliest joined. Not eligible: a promoter who
 * won a campaign that ended in the 30 days before this one ended (a share of a tie is a win), a banned user, the
 * campaign's artist. The next eligible promoter wins instead; the passed-over ones are recorded for the board.
 */

const candidateRow = z.object({
  promoter_id: column.text,
  handle: column.text,
  clicks: column.number,
  excluded: z.enum(exclusionReasons).nullable(),
});

export type CampaignResult = { winners: Candidate[]; refundId: string | null };

/**
 * The campaign's promoters who could have won, best first: the eligible leaders and anyone excluded at or above them.
 * A win counts against the 30-day rule whether its campaign ended before or after this one (within 30 days): results
 * are decided as campaigns end, but two ending together, a re-decision and a prize passed on are decided in any order.
 * A decision about a person recorded for this campaign (passed over, not verified, linked) stands; `linked`: promoters
 * linked to one disqualified for fraud. `passOn`: a prize is passed on after the result (payout-holds.ts): the current
 * candidates are not candidates again.
 */
const candidates = (tx: Database, campaignId: string, linked: readonly string[], passOn: boolean) =>
  queryParsed(
    tx,
    candidateRow,
    sql`with ranked as (
          select tl.promoter_id, p.handle, tl.total_clicks as clicks, tl.created_at, tl.id,
            case
              when x.reason is not null then x.reason
              when p.id = any(${sql.param([...linked])}::uuid[]) then 'linked'
              when u.banned_at is not null then 'banned'
              when u.deleted_at is not null then 'deleted'
              when p.auth_user_id = c.created_by then 'artist'
              when exists (
                select 1 from payouts won join campaigns other on other.id = won.campaign_id
                where won.promoter_id = tl.promoter_id and other.id <> c.id
                  and other.ends_at > c.ends_at - interval '30 days'
                  and other.ends_at < c.ends_at + interval '30 days'
              ) then 'recent_win'
            end as excluded
          from tracking_links tl
          join campaigns c on c.id = tl.campaign_id
          join promoters p on p.id = tl.promoter_id
          join "user" u on u.id = p.auth_user_id
          left join result_exclusions x on x.campaign_id = c.id and x.promoter_id = tl.promoter_id
            and x.reason in (${sql.join(
              lastingExclusionReasons.map((reason) => sql`${reason}`),
              sql`, `,
            )})
          where tl.campaign_id = ${campaignId} and tl.total_clicks > 0
            ${passOn ? sql`and not exists (select 1 from payouts po where po.campaign_id = c.id and po.promoter_id = tl.promoter_id)` : sql``}
        )
        select promoter_id, handle, clicks, excluded from ranked
        where clicks >= coalesce((select max(clicks) from ranked where excluded is null), 1)
        order by clicks desc, created_at asc, id asc`,
  );

/**
 * The 30-day rule reads other campaigns' payouts: two campaigns decided at the same moment would each miss the other's
 * win. Holding the promoters' rows (in one order, so two decisions cannot deadlock) makes the second wait for the
 * first, and its next statement sees the first's payouts.
 */
const holdCandidates = (tx: Database, campaignId: string) =>
  tx.execute(
    sql`select p.id from promoters p join tracking_links tl on tl.promoter_id = p.id
        where tl.campaign_id = ${campaignId} and tl.total_clicks > 0
        order by p.id for update of p`,
  );

const campaignPromoter = z.object({
  promoter_id: column.text,
  user_id: column.text,
  handle: column.text,
  disqualified: column.boolean,
});

/**
 * The campaign's promoters whose accounts are linked to one of its promoters disqualified for fraud, each with why:
 * Pass On skips every account of the person it passed over (PRODUCT.md Winner verification).
 */
async function linkedToDisqualified(tx: Database, campaignId: string): Promise<Map<string, string>> {
  const promoters = await queryParsed(
    tx,
    campaignPromoter,
    sql`select p.id as promoter_id, p.auth_user_id as user_id, p.handle,
          exists (select 1 from result_exclusions x where x.campaign_id = tl.campaign_id and x.promoter_id = p.id
            and x.reason = ${exclusionReason.disqualified}) as disqualified
        from tracking_links tl join promoters p on p.id = tl.promoter_id where tl.campaign_id = ${campaignId}`,
  );
  const linked = new Map<string, string>();
  for (const disqualified of promoters.filter((row) => row.disqualified)) {
    for (const link of await linkedAccounts(tx, disqualified.user_id)) {
      const other = promoters.find((row) => row.user_id === link.userId && !row.disqualified);
      if (other && !linked.has(other.promoter_id)) {
        linked.set(other.promoter_id, `Linked to @${disqualified.handle}, who was disqualified: ${linkEvidence(link)}`);
      }
    }
  }
  return linked;
}

/**
 * The eligible leaders of a campaign whose row this transaction holds, with the passed-over ones recorded for the
 * board; `passOn` as for `candidates`.
 */
export async function eligibleLeaders(tx: Database, campaignId: string, passOn = false) {
  await holdCandidates(tx, campaignId);
  const linked = await linkedToDisqualified(tx, campaignId);
  const rows = await candidates(tx, campaignId, [...linked.keys()], passOn);
  const excluded = rows.flatMap((row) => (row.excluded ? [{ promoterId: row.promoter_id, reason: row.excluded }] : []));
  if (excluded.length > 0) {
    await tx
      .insert(resultExclusions)
      .values(
        excluded.map((row) => ({
          campaignId,
          promoterId: row.promoterId,
          reason: row.reason,
          note: row.reason === exclusionReason.linked ? (linked.get(row.promoterId) ?? null) : null,
        })),
      )
      .onConflictDoNothing();
  }
  return rows.filter((row) => !row.excluded);
}

/**
 * Decides the result of a campaign whose row this transaction holds locked and whose counters are current: writes the
 * exclusions, the candidates' held payouts (candidates.ts) and the status (`ended`; `completed` with the prize refunded
 * when nobody eligible has a click). A result without a winner cannot change any more, so it is final at once.
 */
export async function decideResult(
  tx: Database,
  campaign: { id: string; prize_cents: number },
): Promise<CampaignResult> {
  const leaders = await eligibleLeaders(tx, campaign.id);
  if (leaders.length === 0) {
    await tx.execute(
      sql`update campaigns set status = 'completed', review_until = least(review_until, now()), updated_at = now()
          where id = ${campaign.id}`,
    );
    const refundId = await recordRefund(tx, {
      campaignId: campaign.id,
      reason: "no_winner",
      amountCents: campaign.prize_cents,
    });
    return { winners: [], refundId };
  }
  const winners = await awardCandidates(tx, campaign.id, leaders, campaign.prize_cents);
  await tx.execute(sql`update campaigns set status = 'ended', updated_at = now() where id = ${campaign.id}`);
  return { winners, refundId: null };
}

const redecidedCampaign = z.object({
  prize_cents: column.number,
  status: column.text,
  moved: column.number,
  announced: column.boolean,
});

/**
 * After clicks of an ended campaign were voided, or its winner banned under review (inside the caller's transaction,
 * which holds the campaign row): while none of its payouts has moved, its candidates and their held payouts are
 * decided again from the new counts, under review or after (a payout waiting for approval goes back to waiting). The
 * decisions about people (passed over, not verified, linked) stand. Returns the new result, whether it had already been
 * announced (its new candidates are then told), or null when the campaign has not ended or a payout has moved.
 */
export async function redecideResult(
  tx: Database,
  campaignId: string,
): Promise<(CampaignResult & { announced: boolean }) | null> {
  const [campaign] = await queryParsed(
    tx,
    redecidedCampaign,
    sql`select prize_cents, status, results_announced_at is not null as announced,
          (select count(*) from payouts where campaign_id = ${campaignId} and status <> 'pending') as moved
        from campaigns where id = ${campaignId}`,
  );
  if (!campaign || campaign.status !== campaignStatus.ended || campaign.moved > 0) return null;
  await tx.execute(sql`delete from payouts where campaign_id = ${campaignId} and status = 'pending'`);
  await tx.execute(
    sql`delete from result_exclusions where campaign_id = ${campaignId}
          and reason not in (${sql.join(
            lastingExclusionReasons.map((reason) => sql`${reason}`),
            sql`, `,
          )})`,
  );
  const result = await decideResult(tx, { id: campaignId, prize_cents: campaign.prize_cents });
  return { ...result, announced: campaign.announced };
}

const announcedCampaign = z.object({
  title: column.text,
  artist_name: column.text,
  prize_cents: column.number,
  artist_email: column.text,
  created_by: column.text,
});
const winnerRow = z.object({
  handle: column.text,
  clicks: column.number,
  amount_cents: column.number,
  email: column.text,
  email_verified: column.boolean,
});

/**
 * Once a campaign's result is final (its review is over, or it had none): tells the winners and the artist, and sends
 * a no-winner refund. The announcement is claimed by one conditional update, so it goes once whoever calls.
 */
export async function announceResult(deps: ServerContext, campaignId: string): Promise<boolean> {
  // The claim and the emails commit together: announced means its emails are in the outbox.
  const announced = await deps.db.transaction(async (tx) => {
    const [campaign] = await queryParsed(
      tx,
      announcedCampaign,
      sql`update campaigns c set results_announced_at = now()
          from "user" u
          where c.id = ${campaignId} and u.id = c.created_by and c.status in ('ended', 'completed')
            and c.results_announced_at is null and c.review_until <= now()
          returning c.title, c.artist_name, c.prize_cents, u.email as artist_email, c.created_by`,
    );
    if (!campaign) return false;
    const winners = await queryParsed(
      tx,
      winnerRow,
      sql`select pr.handle, tl.total_clicks as clicks, po.amount_cents, u.email, u.email_verified
          from payouts po
          join promoters pr on pr.id = po.promoter_id
          join "user" u on u.id = pr.auth_user_id
          join tracking_links tl on tl.campaign_id = po.campaign_id and tl.promoter_id = po.promoter_id
          where po.campaign_id = ${campaignId}
          order by tl.created_at asc, tl.id asc`,
    );
    const shares = winners.map((row) => ({ handle: row.handle, clicks: row.clicks, amountCents: row.amount_cents }));
    await enqueueWebhookEvent(tx, campaign.created_by, "campaign.results_final", {
      campaign: { id: campaignId, title: campaign.title, prize_cents: campaign.prize_cents },
      winners: shares.map((share) => ({ handle: share.handle, clicks: share.clicks, amount_cents: share.amountCents })),
    });
    for (const [index, winner] of winners.entries()) {
      await deps.mailer.send(
        await winnerMail({
          to: winner.email,
          title: campaign.title,
          artistName: campaign.artist_name,
          share: shares[index] as WinnerShare,
          winnerCount: winners.length,
          publicUrl: deps.publicUrl,
          emailVerified: winner.email_verified,
        }),
        tx,
      );
    }
    // Every other promoter of the campaign hears how they placed: by email unless they turned results off.
    const others = await queryParsed(
      tx,
      z.object({
        user_id: column.text,
        email: column.text,
        handle: column.text,
        clicks: column.number,
        ahead: column.number,
        not_eligible: column.boolean,
      }),
      sql`select u.id as user_id, u.email, pr.handle, tl.total_clicks as clicks,
            ${linksAheadOfTl} as ahead,
            exists (select 1 from result_exclusions x
              where x.campaign_id = tl.campaign_id and x.promoter_id = tl.promoter_id) as not_eligible
          from tracking_links tl
          join promoters pr on pr.id = tl.promoter_id
          join "user" u on u.id = pr.auth_user_id
          where tl.campaign_id = ${campaignId}
            and not exists (select 1 from payouts po where po.campaign_id = tl.campaign_id and po.promoter_id = tl.promoter_id)
            and u.email not like 'deleted-%@deleted.invalid'`,
    );
    const unsubscribed = await optedOut(
      tx,
      others.map((row) => row.user_id),
      "results",
    );
    for (const other of others) {
      await sendUnlessOptedOut(
        deps.mailer,
        tx,
        await placedMail({
          to: other.email,
          title: campaign.title,
          handle: other.handle,
          rank: rankOf(other.clicks, other.ahead),
          clicks: other.clicks,
          notEligible: other.not_eligible,
          publicUrl: deps.publicUrl,
          unsubscribe: unsubscribeUrl(deps.publicUrl, deps.authSecret, other.user_id, "results"),
        }),
        !unsubscribed.has(other.user_id),
      );
    }
    await deps.mailer.send(
      await campaignEndedMail({
        to: campaign.artist_email,
        title: campaign.title,
        winners: shares,
        prizeCents: campaign.prize_cents,
        publicUrl: deps.publicUrl,
      }),
      tx,
    );
    return true;
  });
  if (!announced) return false;
  const [refund] = await queryParsed(
    deps.db,
    z.object({ id: column.text }),
    sql`select id from refunds where campaign_id = ${campaignId} and reason = 'no_winner' and status = 'pending'`,
  );
  if (refund) await processRefund(deps, refund.id);
  return true;
}

/** The scheduler's job: announces every result whose review has just ended; returns their campaigns. */
export async function announceFinalResults(deps: ServerContext): Promise<string[]> {
  const due = await queryParsed(
    deps.db,
    z.object({ id: column.text }),
    sql`select id from campaigns
        where status in ('ended', 'completed') and results_announced_at is null and review_until <= now()
        order by review_until limit 100`,
  );
  const announced: string[] = [];
  for (const { id } of due) if (await announceResult(deps, id)) announced.push(id);
  return announced;
}
