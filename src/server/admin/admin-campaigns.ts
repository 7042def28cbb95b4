import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AdminCampaign, AdminCampaignQuery, CampaignState } from "../../core/api/admin.js";
import { formatCents } from "../../core/money.js";
import { campaignStatuses } from "../../core/vocabulary.js";
import { type Actor, recordAdminAction } from "../audit/record-audit.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { DomainError } from "../errors.js";
import { assertCampaignId } from "../ids.js";

const campaignRow = z.object({
  id: column.text,
  title: column.text,
  artist_name: column.text,
  artist_email: column.text,
  status: column.oneOf(campaignStatuses),
  is_public: column.boolean,
  prize_cents: column.number,
  platform_fee_cents: column.number,
  total_clicks: column.number,
  promoter_count: column.number,
  created_at: column.timestamp,
  ends_at: column.timestampOrNull,
  total: column.number,
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Every campaign, drafts, hidden and cancelled ones included, newest first; searched and filtered by status. */
export async function listAdminCampaigns(
  db: Database,
  query: Required<Pick<AdminCampaignQuery, "offset" | "limit">> & AdminCampaignQuery,
): Promise<{ items: AdminCampaign[]; total: number }> {
  const filters = [sql`true`];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(sql`(c.title ilike ${pattern} or c.artist_name ilike ${pattern} or c.id::text = ${query.q})`);
  }
  if (query.status && query.status !== "all") filters.push(sql`c.status = ${query.status}`);
  const rows = await queryParsed(
    db,
    campaignRow,
    sql`select c.id, c.title, c.artist_name, u.email as artist_email, c.status, c.is_public, c.prize_cents,
               c.platform_fee_cents, c.total_clicks, c.promoter_count, c.created_at, c.ends_at, count(*) over () as total
        from campaigns c join "user" u on u.id = c.created_by
        where ${sql.join(filters, sql` and `)}
        order by c.created_at desc, c.id
        limit ${query.limit} offset ${query.offset}`,
  );
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map(({ created_at, ends_at, total: _total, ...row }) => ({
      ...row,
      created_at: created_at.toISOString(),
      ends_at: ends_at?.toISOString() ?? null,
    })),
  };
}

const stateRow = z.object({
  title: column.text,
  status: column.oneOf(campaignStatuses),
  is_public: column.boolean,
  prize_cents: column.number,
});

/**
 * Pause or resume (PRODUCT.md: a paused campaign's links still lead to the song, its clicks do not count; the timer
 * runs on), hide or show (`is_public`). Each a conditional update with its audit row in one transaction.
 */
export async function changeCampaignState(
  db: Database,
  campaignId: string | undefined,
  change: "pause" | "resume" | "hide" | "show",
  actor: Actor,
): Promise<CampaignState> {
  const id = assertCampaignId(campaignId);
  const [set, when] = {
    pause: [sql`status = 'paused'`, sql`status = 'active' and ends_at > now()`],
    resume: [sql`status = 'active'`, sql`status = 'paused' and ends_at > now()`],
    hide: [sql`is_public = false`, sql`is_public`],
    show: [sql`is_public = true`, sql`not is_public and status <> 'cancelled'`],
  }[change];
  return db.transaction(async (tx) => {
    const [changed] = await queryParsed(
      tx,
      stateRow,
      sql`update campaigns set ${set}, updated_at = now() where id = ${id} and ${when}
          returning title, status, is_public, prize_cents`,
    );
    if (!changed) {
      const [current] = await queryParsed(
        tx,
        stateRow,
        sql`select title, status, is_public, prize_cents from campaigns where id = ${id}`,
      );
      if (!current) throw new DomainError("not_found", "Campaign not found");
      throw new DomainError("conflict", refusal[change]);
    }
    const verb = { pause: "Paused", resume: "Resumed", hide: "Hid", show: "Showed" }[change];
    await recordAdminAction(tx, actor, {
      action: change,
      subjectType: "campaign",
      subjectId: id,
      summary: `${verb} "${changed.title}" (${formatCents(changed.prize_cents)} prize)`,
    });
    return { ok: true as const, status: changed.status, is_public: changed.is_public };
  });
}

const refusal = {
  pause: "Only a live campaign whose timer is running can be paused",
  resume: "Only a paused campaign whose timer is running can be resumed",
  hide: "This campaign is already hidden",
  show: "This campaign is already shown, or was cancelled",
} as const;
