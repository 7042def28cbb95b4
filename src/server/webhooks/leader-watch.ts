import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import type { Logger } from "../logger.js";
import { enqueueWebhookEvent } from "./webhook-outbox.js";

/** A campaign's lead is looked at most this often per instance, however fast its clicks come. */
const WATCH_MS = 1_000;

const movedLead = z.object({
  created_by: column.text,
  title: column.text,
  handle: column.text,
  clicks: column.number,
});

/**
 * A new (or re-enabled) endpoint starts from the leads as they are: each of its owner's live campaigns has its current
 * leader recorded as announced, so the first event it gets is a change that happens after it, not one from before it
 * existed reported at the next click (#53 item 11).
 */
export async function markLeadersAnnounced(db: Database, ownerId: string) {
  await db.execute(
    sql`update campaigns c set webhook_leader_id = (
          select tl.promoter_id from tracking_links tl
          where tl.campaign_id = c.id and tl.total_clicks > 0
          order by tl.total_clicks desc, tl.created_at asc, tl.id asc
          limit 1)
        where c.created_by = ${ownerId} and c.status = 'active'`,
  );
}

/**
 * `campaign.leader_changed`, derived off the click path as the live boards are: when counted clicks move a campaign,
 * its leader (most counted clicks, the earliest joined on a tie) is compared with the one last announced, at most once
 * a second per campaign. The comparison is one conditional update of the campaign row, so with several instances a
 * change is announced once; and it is made only for campaigns whose artist has an endpoint that wants the event.
 */
export function createLeaderWatch(db: Database, log: Logger) {
  const scheduled = new Map<string, ReturnType<typeof setTimeout>>();
  const inFlight = new Set<Promise<void>>();

  const check = async (campaignId: string) => {
    await db.transaction(async (tx) => {
      const [moved] = await queryParsed(
        tx,
        movedLead,
        sql`with leader as (
              select tl.promoter_id, tl.total_clicks, p.handle
              from tracking_links tl join promoters p on p.id = tl.promoter_id
              where tl.campaign_id = ${campaignId} and tl.total_clicks > 0
              order by tl.total_clicks desc, tl.created_at asc, tl.id asc
              limit 1
            )
            update campaigns c set webhook_leader_id = leader.promoter_id
            from leader
            where c.id = ${campaignId} and c.status = 'active'
              and c.webhook_leader_id is distinct from leader.promoter_id
              and exists (select 1 from webhook_endpoints e join "user" u on u.id = e.user_id
                          where e.user_id = c.created_by and e.disabled_at is null and u.banned_at is null
                            and 'campaign.leader_changed' = any (e.events))
            returning c.created_by, c.title, leader.handle, leader.total_clicks as clicks`,
      );
      if (!moved) return;
      await enqueueWebhookEvent(tx, moved.created_by, "campaign.leader_changed", {
        campaign: { id: campaignId, title: moved.title },
        leader: { handle: moved.handle, clicks: moved.clicks },
      });
    });
  };

  return {
    /** Counted clicks moved these campaigns: their leads are checked within a second. */
    moved(campaignIds: readonly string[]) {
      for (const campaignId of campaignIds) {
        if (scheduled.has(campaignId)) continue;
        const timer = setTimeout(() => {
          scheduled.delete(campaignId);
          const run = check(campaignId)
            .catch((error: unknown) => log.warn({ err: error, campaignId }, "leader change check failed"))
            .finally(() => inFlight.delete(run));
          inFlight.add(run);
        }, WATCH_MS);
        timer.unref();
        scheduled.set(campaignId, timer);
      }
    },
    /** Shutdown: drops the checks not yet started (the next instance's clicks will start them) and waits for the rest. */
    async stop() {
      for (const timer of scheduled.values()) clearTimeout(timer);
      scheduled.clear();
      await Promise.all(inFlight);
    },
  };
}
