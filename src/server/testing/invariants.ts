import { sql } from "drizzle-orm";
import { type Database, queryRows } from "../db/client.js";

/**
 * What must hold in every database whatever ran against it (PRODUCT.md's money and click rules), as SQL that lists
 * the rows breaking each rule. Checked when each test file closes its database, so a race that breaks one fails the
 * file that caused it, on both databases.
 */
const invariants: Array<{ rule: string; violations: ReturnType<typeof sql> }> = [
  {
    rule: "a charge ends in a live campaign or a refund",
    violations: sql`select s.id from sandbox_payments s
      where s.kind = 'payment_intent' and s.status = 'succeeded'
        and not exists (
          select 1 from campaigns c where c.payment_intent_id = s.id
            and (c.status in ('active', 'paused', 'ended', 'completed')
              or (c.status = 'cancelled' and exists (select 1 from refunds r where r.campaign_id = c.id))))`,
  },
  {
    rule: "no live campaign of a deleted account",
    violations: sql`select c.id::text from campaigns c join "user" u on u.id = c.created_by
      where u.deleted_at is not null and c.status in ('active', 'paused')`,
  },
  {
    rule: "one win per promoter per 30 days",
    violations: sql`select a.id::text from payouts a
      join campaigns ca on ca.id = a.campaign_id
      join payouts b on b.promoter_id = a.promoter_id and b.id <> a.id
      join campaigns cb on cb.id = b.campaign_id
      where cb.ends_at > ca.ends_at - interval '30 days' and cb.ends_at <= ca.ends_at`,
  },
  {
    rule: "no payout claimed after its winner's ban, none paid while held",
    violations: sql`select po.id::text from payouts po
      join promoters p on p.id = po.promoter_id join "user" u on u.id = p.auth_user_id
      where po.status in ('processing', 'paid')
        and (po.claimed_at > u.banned_at or cardinality(po.hold_reasons) > 0)`,
  },
  {
    rule: "click counters equal the counted clicks behind them",
    violations: sql`select 'link ' || tl.id from tracking_links tl
        where tl.total_clicks <> (select count(*) from click_events e where e.tracking_link_id = tl.id and e.verdict = 'counted')
      union all
      select 'promoter ' || p.id from promoters p
        where p.total_clicks_all_time <> (select count(*) from click_events e where e.promoter_id = p.id and e.verdict = 'counted')
      union all
      select 'campaign ' || c.id from campaigns c
        where c.total_clicks <> (select count(*) from click_events e where e.campaign_id = c.id and e.verdict = 'counted')`,
  },
];

/** Throws naming every rule that does not hold, with up to five of the rows that break it. */
export async function assertInvariants(db: Database): Promise<void> {
  const broken: string[] = [];
  for (const { rule, violations } of invariants) {
    const rows = await queryRows<Record<string, unknown>>(db, sql`${violations} limit 5`);
    if (rows.length > 0) broken.push(`${rule}: ${rows.map((row) => Object.values(row)[0]).join(", ")}`);
  }
  if (broken.length > 0) throw new Error(`Database invariants broken:\n${broken.join("\n")}`);
}
