import { sql } from "drizzle-orm";
import { z } from "zod";
import { identityMarkKinds } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";

/**
 * One person, one entry (PRODUCT.md Winner verification): accounts that share a device, a normalised e-mail address or
 * a payout bank account are linked; accounts that share a legal name are linked when they also share a network (a name
 * alone is common). A shared network alone links nothing: a household, a campus or a phone carrier shares one. Links
 * are evidence for the admin who approves a result, and Pass On skips the accounts linked to one passed over for fraud.
 */

const linkRow = z.object({
  user_id: column.text,
  email: column.text,
  name: column.text,
  handle: column.textOrNull,
  banned: column.boolean,
  kind: z.enum(identityMarkKinds),
  value: column.text,
});

export type AccountLink = {
  userId: string;
  email: string;
  name: string;
  handle: string | null;
  banned: boolean;
  /** What the two accounts share: each mark, and for a shared legal name the networks both were seen on. */
  evidence: Array<{ kind: (typeof identityMarkKinds)[number]; value: string }>;
};

/** The accounts linked to `userId`, each with the marks it shares; none when nothing links them. */
export async function linkedAccounts(db: Database, userId: string): Promise<AccountLink[]> {
  const rows = await queryParsed(
    db,
    linkRow,
    sql`with mine as (select kind, value from identity_marks where user_id = ${userId}),
        shared as (
          select m.user_id, m.kind, m.value from identity_marks m
          join mine on mine.kind = m.kind and mine.value = m.value
          where m.user_id <> ${userId}
        ),
        linked as (
          select distinct user_id from shared
          where kind in ('device', 'email', 'payout_account')
             or (kind = 'legal_name' and exists (
                  select 1 from shared n where n.user_id = shared.user_id and n.kind = 'network'))
        )
        select u.id as user_id, u.email, u.name, p.handle, (u.banned_at is not null) as banned, s.kind, s.value
        from linked l
        join "user" u on u.id = l.user_id
        left join promoters p on p.auth_user_id = u.id
        join shared s on s.user_id = l.user_id
        order by u.created_at, u.id, s.kind, s.value`,
  );
  const links = new Map<string, AccountLink>();
  for (const row of rows) {
    const link = links.get(row.user_id) ?? {
      userId: row.user_id,
      email: row.email,
      name: row.name,
      handle: row.handle,
      banned: row.banned,
      evidence: [],
    };
    link.evidence.push({ kind: row.kind, value: row.value });
    links.set(row.user_id, link);
  }
  return [...links.values()];
}

/** The accounts among `others` that `userId` is linked to. */
export async function linkedAmong(db: Database, userId: string, others: readonly string[]): Promise<AccountLink[]> {
  if (others.length === 0) return [];
  const wanted = new Set(others);
  return (await linkedAccounts(db, userId)).filter((link) => wanted.has(link.userId));
}
