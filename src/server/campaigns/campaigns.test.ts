import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CampaignListQuery, campaignsApi } from "../../core/api/campaigns";
import { campaignMessages } from "../../core/campaign-rules";
import { campaigns, trackingLinks } from "../db/schema";
import { signUp, type TestUser } from "../testing/accounts";
import { createLiveCampaign, validCampaignBody } from "../testing/campaigns";
import { okRoute } from "../testing/contract-call";
import { createTestApp, type TestApp } from "../testing/test-app";
import { joinCampaign } from "./join-campaign";

let t: TestApp;
let artist: TestUser;
let otherArtist: TestUser;
let promoter: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  artist = await signUp(t, "artist");
  otherArtist = await signUp(t, "artist");
  promoter = await signUp(t, "promoter");
});
afterAll(() => t?.close());

const validCampaign = validCampaignBody;

async function createDraft(user: TestUser, overrides: Record<string, unknown> = {}) {
  const created = await okRoute(t, campaignsApi.create, { cookie: user.cookie, body: validCampaign(overrides) }, 201);
  return created.campaign;
}

async function fundWithCard(user: TestUser, id: string, number: string) {
  const funding = await t.request(`/api/campaigns/${id}/funding`, { method: "POST", cookie: user.cookie, json: {} });
  expect(funding.status).toBe(200);
  return t.request(`/api/campaigns/${id}/sandbox-payment`, {
    method: "POST",
    cookie: user.cookie,
    json: { number, expiry: "12/34", cvc: "123" },
  });
}

async function liveCampaign(user = artist) {
  const draft = await createDraft(user);
  expect((await fundWithCard(user, draft.id, "4242 4242 4242 4242")).status).toBe(200);
  return draft.id;
}

describe("creating a campaign", () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["a missing title", { title: " " }, campaignMessages.titleRequired],
    ["a missing artist name", { artist_name: "" }, campaignMessages.artistRequired],
    ["a missing song URL", { song_link: "" }, campaignMessages.songUrlRequired],
    ["an invalid song URL", { song_link: "not a url" }, campaignMessages.songUrlInvalid],
    [
      "a song link outside the allowlist",
      { song_link: "https://evil.example.com/track" },
      campaignMessages.songUrlInvalid,
    ],
    ["a javascript: link", { song_link: "javascript:alert(1)" }, campaignMessages.songUrlInvalid],
    ["a missing prize", { prize_cents: undefined }, campaignMessages.prizeRequired],
    ["a prize under $10", { prize_cents: 9_99 }, campaignMessages.prizeTooSmall],
    ["an unknown duration", { duration_days: 4 }, campaignMessages.durationInvalid],
  ];
  for (const [name, overrides, message] of cases) {
    it(`refuses ${name}`, async () => {
      const response = await t.request("/api/campaigns", {
        method: "POST",
        json: validCampaign(overrides),
        cookie: artist.cookie,
      });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe(message);
    });
  }

  it("accepts links of each known music service", async () => {
    for (const link of [
      "https://music.apple.com/us/album/x/1",
      "https://www.youtube.com/watch?v=abc",
      "https://youtu.be/abc",
      "https://artist.bandcamp.com/track/x",
      "https://soundcloud.com/a/b",
    ]) {
      await createDraft(artist, { song_link: link });
    }
  });

  it("creates a draft with the 5% fee and stores an empty genre as null", async () => {
    const draft = await createDraft(artist, { genre: "", prize_cents: 10_10 });
    expect(draft).toMatchObject({ status: "draft", platform_fee_cents: 51, total_cents: 10_61 });
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, draft.id));
    expect(row?.genre).toBeNull();
  });

  it("is for artists only", async () => {
    expect((await t.request("/api/campaigns", { method: "POST", json: validCampaign() })).status).toBe(401);
    expect(
      (await t.request("/api/campaigns", { method: "POST", json: validCampaign(), cookie: promoter.cookie })).status,
    ).toBe(403);
  });
});

