import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prizeLedgerPath } from "../../core/api/admin";
import { queryRows } from "../db/client";
import { adminAudit, campaigns, payouts } from "../db/schema";
import { signUp, type TestUser } from "../testing/accounts";
import { adminPost, makeAdmin, onboardPayouts, settleWin, winAlone } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { REVIEW_HOURS: "0", PRIZE_REPORTING_THRESHOLD: "150" } });
  admin = await signUp(t, "promoter");
  await makeAdmin(t, admin);
});
afterAll(() => t?.close());

const win = (winner: TestUser, prizeCents: number, network: string) => winAlone(t, admin, winner, prizeCents, network);

/** The winner verifies, an admin approves, and Pay Winner pays. */
const pay = async (winner: TestUser, won: { campaignId: string; payoutId: string }) => {
  await settleWin(t, admin, winner, won);
  expect((await adminPost(t, admin, `/api/admin/payouts/${won.payoutId}/pay`)).status).toBe(200);
};

const exportLedger = (query: string, cookie = admin.cookie) => t.request(`${prizeLedgerPath}${query}`, { cookie });

describe("the prize ledger", () => {
  it("totals each promoter's paid prizes of a calendar year, marks who reached the threshold, and equals the payouts", async () => {
    const often = await signUp(t, "promoter");
    const once = await signUp(t, "promoter");
    const lastYear = await signUp(t, "promoter");
    const unpaid = await signUp(t, "promoter");
    for (const promoter of [often, once, lastYear]) await onboardPayouts(t, promoter);

    const first = await win(often, 100_00, "10.91.1");
    await pay(often, first);
    // That win ended long enough ago for `often` to win again (one win per 30 days).
    await t.database.db
      .update(campaigns)
      .set({ endsAt: sql`now() - interval '40 days'` })
      .where(eq(campaigns.id, first.campaignId));
    await pay(often, await win(often, 75_50, "10.91.2"));
    await pay(once, await win(once, 20_00, "10.91.3"));
    const old = await win(lastYear, 500_00, "10.91.4");
    await pay(lastYear, old);
    await t.database.db
      .update(payouts)
      .set({ paidAt: new Date("2025-12-31T23:59:59Z") })
      .where(eq(payouts.id, old.payoutId));
    await win(unpaid, 300_00, "10.91.5");

    const year = new Date().getUTCFullYear();
    const response = await exportLedger(`?year=${year}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="fanboost-prize-ledger-${year}.csv"`,
    );
    const [header, ...lines] = (await response.text()).trimEnd().split("\r\n");
    expect(header).toBe("year,promoter_id,handle,email,payouts,total_usd,reaches_reporting_threshold");
    const rows = (lines ?? []).map((line) => line.split(","));
    expect(rows.map((row) => [row[3], row[4], row[5], row[6]])).toEqual([
      [often.email, "2", "175.50", "yes"],
      [once.email, "1", "20.00", "no"],
    ]);
    // The export's totals are the paid payouts of that year, to the cent.
    const [paid] = await queryRows<{ cents: number }>(
      t.database.db,
      sql`select coalesce(sum(amount_cents), 0)::int as cents from payouts
          where status = 'paid' and extract(year from paid_at at time zone 'UTC') = ${year}`,
    );
    expect(rows.reduce((sum, row) => sum + Math.round(Number(row[5]) * 100), 0)).toBe(paid?.cents);

    const previous = await (await exportLedger(`?year=${year - 1}`)).text();
    expect(previous).toContain(`${lastYear.email},1,500.00,yes`);
    const audited = await t.database.db.select().from(adminAudit).where(eq(adminAudit.action, "export"));
    expect(audited.map((row) => row.summary)).toEqual([
      `Exported the ${year} prize ledger (2 promoters)`,
      `Exported the ${year - 1} prize ledger (1 promoter)`,
    ]);
  });

  it("refuses a year it does not keep, and anyone but an admin", async () => {
    const bad = await exportLedger("?year=1999");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("Choose a year from 2024");
    expect((await exportLedger("?year=soon")).status).toBe(400);
    const promoter = await signUp(t, "promoter");
    expect((await exportLedger("", promoter.cookie)).status).toBe(403);
    expect((await t.request(prizeLedgerPath)).status).toBe(401);
  });
});
