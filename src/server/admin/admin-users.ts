import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { AdminUser } from "../../core/api/admin.js";
import { type Actor, recordAdminAction } from "../audit/record-audit.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { admins, session, user } from "../db/schema.js";
import { DomainError } from "../errors.js";
import { holdPrizesOfBannedUser, releaseBanHolds } from "../payouts/payout-holds.js";

const userRow = z.object({
  id: column.text,
  email: column.text,
  name: column.text,
  user_type: z.enum(["artist", "promoter"]),
  is_admin: column.boolean,
  handle: column.textOrNull,
  created_at: column.timestamp,
  campaigns_created: column.number,
  campaigns_joined: column.number,
  wins: column.number,
  paid_cents: column.number,
  open_flags: column.number,
  api_keys: column.number,
  webhook_endpoints: column.number,
  banned_at: column.timestampOrNull,
  ban_reason: column.textOrNull,
  total: column.number,
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Users newest first, searched by email, name or promoter handle, each with their role, campaigns created and joined,
 * wins, money paid to them and open suspicious-activity flags on their links.
 */
export async function listUsers(
  db: Database,
  query: { q?: string; offset: number; limit: number },
): Promise<{ items: AdminUser[]; total: number }> {
  const pattern = query.q ? `%${escapeLike(query.q)}%` : null;
  const rows = await queryParsed(
    db,
    userRow,
    sql`select u.id, u.email, u.name, u.user_type, (a.auth_user_id is not null) as is_admin, p.handle, u.created_at,
               (select count(*) from campaigns c where c.created_by = u.id) as campaigns_created,
               (select count(*) from tracking_links tl where tl.promoter_id = p.id) as campaigns_joined,
               (select count(*) from payouts po where po.promoter_id = p.id) as wins,
               (select coalesce(sum(po.amount_cents), 0) from payouts po where po.promoter_id = p.id and po.status = 'paid')
                 as paid_cents,
               (select count(*) from suspicious_activity s join tracking_links tl on tl.id = s.tracking_link_id
                 where tl.promoter_id = p.id and s.status = 'open') as open_flags,
               (select count(*) from api_keys k where k.user_id = u.id and k.revoked_at is null) as api_keys,
               (select count(*) from webhook_endpoints e where e.user_id = u.id and e.disabled_at is null)
                 as webhook_endpoints,
               u.banned_at, u.ban_reason, count(*) over () as total
        from "user" u
        left join admins a on a.auth_user_id = u.id
        left join promoters p on p.auth_user_id = u.id
        where ${pattern === null ? sql`true` : sql`(u.email ilike ${pattern} or u.name ilike ${pattern} or p.handle ilike ${pattern})`}
        order by u.created_at desc, u.id
        limit ${query.limit} offset ${query.offset}`,
  );
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map(({ is_admin, user_type, created_at, banned_at, total: _total, ...row }) => ({
      ...row,
      role: is_admin ? "admin" : user_type,
      account_type: user_type,
      created_at: created_at.toISOString(),
      banned_at: banned_at?.toISOString() ?? null,
    })),
  };
}

async function findUser(db: Database, userId: string | undefined) {
  const [row] = userId ? await db.select().from(user).where(eq(user.id, userId)).limit(1) : [];
  if (!row) throw new DomainError("not_found", "User not found");
  return row;
}

/** Admin access: granted and revoked by admins too (and by the admin CLI); nobody revokes or bans themselves. */
export async function setAdmin(db: Database, userId: string | undefined, admin: boolean, actor: Actor) {
  const target = await findUser(db, userId);
  if (!admin && target.id === actor.id) throw new DomainError("conflict", "You cannot revoke your own admin access");
  await db.transaction(async (tx) => {
    if (admin) await tx.insert(admins).values({ authUserId: target.id }).onConflictDoNothing();
    else await tx.delete(admins).where(eq(admins.authUserId, target.id));
    await recordAdminAction(tx, actor, {
      action: admin ? "grant_admin" : "revoke_admin",
      subjectType: "user",
      subjectId: target.id,
      summary: `${admin ? "Granted" : "Revoked"} admin access ${admin ? "to" : "of"} ${target.email}`,
    });
  });
  return { ok: true as const };
}

/**
 * A ban: the user's sessions end at once, they cannot sign in, their tracking links stop counting (the click path
 * sees it within two seconds), and their API keys and webhook endpoints are suspended: every key request and every
 * webhook reads the ban, so an unban gives back exactly the keys and endpoints that worked before it. Their unpaid prizes stop: a result under review is decided again without them, a
 * final one's payout is held (payout-holds.ts). Unbanning restores sign-in and lifts the holds; clicks refused while
 * banned stay refused, and results decided again stay decided.
 */
export async function setBanned(
  db: Database,
  userId: string | undefined,
  ban: { banned: boolean; reason?: string | undefined },
  actor: Actor,
) {
  const target = await findUser(db, userId);
  if (target.id === actor.id) throw new DomainError("conflict", "You cannot ban yourself");
  await db.transaction(async (tx) => {
    await tx
      .update(user)
      .set(
        ban.banned
          ? { bannedAt: sql`now()`, banReason: ban.reason ?? null, updatedAt: sql`now()` }
          : { bannedAt: null, banReason: null, updatedAt: sql`now()` },
      )
      .where(eq(user.id, target.id));
    if (ban.banned) {
      await tx.delete(session).where(eq(session.userId, target.id));
      await holdPrizesOfBannedUser(tx, target.id);
      // The ban's time is when its holds were written: a payout claimed later than this would be paid after the ban.
      await tx.update(user).set({ bannedAt: sql`clock_timestamp()` }).where(eq(user.id, target.id));
    } else {
      await releaseBanHolds(tx, target.id);
    }
    await recordAdminAction(tx, actor, {
      action: ban.banned ? "ban" : "unban",
      subjectType: "user",
      subjectId: target.id,
      summary: ban.banned
        ? `Banned ${target.email}${ban.reason ? `: ${ban.reason}` : ""}`
        : `Lifted the ban on ${target.email}`,
    });
  });
  return { ok: true as const };
}