describe("funding with the sandbox", () => {
  it("activates the campaign after the success card, with ends_at = activation + duration", async () => {
    const draft = await createDraft(artist, { duration_days: 14 });
    const response = await fundWithCard(artist, draft.id, "4242424242424242");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.campaign.status).toBe("active");
    const published = Date.parse(body.campaign.published_at);
    expect(Date.parse(body.campaign.ends_at) - published).toBe(14 * 24 * 3600 * 1000);
    const again = await t.request(`/api/campaigns/${draft.id}/funding`, {
      method: "POST",
      cookie: artist.cookie,
      json: {},
    });
    expect((await again.json()).alreadyFunded).toBe(true);
  });

  it("declines the decline card with a clear message and keeps the draft", async () => {
    const draft = await createDraft(artist);
    const response = await fundWithCard(artist, draft.id, "4000 0000 0000 0002");
    expect(response.status).toBe(402);
    expect((await response.json()).error.message).toBe("Your card was declined.");
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, draft.id));
    expect(row?.status).toBe("draft");
  });

  it("refuses to fund someone else's campaign and a malformed id", async () => {
    const draft = await createDraft(artist);
    const foreign = await t.request(`/api/campaigns/${draft.id}/funding`, {
      method: "POST",
      cookie: otherArtist.cookie,
      json: {},
    });
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.message).toBe("Campaign not found or access denied");
    const invalid = await t.request("/api/campaigns/not-a-uuid/funding", {
      method: "POST",
      cookie: artist.cookie,
      json: {},
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.message).toBe("Invalid campaign ID");
  });
});

describe("browsing and joining", () => {
  it("keeps drafts invisible to others", async () => {
    const draft = await createDraft(artist, { title: "Secret Draft" });
    const list = await (await t.request("/api/campaigns", { cookie: promoter.cookie })).json();
    expect(list.items.map((item: { id: string }) => item.id)).not.toContain(draft.id);
    expect((await t.request(`/api/campaigns/${draft.id}`, { cookie: promoter.cookie })).status).toBe(404);
    expect((await t.request(`/api/campaigns/${draft.id}`, { cookie: artist.cookie })).status).toBe(200);
    const join = await t.request(`/api/campaigns/${draft.id}/join`, {
      method: "POST",
      cookie: promoter.cookie,
      json: {},
    });
    expect(join.status).toBe(404);
  });

  it("joins once and returns the same 9-character link on a second join", async () => {
    const id = await liveCampaign();
    const first = await t.request(`/api/campaigns/${id}/join`, { method: "POST", cookie: promoter.cookie, json: {} });
    expect(first.status).toBe(201);
    const { link } = await first.json();
    expect(link.short_code).toMatch(/^[A-Za-z0-9]{9}$/);
    expect(link.url).toBe(`http://localhost:3000/t/${link.short_code}`);
    const second = await t.request(`/api/campaigns/${id}/join`, { method: "POST", cookie: promoter.cookie, json: {} });
    expect(second.status).toBe(200);
    expect((await second.json()).link.short_code).toBe(link.short_code);

    const list = await (await t.request("/api/campaigns", { cookie: promoter.cookie })).json();
    const item = list.items.find((entry: { id: string }) => entry.id === id);
    expect(item).toMatchObject({ promoter_count: 1, total_clicks: 0, my_link: { short_code: link.short_code } });
    expect(item.leader.handle).toBeTruthy();
  });

  it("creates a promoter profile for an artist who joins someone else's campaign, and refuses self-join", async () => {
    const id = await liveCampaign(artist);
    const self = await t.request(`/api/campaigns/${id}/join`, { method: "POST", cookie: artist.cookie, json: {} });
    expect(self.status).toBe(403);
    const other = await t.request(`/api/campaigns/${id}/join`, {
      method: "POST",
      cookie: otherArtist.cookie,
      json: {},
    });
    expect(other.status).toBe(201);
    const me = await (await t.request("/api/me", { cookie: otherArtist.cookie })).json();
    expect(me.promoter.handle).toMatch(/^promoter-/);
  });

  it("retries short-code collisions and gives up after 5 with SPEC.md's message", async () => {
    const id = await liveCampaign();
    const [taken] = await t.database.db.select({ code: trackingLinks.shortCode }).from(trackingLinks).limit(1);
    const takenCode = taken?.code as string;
    const fresh = await signUp(t, "promoter");
    const codes = [takenCode, takenCode, "Fresh0001"];
    const result = await joinCampaign(t.database.db, fresh.id, id, {
      payoutCountries: t.config.payoutCountries,
      generateCode: () => codes.shift() ?? "x",
    });
    expect(result.link.shortCode).toBe("Fresh0001");

    const unlucky = await signUp(t, "promoter");
    await expect(
      joinCampaign(t.database.db, unlucky.id, id, {
        payoutCountries: t.config.payoutCountries,
        generateCode: () => takenCode,
      }),
    ).rejects.toThrow("Failed to generate unique short code after multiple attempts");
  });

  it("reports site metrics from live campaigns", async () => {
    const response = await t.request("/api/public/metrics");
    const body = await response.json();
    expect(body.ok).toBe(true);
    expect(body.metrics.activeCampaigns).toBeGreaterThan(0);
    expect(body.metrics).toMatchObject({ totalClicks: 0, paidToPromotersCents: 0 });
    expect(body.metrics.totalPrizePoolCents % 100).toBe(0);
  });

  it("needs a session to join", async () => {
    const id = await liveCampaign();
    expect((await t.request(`/api/campaigns/${id}/join`, { method: "POST", json: {} })).status).toBe(401);
  });
});

