import { sql } from "drizzle-orm";
import { z } from "zod";
import type { PayoutAction, PayoutList, PayoutListRow, PayoutWinner } from "../../core/api/payouts.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { payoutStatuses } from "../db/schema.js";

function actionOf(row: { status: string; ended: boolean }, winners: PayoutWinner[]): PayoutAction {
  if (!row.ended) return "active";
  if (row.status === "active" || row.status === "paused") return "not_applicable";
  const payouts = winners.flatMap((winner) => (winner.payout ? [winner.payout] : []));
  if (payouts.length === 0) return "no_winner";
  if (payouts.every((payout) => payout.status === "paid")) return "completed";
  if (payouts.some((payout) => payout.status === "pending" || payout.status === "failed")) return "pay";
  return "not_applicable";
}

const campaignRow = z.object({
  id: column.text,
  title: column.text,
  artist_name: column.text,
  status: column.text,
  ends_at: column.timestamp,
  ended: column.boolean,
  prize_cents: column.number,
  platform_fee_cents: column.number,
});

const winnerRow = z.object({
  campaign_id: column.text,
  promoter_id: column.text,
  handle: column.text,
  clicks: column.number,
  payout_id: column.textOrNull,
  amount_cents: column.numberOrNull,
  payout_status: z.enum(payoutStatuses).nullable(),
  failure_reason: column.textOrNull,
  paid_at: column.timestampOrNull,
});

const summaryRow = z.object({ paid_cents: column.number, ready: column.number, fees_cents: column.number });

/**
 * The admin payout list: campaigns live, ended or completed with an end time, newest end first, each with its
 * winners (or current leaders) and payouts, plus the summary cards. Three queries whatever the number of rows.
 */
export async function adminPayoutList(db: Database, limit = 200): Promise<PayoutList> {
  const campaigns = await queryParsed(
    db,
    campaignRow,
    sql`select id, title, artist_name, status, ends_at, prize_cents, platform_fee_cents,
               (status in ('ended', 'completed') or ends_at <= now()) as ended
        from campaigns
        where status in ('active', 'paused', 'ended', 'completed') and ends_at is not null
        order by ends_at desc limit ${limit}`,
  );
  const ids = campaigns.map((campaign) => campaign.id);
  const winners =
    ids.length === 0
      ? []
      : await queryParsed(
          db,
          winnerRow,
          sql`select tl.campaign_id, tl.promoter_id, p.handle, tl.total_clicks as clicks,
                     po.id as payout_id, po.amount_cents, po.status as payout_status, po.failure_reason, po.paid_at
              from tracking_links tl
              join promoters p on p.id = tl.promoter_id
              left join payouts po on po.campaign_id = tl.campaign_id and po.promoter_id = tl.promoter_id
              where tl.campaign_id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})
                and (po.id is not null or (tl.total_clicks > 0 and tl.total_clicks = (
                  select max(o.total_clicks) from tracking_links o where o.campaign_id = tl.campaign_id)))
              order by tl.created_at asc`,
        );
  const [summary] = await queryParsed(
    db,
    summaryRow,
    sql`select (select coalesce(sum(amount_cents), 0) from payouts where status = 'paid') as paid_cents,
               (select count(distinct campaign_id) from payouts where status in ('pending', 'failed')) as ready,
               (select coalesce(sum(platform_fee_cents), 0) from campaigns
                 where status in ('active', 'paused', 'ended', 'completed')) as fees_cents`,
  );
  const rows: PayoutListRow[] = campaigns.map((campaign) => {
    const finalized = campaign.status === "ended" || campaign.status === "completed";
    const own = winners
      .filter((winner) => winner.campaign_id === campaign.id && (finalized ? winner.payout_id : true))
      .map(
        (winner): PayoutWinner => ({
          promoter_id: winner.promoter_id,
          handle: winner.handle,
          clicks: winner.clicks,
          payout:
            winner.payout_id && winner.payout_status && winner.amount_cents !== null
              ? {
                  id: winner.payout_id,
                  amount_cents: winner.amount_cents,
                  status: winner.payout_status,
                  failure_reason: winner.failure_reason,
                  paid_at: winner.paid_at?.toISOString() ?? null,
                }
              : null,
        }),
      );
    return {
      campaign_id: campaign.id,
      title: campaign.title,
      artist_name: campaign.artist_name,
      status: campaign.status,
      ended: campaign.ended,
      ends_at: campaign.ends_at.toISOString(),
      prize_cents: campaign.prize_cents,
      platform_fee_cents: campaign.platform_fee_cents,
      winners: own,
      action: actionOf(campaign, own),
    };
  });
  return {
    rows,
    summary: {
      total_paid_cents: summary?.paid_cents ?? 0,
      pending_campaigns: summary?.ready ?? 0,
      platform_fees_cents: summary?.fees_cents ?? 0,
    },
  };
}
