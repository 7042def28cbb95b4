import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { campaignRisks } from "../fraud/promoter-risk.js";

/**
 * Fraud flags that hold a winner's prize: about their link itself or their account's links to the artist or another
 * promoter of the campaign, not about an unrelated address or a preview.
 */
const holdingFlags = sql`('network_concentration', 'rate_limit', 'winner_risk', 'linked_to_artist', 'linked_promoter')`;

/**
 * When a result is decided (inside its transaction): each winner's link is assessed (promoter-risk.ts); a risky one
 * raises a `winner_risk` flag with its reasons; and every winner whose link has an open holding flag has their payout
 * held (`flagged`) until an admin dismisses the flags or passes the prize on. No payout moves meanwhile, whatever the
 * review window says.
 */
export async function holdFlaggedWinners(tx: Database, campaignId: string) {
  const winners = await queryParsed(
    tx,
    z.object({ link_id: column.text }),
    sql`select tl.id as link_id from payouts po
        join tracking_links tl on tl.campaign_id = po.campaign_id and tl.promoter_id = po.promoter_id
        where po.campaign_id = ${campaignId} and po.status in ('pending', 'failed')`,
  );
  if (winners.length === 0) return;
  const winning = new Set(winners.map((winner) => winner.link_id));
  for (const { link, risk } of await campaignRisks(tx, campaignId)) {
    if (!winning.has(link.linkId) || !risk.risky) continue;
    const details = `A winner's clicks look bought (risk ${risk.score} of 100): ${risk.reasons
      .map((reason) => reason.evidence)
      .join("; ")}`;
    await tx.execute(
      sql`insert into suspicious_activity (type, severity, details, campaign_id, tracking_link_id)
          select 'winner_risk', 'high', ${details}, ${campaignId}, ${link.linkId}
          where not exists (select 1 from suspicious_activity s where s.tracking_link_id = ${link.linkId}
            and s.type = 'winner_risk' and s.status = 'open')`,
    );
  }
  await tx.execute(
    sql`update payouts po set hold_reasons = array_append(po.hold_reasons, 'flagged'), updated_at = now()
        from tracking_links tl
        where po.campaign_id = ${campaignId} and tl.campaign_id = po.campaign_id and tl.promoter_id = po.promoter_id
          and po.status in ('pending', 'failed') and not ('flagged' = any (po.hold_reasons))
          and exists (select 1 from suspicious_activity s where s.tracking_link_id = tl.id and s.status = 'open'
            and s.type in ${holdingFlags})`,
  );
}

/**
 * Inside a flag's dismissal: the `flagged` hold on the prize of its link's promoter goes once no holding flag about
 * the link is still open.
 */
export async function releaseFlagHolds(tx: Database, linkId: string) {
  await tx.execute(
    sql`update payouts po set hold_reasons = array_remove(po.hold_reasons, 'flagged'), updated_at = now()
        from tracking_links tl
        where tl.id = ${linkId} and po.campaign_id = tl.campaign_id and po.promoter_id = tl.promoter_id
          and 'flagged' = any (po.hold_reasons)
          and not exists (select 1 from suspicious_activity s where s.tracking_link_id = tl.id and s.status = 'open'
            and s.type in ${holdingFlags})`,
  );
}
