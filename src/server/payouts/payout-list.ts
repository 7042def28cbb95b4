import { sql } from "drizzle-orm";
import { z } from "zod";
import type { PayoutAction, PayoutList, PayoutListRow } from "../../core/api/payouts.js";
import {
  campaignStatus,
  campaignStatuses,
  payoutHoldReason,
  payoutHoldReasons,
  payoutStatuses,
} from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { reviewOver } from "./pay-payouts.js";
import { notHeld } from "./payout-holds.js";

const campaignRow = z.object({
  id: column.text,
  title: column.text,
  artist_name: column.text,
  status: column.oneOf(campaignStatuses),
  ends_at: column.timestamp,
  ended: column.boolean,
  review_until: column.timestampOrNull,
  prize_cents: column.number,
  platform_fee_cents: column.number,
});

const payoutRow = z.object({
  id: column.text,
  campaign_id: column.text,
  promoter_id: column.text,
  handle: column.text,
  name: column.text,
  email: column.text,
  clicks: column.number,
  has_payout_account: column.boolean,
  amount_cents: column.number,
  status: z.enum(payoutStatuses),
  failure_reason: column.textOrNull,
  paid_at: column.timestampOrNull,
  transfer_id: column.textOrNull,
  hold_reasons: z.array(z.enum(payoutHoldReasons)),
});

const leaderRow = z.object({
  campaign_id: column.text,
  promoter_id: column.text,
  handle: column.text,
  clicks: column.number,
});

const summaryRow = z.object({
  paid_cents: column.number,
  ready: column.number,
  under_review: column.number,
  fees_cents: column.number,
  awaiting_account: column.number,
});

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

function actionOf(
  campaign: { ended: boolean; status: string; review_until: Date | null },
  payout: PayoutListRow["payout"],
  hasPayoutAccount = false,
): PayoutAction {
  if (!campaign.ended) return campaignStatus.active;
  if (campaign.status === campaignStatus.active || campaign.status === campaignStatus.paused) return "not_applicable";
  if (!payout) return "no_winner";
  if (payout.status === "paid") return campaignStatus.completed;
  if (payout.status === "processing") return "not_applicable";
  // A ban or a flag says more than the review or the approval: the prize waits for a person to lift it or pass it on.
  const holds = payout.hold_reasons;
  if (holds.includes(payoutHoldReason.banned) || holds.includes(payoutHoldReason.flagged)) return "held";
  if (campaign.review_until) return "under_review";
  if (holds.includes(payoutHoldReason.approval)) return "approval";
  if (holds.includes(payoutHoldReason.verification)) return "verification";
  if (holds.includes(payoutHoldReason.tax_info)) return "tax_info";
  return hasPayoutAccount ? "pay" : "account";
}

/**
 * The admin payout list: campaigns live, ended or completed with an end time, newest end first; a finalized campaign
 * has a row per payout with its winner (name, email, handle, payout account) and transfer; a live one a row with its
 * leaders; plus the summary cards. Four queries whatever the number of rows.
 */