describe("campaign list queries", () => {
  it("searches title or artist case-insensitively, filters by genre, sorts and pages", async () => {
    const fresh = await createTestApp();
    try {
      const owner = await signUp(fresh, "artist");
      // Each with its genre and prize: the same body as validCampaignBody's.
      const make = (overrides: Record<string, unknown>) => createLiveCampaign(fresh, owner, overrides);
      await make({ title: "Sunrise", artist_name: "Aurora Band", genre: "pop", prize_cents: 100_00 });
      const big = await make({ title: "Thunder", artist_name: "Storm", genre: "rock", prize_cents: 1000_00 });
      await make({ title: "Moonlight", artist_name: "SUNNY Days", genre: "pop", prize_cents: 500_00 });
      const fan = await signUp(fresh, "promoter");
      await fresh.request(`/api/campaigns/${big}/join`, { method: "POST", cookie: fan.cookie, json: {} });

      const list = (query: CampaignListQuery) => okRoute(fresh, campaignsApi.list, { query });
      const titles = async (query: CampaignListQuery) => (await list(query)).items.map((item) => item.title);
      expect(await titles({})).toEqual(["Thunder", "Moonlight", "Sunrise"]);
      expect(await titles({ q: "sun" })).toEqual(["Moonlight", "Sunrise"]);
      expect(await titles({ q: "%" })).toEqual([]);
      expect(await titles({ genre: "pop", sort: "prize" })).toEqual(["Moonlight", "Sunrise"]);
      expect((await titles({ sort: "promoters" }))[0]).toBe("Thunder");
      expect(await list({ limit: 2, offset: 2 })).toMatchObject({ total: 3, items: [{ title: "Sunrise" }] });
      expect(await list({ limit: 2, offset: 10 })).toMatchObject({ total: 3, items: [] });
      expect((await fresh.request("/api/campaigns?sort=loudest")).status).toBe(400);
      const thunder = (await list({ q: "thunder" })).items[0];
      expect(thunder).toMatchObject({ promoter_count: 1, total_clicks: 0 });
    } finally {
      await fresh.close();
    }
  });
});
