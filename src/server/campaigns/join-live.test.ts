import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ArtistCampaign, artistApi } from "../../core/api/artists";
import { notificationsApi } from "../../core/api/notifications";
import { promotersApi } from "../../core/api/promoters";
import { harnessSettings } from "../config";
import { listOutbox } from "../mail/outbox";
import { signUp } from "../testing/accounts";
import { createLiveCampaign, joinAs } from "../testing/campaigns";
import { okRoute, overHttp } from "../testing/contract-call";
import { startAppServer } from "../testing/server-process";
import { openStream } from "../testing/sse";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const promotersOf = (update: { campaigns: ArtistCampaign[] } | null, campaignId: string) =>
  update?.campaigns.find((campaign) => campaign.id === campaignId)?.promoter_count;

describe("a join", () => {
  it("reaches the artist's dashboard stream within a second, and the dashboards of the campaign's promoters", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist);
    const first = await signUp(t, "promoter");
    await joinAs(t, first, campaignId);

    const artistEvents = await openStream(t, artistApi.campaignsStream, { cookie: artist.cookie });
    expect(promotersOf(await artistEvents.next(2000), campaignId)).toBe(1);
    const promoterEvents = await openStream(t, promotersApi.dashboardStream, { cookie: first.cookie });
    expect((await promoterEvents.next(2000))?.active[0]?.participants).toBe(1);

    const joinedAt = Date.now();
    await joinAs(t, await signUp(t, "promoter"), campaignId);
    expect(promotersOf(await artistEvents.next(1000), campaignId)).toBe(2);
    expect(Date.now() - joinedAt).toBeLessThan(1000);
    expect((await promoterEvents.next(1000))?.active[0]?.participants).toBe(2);
    await artistEvents.cancel();
    await promoterEvents.cancel();
  });

  it("tells the artist in the bell, not by email", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist, { title: "Bell Song", prize_cents: 120_00 });
    const promoter = await signUp(t, "promoter", { social_handle: "bell_fan" });
    const emailsBefore = (await listOutbox(t.database.db, artist.email)).length;
    await joinAs(t, promoter, campaignId);
    // Joining again changes nothing.
    await joinAs(t, promoter, campaignId);

    const feed = await okRoute(t, notificationsApi.feed, { cookie: artist.cookie });
    const joins = feed.items.filter((item) => item.title.includes("joined"));
    expect(joins).toEqual([
      expect.objectContaining({
        title: '@bell_fan joined "Bell Song"',
        body: "Your campaign now has 1 promoter competing for the $120 prize.",
        link: `/campaigns/${campaignId}`,
        read: false,
      }),
    ]);
    expect((await listOutbox(t.database.db, artist.email)).length).toBe(emailsBefore);
  });

  it.skipIf(!harnessSettings().testDatabaseUrl)(
    "made on one server process reaches the artist's dashboard on another",
    async () => {
      const artist = await signUp(t, "artist");
      const campaignId = await createLiveCampaign(t, artist);
      const other = await startAppServer({ DATABASE_URL: t.database.url as string, AUTH_SECRET: t.config.authSecret });
      try {
        const events = await openStream(overHttp(other.url), artistApi.campaignsStream, { cookie: artist.cookie });
        expect(promotersOf(await events.next(5000), campaignId)).toBe(0);
        const joinedAt = Date.now();
        await joinAs(t, await signUp(t, "promoter"), campaignId);
        expect(promotersOf(await events.next(1000), campaignId)).toBe(1);
        expect(Date.now() - joinedAt).toBeLessThan(1000);
        await events.cancel();
      } finally {
        await other.stop();
      }
    },
  );
});