export async function adminPayoutList(db: Database, limit = 200): Promise<PayoutList> {
  const campaigns = await queryParsed(
    db,
    campaignRow,
    sql`select id, title, artist_name, status, ends_at, prize_cents, platform_fee_cents,
               (status in ('ended', 'completed') or ends_at <= now()) as ended,
               case when review_until > now() then review_until end as review_until
        from campaigns
        where status in ('active', 'paused', 'ended', 'completed') and ends_at is not null
        order by ends_at desc limit ${limit}`,
  );
  const ids = campaigns.map((campaign) => campaign.id);
  const payouts =
    ids.length === 0
      ? []
      : await queryParsed(
          db,
          payoutRow,
          sql`select po.id, po.campaign_id, po.promoter_id, p.handle, u.name, u.email,
                     coalesce(tl.total_clicks, 0) as clicks,
                     coalesce(pa.payouts_enabled, false) as has_payout_account,
                     po.amount_cents, po.status, po.failure_reason, po.paid_at, po.transfer_id, po.hold_reasons
              from payouts po
              join promoters p on p.id = po.promoter_id
              join "user" u on u.id = p.auth_user_id
              left join tracking_links tl on tl.campaign_id = po.campaign_id and tl.promoter_id = po.promoter_id
              left join payout_accounts pa on pa.user_id = u.id
              where po.campaign_id in (${idList(ids)})
              order by tl.created_at asc, po.id asc`,
        );
  const liveIds = campaigns.filter(
    (campaign) => campaign.status === campaignStatus.active || campaign.status === campaignStatus.paused,
  );
  const leaders =
    liveIds.length === 0
      ? []
      : await queryParsed(
          db,
          leaderRow,
          sql`select tl.campaign_id, tl.promoter_id, p.handle, tl.total_clicks as clicks
              from tracking_links tl join promoters p on p.id = tl.promoter_id
              where tl.campaign_id in (${idList(liveIds.map((campaign) => campaign.id))}) and tl.total_clicks > 0
                and tl.total_clicks = (select max(o.total_clicks) from tracking_links o where o.campaign_id = tl.campaign_id)
              order by tl.created_at asc`,
        );
  const [summary] = await queryParsed(
    db,
    summaryRow,
    sql`select (select coalesce(sum(amount_cents), 0) from payouts where status = 'paid') as paid_cents,
               (select count(distinct po.campaign_id) from payouts po
                 where po.status in ('pending', 'failed') and ${reviewOver} and ${notHeld}) as ready,
               (select count(*) from campaigns where status in ('ended', 'completed') and review_until > now())
                 as under_review,
               (select coalesce(sum(platform_fee_cents), 0) from campaigns
                 where status in ('active', 'paused', 'ended', 'completed')) as fees_cents,
               (select count(*) from payouts po join promoters p on p.id = po.promoter_id
                 left join payout_accounts pa on pa.user_id = p.auth_user_id
                 where po.status in ('pending', 'failed') and pa.user_id is null) as awaiting_account`,
  );

  const rows: PayoutListRow[] = campaigns.flatMap((campaign) => {
    const base = {
      campaign_id: campaign.id,
      title: campaign.title,
      artist_name: campaign.artist_name,
      status: campaign.status,
      ended: campaign.ended,
      ends_at: campaign.ends_at.toISOString(),
      review_until: campaign.review_until?.toISOString() ?? null,
      prize_cents: campaign.prize_cents,
      platform_fee_cents: campaign.platform_fee_cents,
    };
    const own = payouts.filter((payout) => payout.campaign_id === campaign.id);
    if (own.length === 0) {
      const current = leaders
        .filter((leader) => leader.campaign_id === campaign.id)
        .map(({ promoter_id, handle, clicks }) => ({ promoter_id, handle, clicks }));
      return [{ ...base, winner: null, payout: null, leaders: current, action: actionOf(campaign, null) }];
    }
    return own.map((payout): PayoutListRow => {
      const view = {
        id: payout.id,
        amount_cents: payout.amount_cents,
        status: payout.status,
        failure_reason: payout.failure_reason,
        paid_at: payout.paid_at?.toISOString() ?? null,
        transfer_id: payout.transfer_id,
        hold_reasons: payout.hold_reasons,
      };
      return {
        ...base,
        winner: {
          promoter_id: payout.promoter_id,
          handle: payout.handle,
          name: payout.name,
          email: payout.email,
          clicks: payout.clicks,
          has_payout_account: payout.has_payout_account,
        },
        payout: view,
        leaders: [],
        action: actionOf(campaign, view, payout.has_payout_account),
      };
    });
  });
  return {
    rows,
    summary: {
      total_paid_cents: summary?.paid_cents ?? 0,
      pending_campaigns: summary?.ready ?? 0,
      under_review_campaigns: summary?.under_review ?? 0,
      platform_fees_cents: summary?.fees_cents ?? 0,
      awaiting_account: summary?.awaiting_account ?? 0,
    },
  };
}
