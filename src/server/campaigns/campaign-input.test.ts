import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignMessages } from "../../core/campaign-rules";
import { amountMessages } from "../../core/money";
import { campaigns } from "../db/schema";
import { signUp, type TestUser } from "../testing/accounts";
import { validCampaignBody } from "../testing/campaigns";
import { createTestApp, type TestApp } from "../testing/test-app";

/** Hostile input to the campaign endpoints: every refusal a clear 4xx, nothing stored (hardening issue). */

let t: TestApp;
let artist: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  artist = await signUp(t, "artist");
});
afterAll(() => t?.close());

const validCampaign = (overrides: Record<string, unknown> = {}) =>
  validCampaignBody({ description: "A song for night drives.", ...overrides });

const storedCampaigns = async () => (await t.database.db.select({ n: count() }).from(campaigns))[0]?.n ?? 0;

async function create(body: unknown) {
  const response = await t.request("/api/campaigns", { method: "POST", json: body, cookie: artist.cookie });
  return { status: response.status, body: await response.json() };
}

describe("campaign texts", () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["a NUL byte in the title", { title: "Mid\u0000night" }, "Song title contains characters that are not allowed"],
    [
      "a NUL byte in the description",
      { description: "x\u0000" },
      "Description contains characters that are not allowed",
    ],
    ["a NUL byte in the genre", { genre: "pop\u0000" }, "Genre contains characters that are not allowed"],
    [
      "a NUL byte in the song link",
      { song_link: "https://open.spotify.com/track/\u0000" },
      campaignMessages.songUrlInvalid,
    ],
    [
      "a NUL byte in the artist name",
      { artist_name: "\u0000" },
      "Artist name contains characters that are not allowed",
    ],
    ["a line break in the title", { title: "Two\nlines" }, "Song title contains characters that are not allowed"],
    [
      "half a character in the title",
      { title: "Mid\ud800night" },
      "Song title contains characters that are not allowed",
    ],
    [
      "half a character in the description",
      { description: "x\udc00" },
      "Description contains characters that are not allowed",
    ],
    ["a title of zero-width characters only", { title: "\u200b\u200d\ufeff" }, campaignMessages.titleRequired],
    ["an artist name of invisible characters only", { artist_name: " \u2060 " }, campaignMessages.artistRequired],
    ["a title over 200 characters", { title: "T".repeat(201) }, "Song title must be at most 200 characters"],
    [
      "an artist name over 200 characters",
      { artist_name: "A".repeat(201) },
      "Artist name must be at most 200 characters",
    ],
    ["a genre over 40 characters", { genre: "g".repeat(41) }, "Genre must be at most 40 characters"],
    [
      "a description over 2,000 characters",
      { description: "d".repeat(2001) },
      "Description must be at most 2,000 characters",
    ],
    [
      "a song link over 500 characters",
      { song_link: `https://open.spotify.com/track/${"a".repeat(480)}` },
      "Song URL must be at most 500 characters",
    ],
    ["a title that is not text", { title: 7 }, "Song title must be text"],
    ["a prize that is not a number", { prize_cents: "25000" }, amountMessages.invalid],
    ["a huge prize", { prize_cents: 1e300 }, "Prize amount is too large"],
    ["a fractional prize", { prize_cents: 250_00.5 }, amountMessages.invalid],
  ];
  for (const [name, overrides, message] of cases) {
    it(`refuses ${name} with its own message and stores nothing`, async () => {
      const before = await storedCampaigns();
      const response = await create(validCampaign(overrides));
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(message);
      expect(await storedCampaigns()).toBe(before);
    });
  }

  it("keeps line breaks in a description", async () => {
    const response = await create(validCampaign({ description: "Verse one.\nVerse two." }));
    expect(response.status).toBe(201);
  });

  it("answers a malformed body as malformed, not as a missing title", async () => {
    const response = await t.request("/api/campaigns", {
      method: "POST",
      body: '{"title": "Midnight',
      headers: { "Content-Type": "application/json" },
      cookie: artist.cookie,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe("Malformed JSON in request body");
  });
});

describe("campaign list parameters", () => {
  for (const query of ["q=%00", "genre=%00", "q=a%00b", "genre=pop%0Arock"]) {
    it(`refuses ${query} with a 400, anonymously`, async () => {
      const response = await t.request(`/api/campaigns?${query}`);
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toMatch(/contains characters that are not allowed/);
    });
  }

  it("names the parameter that is out of range", async () => {
    const cases: Array<[string, string]> = [
      ["limit=0", "limit must be a whole number from 1 to 100"],
      ["limit=abc", "limit must be a whole number from 1 to 100"],
      ["offset=-1", "offset must be a whole number from 0 to 100,000"],
      ["sort=rank", "Sort by prize, time, clicks, promoters or newest"],
      [`q=${"x".repeat(101)}`, "Search must be at most 100 characters"],
    ];
    for (const [query, message] of cases) {
      const response = await t.request(`/api/campaigns?${query}`);
      expect(response.status, query).toBe(400);
      expect((await response.json()).error.message).toBe(message);
    }
  });
});
