import { expect } from "vitest";
import { signUp, type TestUser } from "./accounts.js";
import type { TestClient } from "./test-app.js";

/** A create-campaign body that passes every rule, with `overrides`. */
export const validCampaignBody = (overrides: Record<string, unknown> = {}) => ({
  title: "Midnight Drive",
  artist_name: "Nova Lights",
  song_link: "https://open.spotify.com/track/abc123",
  genre: "electronic",
  prize_cents: 250_00,
  duration_days: 7,
  ...overrides,
});

export const sandboxSuccessCard = { number: "4242424242424242", expiry: "12/34", cvc: "123" };

/** A funded, live campaign created through the API, optionally with overrides for the create body. */
export async function createLiveCampaign(t: TestClient, artist: TestUser, overrides: Record<string, unknown> = {}) {
  const created = await t.request("/api/campaigns", {
    method: "POST",
    cookie: artist.cookie,
    json: {
      title: "Midnight Drive",
      artist_name: "Nova Lights",
      song_link: "https://open.spotify.com/track/abc123",
      prize_cents: 100_00,
      duration_days: 7,
      ...overrides,
    },
  });
  expect(created.status).toBe(201);
  const { campaign } = (await created.json()) as { campaign: { id: string } };
  await t.request(`/api/campaigns/${campaign.id}/funding`, { method: "POST", cookie: artist.cookie, json: {} });
  const paid = await t.request(`/api/campaigns/${campaign.id}/sandbox-payment`, {
    method: "POST",
    cookie: artist.cookie,
    json: sandboxSuccessCard,
  });
  expect(paid.status).toBe(200);
  return campaign.id;
}

/** Joins as the promoter and returns the tracking link's short code. */
export async function joinAs(t: TestClient, promoter: TestUser, campaignId: string): Promise<string> {
  const response = await t.request(`/api/campaigns/${campaignId}/join`, {
    method: "POST",
    cookie: promoter.cookie,
    json: {},
  });
  expect(response.status).toBeLessThan(300);
  return ((await response.json()) as { link: { short_code: string } }).link.short_code;
}

/** A live campaign by a new artist with one joined promoter. */
export async function liveCampaignWithLink(t: TestClient) {
  const artist = await signUp(t, "artist");
  const promoter = await signUp(t, "promoter");
  const campaignId = await createLiveCampaign(t, artist);
  const shortCode = await joinAs(t, promoter, campaignId);
  return { artist, promoter, campaignId, shortCode };
}
