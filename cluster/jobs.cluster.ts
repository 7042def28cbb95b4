import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/server/db/client";
import { signUp } from "../src/server/testing/accounts";
import { createLiveCampaign, joinAs } from "../src/server/testing/campaigns";
import { expectLedgerBalanced, makeAdmin, onboardPayouts, settleWin } from "../src/server/testing/payouts";
import { type Cluster, instanceNames, loopbackAddress, startCluster } from "./cluster";

const weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

let cluster: Cluster;
beforeAll(async () => {
  // Today is payout day, and results are final at once: the jobs have work as soon as the instances start.
  cluster = await startCluster({
    env: { PAYOUT_WEEKDAY: weekdays[new Date().getUTCDay()] as string, REVIEW_HOURS: "0" },
  });
});
afterAll(async () => {
  await cluster?.expectEachEmailSentOnce();
  await cluster?.stop();
});

const rows = <Row>(query: ReturnType<typeof sql>) => queryRows<Row>(cluster.database.db, query);

/** How many emails went to `to` with a subject like `pattern` (SQL LIKE). */
const emails = async (to: string, pattern: string) =>
  (
    await rows<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where "to" = ${to} and subject like ${pattern}`,
    )
  )[0]?.n;

/** Each instance's runs of `job` since it started, from its metrics. */
async function jobRuns(job: string) {
  return Promise.all(
    instanceNames.map(async (name) => {
      const text = await (await fetch(`http://127.0.0.1:${cluster.instances[name].metricsPort}/metrics`)).text();
      const line = text
        .split("\n")
        .find((each) => each.startsWith(`fanboost_job_runs_total{job="${job}",outcome="ok"}`));
      return Number(line?.split(" ")[1] ?? 0);
    }),
  );
}

describe("background jobs across instances", () => {
  it("both instances run every job at start-up; each campaign ends, reminds, announces and pays once", async () => {
    const artist = await signUp(cluster, "artist");
    const winner = await signUp(cluster, "promoter");
    const waiting = await signUp(cluster, "promoter");
    const reminded = await signUp(cluster, "promoter");
    const admin = await signUp(cluster, "promoter");
    await makeAdmin(cluster, admin);
    await onboardPayouts(cluster, winner);
    const paid = await createLiveCampaign(cluster, artist, { title: "Paid Weekly" });
    const unpaid = await createLiveCampaign(cluster, artist, { title: "Account Missing" });
    const ending = await createLiveCampaign(cluster, artist, { title: "Ending Soon" });
    for (const [promoter, campaign] of [
      [winner, paid],
      [waiting, unpaid],
      [reminded, ending],
    ] as const) {
      const code = await joinAs(cluster, promoter, campaign);
      if (campaign !== ending) expect((await cluster.click(code, loopbackAddress())).verdict).toBe("counted");
    }

    // Two campaigns' timers pass and one ends within a day; both instances start at once and run every job.
    await cluster.restartAll(async () => {
      await rows(sql`update campaigns set ends_at = now() - interval '1 minute' where id in (${paid}, ${unpaid})`);
      await rows(sql`update campaigns set ends_at = now() + interval '12 hours' where id = ${ending}`);
    });
    await expect
      .poll(async () => (await rows(sql`select id from payouts where campaign_id in (${paid}, ${unpaid})`)).length, {
        timeout: 15_000,
      })
      .toBe(2);
    await expect.poll(() => emails(reminded.email, "24 hours left on %"), { timeout: 15_000 }).toBe(1);
    // No prize is paid before people decide: the winner verifies and an admin approves (ADR 040).
    const [won] = await rows<{ id: string }>(sql`select id from payouts where campaign_id = ${paid}`);
    await settleWin(cluster, admin, winner, { campaignId: paid, payoutId: won?.id ?? "" });

    // Three days later (the unpaid winner's reminder is due), both start again: the weekly run pays the winner whose
    // account is set up.
    await cluster.restartAll(async () => {
      await rows(sql`update payouts set created_at = now() - interval '4 days' where campaign_id = ${unpaid}`);
    });
    await expect
      .poll(
        async () =>
          (await rows<{ status: string }>(sql`select status from payouts where campaign_id = ${paid}`))[0]?.status,
        {
          timeout: 15_000,
        },
      )
      .toBe("paid");
    // The reminder waits for the approval request, which claims the same payout at start-up, rather than skip it.
    await expect
      .poll(() => emails(waiting.email, "Your % prize is waiting for your payout account"), { timeout: 15_000 })
      .toBe(1);
    for (const job of [
      "weekly-payout-run",
      "remind-payout-accounts",
      "remind-ending-campaigns",
      "finalize-ended-campaigns",
    ]) {
      expect(
        (await jobRuns(job)).every((runs) => runs >= 1),
        job,
      ).toBe(true);
    }

    // Once each, whichever instance ran first.
    expect(await expectLedgerBalanced(cluster, paid)).toMatchObject({ paid: 100_00 });
    const transfers = await rows<{ n: number }>(
      sql`select count(*)::int as n from sandbox_payments where kind = 'transfer' and campaign_id = ${paid}`,
    );
    expect(transfers[0]?.n).toBe(1);
    expect(await emails(winner.email, "You won %")).toBe(1);
    expect(await emails(winner.email, "Your % FanBoost payout is on its way")).toBe(1);
    expect(await emails(waiting.email, "You won %")).toBe(1);
    expect(await emails(reminded.email, "24 hours left on %")).toBe(1);
    const bell = await rows<{ n: number }>(
      sql`select count(*)::int as n from notifications where user_id = ${reminded.id} and title like '24 hours left on %'`,
    );
    expect(bell[0]?.n).toBe(1);
  });
});
