import { sql } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../e2e/harness";
import { countOf } from "../src/core/money";
import { queryRows } from "../src/server/db/client";
import { signUp } from "../src/server/testing/accounts";
import { createLiveCampaign, joinAs, sandboxSuccessCard, validCampaignBody } from "../src/server/testing/campaigns";
import { openWatched } from "./browser";
import { type Cluster, type InstanceName, instanceNames, loopbackAddress, servedBy, startCluster } from "./cluster";

let cluster: Cluster;
let browser: Browser;
beforeAll(async () => {
  [cluster, browser] = await Promise.all([startCluster(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await cluster?.expectEachEmailSentOnce();
  await cluster?.stop();
});

const other = (name: InstanceName | undefined) => instanceNames.find((each) => each !== name) as InstanceName;

type View = {
  name: string;
  page: Page;
  streams: Map<string, InstanceName>;
  stream: string;
  /** Whether the page shows `count` counted clicks. */
  shows: (count: number) => Promise<boolean>;
};

describe("live updates across instances", () => {
  it("a click on one instance moves the live board and both dashboards served by the other within a second", async () => {
    const artist = await signUp(cluster, "artist");
    const promoter = await signUp(cluster, "promoter");
    const campaignId = await createLiveCampaign(cluster, artist, { title: "Cluster Song" });
    const shortCode = await joinAs(cluster, promoter, campaignId);

    const board = await openWatched(browser, cluster, "board", `/campaigns/${campaignId}`);
    const artistView = await openWatched(browser, cluster, "artist", "/artist-dashboard?tab=campaigns", artist);
    const promoterView = await openWatched(browser, cluster, "promoter", "/promoter-dashboard", promoter);
    const views: View[] = [
      {
        name: "board",
        ...board,
        stream: `/api/campaigns/${campaignId}/leaderboard/stream`,
        shows: (count) =>
          board.page
            .getByRole("list", { name: "Leaderboard" })
            .getByText(countOf(count, "click"), { exact: true })
            .isVisible(),
      },
      {
        name: "artist dashboard",
        ...artistView,
        stream: "/api/artist/campaigns/stream",
        shows: (count) =>
          artistView.page
            .locator(`[data-campaign-id="${campaignId}"]`)
            .getByText(new RegExp(`· ${countOf(count, "click")}$`))
            .isVisible(),
      },
      {
        name: "promoter dashboard",
        ...promoterView,
        stream: "/api/promoter/dashboard/stream",
        shows: async (count) =>
          (await promoterView.page.locator("[data-link-id] .grid > div").first().textContent())?.replace(/\s/g, "") ===
          `Clicks${count}`,
      },
    ];
    for (const view of views) {
      await expect.poll(() => view.streams.has(view.stream), { timeout: 15_000 }).toBe(true);
    }
    // Let the streams send their first message, so what moves next is pushed.
    await board.page.waitForTimeout(500);

    // Each click on one instance, then the other: every page's stream is on the other instance for some of them (the
    // pages' own requests shift the round robin, hence the steer).
    const crossed = new Set<string>();
    for (let count = 1; count <= 8 && crossed.size < views.length; count++) {
      await cluster.steerTo(instanceNames[count % 2] as InstanceName);
      const click = await cluster.click(shortCode, loopbackAddress());
      expect(click.verdict).toBe("counted");
      for (const view of views) {
        await expect
          .poll(() => view.shows(count), { timeout: 1_000, interval: 50, message: `${view.name} shows ${count}` })
          .toBe(true);
        if (view.streams.get(view.stream) === other(click.servedBy ?? undefined)) crossed.add(view.name);
      }
    }
    expect([...crossed].sort()).toEqual(views.map((view) => view.name).sort());
  });

  it("the bell shows a notification written on the other instance within seconds", async () => {
    const artist = await signUp(cluster, "artist");
    const { page, streams } = await openWatched(browser, cluster, "bell", "/artist-dashboard", artist);
    const stream = "/api/notifications/stream";
    await expect.poll(() => streams.has(stream), { timeout: 15_000 }).toBe(true);
    const unread = async () => {
      const badge = page.getByTestId("unread-count");
      return (await badge.isVisible()) ? Number(await badge.textContent()) : 0;
    };
    const stored = async () => {
      const [row] = await queryRows<{ unread: number }>(
        cluster.database.db,
        sql`select count(*)::int as unread from notifications where user_id = ${artist.id} and read_at is null`,
      );
      return row?.unread ?? 0;
    };
    await page.waitForTimeout(500);

    // The payment that makes a campaign live writes the receipt and the "live" notice, on the instance the bell's
    // stream is not on. (A browser request may slip between the steer and the payment: then another campaign.)
    let paidBy: InstanceName | null = null;
    for (let attempt = 0; attempt < 3 && paidBy !== other(streams.get(stream)); attempt++) {
      const created = await cluster.request("/api/campaigns", {
        method: "POST",
        cookie: artist.cookie,
        json: validCampaignBody(),
      });
      const { campaign } = (await created.json()) as { campaign: { id: string } };
      await cluster.request(`/api/campaigns/${campaign.id}/funding`, {
        method: "POST",
        cookie: artist.cookie,
        json: {},
      });
      await cluster.steerTo(other(streams.get(stream)));
      const paid = await cluster.request(`/api/campaigns/${campaign.id}/sandbox-payment`, {
        method: "POST",
        cookie: artist.cookie,
        json: sandboxSuccessCard,
      });
      expect(paid.status).toBe(200);
      paidBy = servedBy(paid);
    }
    expect(paidBy).toBe(other(streams.get(stream)));
    expect(await stored()).toBeGreaterThanOrEqual(2);
    await expect.poll(unread, { timeout: 3_000, interval: 100 }).toBe(await stored());
  });
});
