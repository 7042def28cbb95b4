import { sql } from "drizzle-orm";
import { z } from "zod";
import { PRIZE_LEDGER_FIRST_YEAR } from "../../core/api/admin.js";
import { countOf } from "../../core/money.js";
import { type Actor, recordAdminAction } from "../audit/record-audit.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";

/** A promoter's prizes paid in one calendar year (UTC), the ledger's row. */
export type LedgerRow = {
  promoterId: string;
  handle: string;
  email: string;
  payouts: number;
  totalCents: number;
};

const ledgerRow = z.object({
  promoter_id: z.string(),
  handle: z.string(),
  email: z.string(),
  payouts: column.number,
  total_cents: column.number,
});

/** The calendar years an admin may export: from the ledger's first year to the next one. */
export const ledgerYears = { first: PRIZE_LEDGER_FIRST_YEAR, last: new Date().getUTCFullYear() + 1 } as const;

/**
 * Every promoter's prizes paid in `year` (by the day they were paid, UTC), largest total first: what is reported for tax
 * (PRODUCT.md Official rules and eligibility). Only paid payouts count; a pending, held or failed one is not income yet.
 */
export async function prizeLedger(db: Database, year: number): Promise<LedgerRow[]> {
  const rows = await queryParsed(
    db,
    ledgerRow,
    sql`select p.id as promoter_id, p.handle, u.email, count(*)::int as payouts, sum(po.amount_cents)::bigint as total_cents
        from payouts po
        join promoters p on p.id = po.promoter_id
        join "user" u on u.id = p.auth_user_id
        where po.status = 'paid'
          and po.paid_at >= make_timestamptz(${year}, 1, 1, 0, 0, 0, 'UTC')
          and po.paid_at < make_timestamptz(${year + 1}, 1, 1, 0, 0, 0, 'UTC')
        group by p.id, p.handle, u.email
        order by total_cents desc, p.handle`,
  );
  return rows.map((row) => ({
    promoterId: row.promoter_id,
    handle: row.handle,
    email: row.email,
    payouts: row.payouts,
    totalCents: row.total_cents,
  }));
}

/** A CSV field: quoted when it holds a comma, a quote or a line break; a leading formula character is neutralized. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The ledger as CSV: a row per promoter, and whether their year's prizes reached the reporting threshold. */
export function prizeLedgerCsv(rows: readonly LedgerRow[], year: number, thresholdCents: number): string {
  const header = ["year", "promoter_id", "handle", "email", "payouts", "total_usd", "reaches_reporting_threshold"];
  const lines = rows.map((row) =>
    [
      String(year),
      row.promoterId,
      row.handle,
      row.email,
      String(row.payouts),
      dollars(row.totalCents),
      row.totalCents >= thresholdCents ? "yes" : "no",
    ]
      .map(csvField)
      .join(","),
  );
  return `${[header.join(","), ...lines].join("\r\n")}\r\n`;
}

/** An admin's export of a year's ledger, audited (it lists people's names, emails and income). */
export async function exportPrizeLedger(
  db: Database,
  actor: Actor,
  year: number,
  thresholdCents: number,
): Promise<string> {
  const rows = await prizeLedger(db, year);
  await recordAdminAction(db, actor, {
    action: "export",
    subjectType: "payout",
    subjectId: `ledger-${year}`,
    summary: `Exported the ${year} prize ledger (${countOf(rows.length, "promoter")})`,
  });
  return prizeLedgerCsv(rows, year, thresholdCents);
}
