import { sql } from "drizzle-orm";
import { z } from "zod";
import type { SessionView } from "../../core/api/accounts.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { DomainError } from "../errors.js";

const sessionRow = z.object({
  id: column.text,
  created_at: column.timestamp,
  updated_at: column.timestamp,
  ip_address: column.textOrNull,
  user_agent: column.textOrNull,
});

/**
 * Where the account is signed in, this device marked: by session id, never by token, so no page script ever holds a
 * session's token (the cookie that carries it is HTTP-only).
 */
export async function listSessions(db: Database, userId: string, currentSessionId: string): Promise<SessionView[]> {
  const rows = await queryParsed(
    db,
    sessionRow,
    sql`select id, created_at, updated_at, ip_address, user_agent from session
        where user_id = ${userId} and expires_at > now() order by updated_at desc`,
  );
  return rows.map((row) => ({
    id: row.id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    ip_address: row.ip_address,
    user_agent: row.user_agent,
    current: row.id === currentSessionId,
  }));
}

/** Signs another device out; this one signs out with Sign Out. */
export async function revokeSession(db: Database, userId: string, currentSessionId: string, sessionId: string) {
  if (sessionId === currentSessionId) throw new DomainError("conflict", "Use Sign Out to end this device's session");
  const removed = await queryParsed(
    db,
    z.object({ id: column.text }),
    sql`delete from session where id = ${sessionId} and user_id = ${userId} returning id`,
  );
  if (removed.length === 0) throw new DomainError("not_found", "That session has already ended");
  return { ok: true as const };
}
