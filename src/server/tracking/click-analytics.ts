import { and, desc, eq, gte, sql } from "drizzle-orm";
import { z } from "zod";
import type { ClickEventView, SuspiciousItem, TimeRange } from "../../core/api/admin.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { clickAudit, clickEvents, suspiciousActivity } from "../db/schema.js";
import { DomainError } from "../errors.js";

/** The admin dashboard's click views (SPEC.md Admin dashboard; PRODUCT.md placeholders made real). */

const rangeMs: Record<TimeRange, number> = {
  "1h": 3600_000,
  "24h": 86_400_000,
  "7d": 7 * 86_400_000,
  "30d": 30 * 86_400_000,
};
const TOP = 10;

export async function topIps(db: Database) {
  return queryParsed(
    db,
    z.object({ ip: column.text, count: column.number }),
    sql`select coalesce(ip, '(cleared)') as ip, count(*) as count from click_events group by 1 order by 2 desc, 1 limit ${TOP}`,
  );
}

export async function topUserAgents(db: Database) {
  const rows = await queryParsed(
    db,
    z.object({ user_agent: column.text, count: column.number }),
    sql`select coalesce(user_agent, '') as user_agent, count(*) as count from click_events group by 1 order by 2 desc, 1 limit ${TOP}`,
  );
  return rows.map((row) => ({ userAgent: row.user_agent, count: row.count }));
}

export async function clicksByCountry(db: Database) {
  return queryParsed(
    db,
    z.object({ country: column.text, count: column.number }),
    sql`select coalesce(nullif(country, ''), 'Unknown') as country, count(*) as count from click_events
        where verdict = 'counted' group by 1 order by 2 desc, 1 limit ${TOP}`,
  );
}

export async function suspiciousActivityIn(db: Database, range: TimeRange, now = new Date()) {
  return db
    .select()
    .from(suspiciousActivity)
    .where(gte(suspiciousActivity.ts, new Date(now.getTime() - rangeMs[range])))
    .orderBy(desc(suspiciousActivity.ts))
    .limit(200);
}

/** Rate-limiting stats: flags per suspicious type, and clicks refused per verdict. */
export async function rateLimitingStats(db: Database) {
  const flagsByType = await queryParsed(
    db,
    z.object({ type: column.text, count: column.number }),
    sql`select type, count(*) as count from suspicious_activity group by type order by 2 desc`,
  );
  const blockedByVerdict = await queryParsed(
    db,
    z.object({ verdict: column.text, count: column.number }),
    sql`select verdict, count(*) as count from click_events where verdict <> 'counted' group by verdict order by 2 desc`,
  );
  return { flagsByType, blockedByVerdict };
}

export async function recentClicks(db: Database, limit = 20) {
  return db.select().from(clickEvents).orderBy(desc(clickEvents.id)).limit(limit);
}

/**
 * Voids a promoter's or an address's counted clicks on a campaign: they become `voided`, every counter is
 * recomputed from the events, and the action is written to the audit log, all in one transaction.
 */
export async function voidClicks(
  db: Database,
  input: { campaignId: string; promoterId?: string; ipHash?: string; actorUserId: string; reason?: string },
) {
  if (!input.promoterId === !input.ipHash)
    throw new DomainError("validation", "Choose a promoter or an address to void");
  return db.transaction(async (tx) => {
    // The campaign row first, as click batches and finalization lock it: one lock order, no deadlock.
    await tx.execute(sql`select id from campaigns where id = ${input.campaignId} for no key update`);
    // A promoter's clicks on a campaign are its link's clicks; an address's counted clicks are found by the
    // campaign's unique (campaign, address) index.
    const target = input.promoterId
      ? sql`${clickEvents.trackingLinkId} = (select id from tracking_links where campaign_id = ${input.campaignId} and promoter_id = ${input.promoterId})`
      : and(eq(clickEvents.campaignId, input.campaignId), eq(clickEvents.ipHash, input.ipHash as string));
    const voided = await tx
      .update(clickEvents)
      .set({ verdict: "voided" })
      .where(and(eq(clickEvents.verdict, "counted"), target))
      .returning({ linkId: clickEvents.trackingLinkId, promoterId: clickEvents.promoterId });
    await tx.execute(sql`update tracking_links tl set total_clicks = (
        select count(*) from click_events e where e.tracking_link_id = tl.id and e.verdict = 'counted')
      where tl.campaign_id = ${input.campaignId}`);
    await tx.execute(sql`update campaigns c set total_clicks = (
        select count(*) from click_events e where e.campaign_id = c.id and e.verdict = 'counted')
      where c.id = ${input.campaignId}`);
    const promoterIds = [...new Set(voided.map((row) => row.promoterId))];
    for (const promoterId of promoterIds) {
      await tx.execute(sql`update promoters p set total_clicks_all_time = (
          select coalesce(sum(tl.total_clicks), 0) from tracking_links tl where tl.promoter_id = p.id)
        where p.id = ${promoterId}`);
    }
    await tx.insert(clickAudit).values({
      action: input.promoterId ? "void_promoter" : "void_ip",
      campaignId: input.campaignId,
      promoterId: input.promoterId ?? null,
      ipHash: input.ipHash ?? null,
      clicksVoided: voided.length,
      actorUserId: input.actorUserId,
      reason: input.reason ?? null,
    });
    return { clicksVoided: voided.length };
  });
}

/** A stored click as the API shows it. */
export function clickEventView(row: typeof clickEvents.$inferSelect): ClickEventView {
  return {
    id: row.id,
    campaign_id: row.campaignId,
    tracking_link_id: row.trackingLinkId,
    promoter_id: row.promoterId,
    verdict: row.verdict,
    ip: row.ip,
    ip_hash: row.ipHash,
    user_agent: row.userAgent,
    country: row.country,
    ts: row.ts.toISOString(),
  };
}

/** A suspicious-activity flag as the API shows it (SPEC.md: type, severity, details, timestamp). */
export function suspiciousItemView(row: typeof suspiciousActivity.$inferSelect): SuspiciousItem {
  return {
    id: row.id,
    type: row.type,
    severity: row.severity,
    details: row.details,
    timestamp: row.ts.toISOString(),
    campaign_id: row.campaignId,
    tracking_link_id: row.trackingLinkId,
  };
}
