import { expect } from "vitest";
import { campaignsApi } from "../../core/api/campaigns.js";
import { signUp, type TestUser } from "./accounts.js";
import { okRoute } from "./contract-call.js";
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

/** A draft created through the API by the artist (answered 201), with `overrides` for the create body; its id. */
export async function createDraft(t: TestClient, artist: TestUser, overrides: Record<string, unknown> = {}) {
  const { campaign } = await okRoute(
    t,
    campaignsApi.create,
    { cookie: artist.cookie, body: validCampaignBody(overrides) },
    201,
  );
  return campaign.id;
}

/** A funded, live campaign created through the API, optionally with overrides for the create body. */
export async function createLiveCampaign(t: TestClient, artist: TestUser, overrides: Record<string, unknown> = {}) {
  const campaignId = await createDraft(t, artist, { genre: undefined, prize_cents: 100_00, ...overrides });
  await t.request(`/api/campaigns/${campaignId}/funding`, { method: "POST", cookie: artist.cookie, json: {} });
  const paid = await t.request(`/api/campaigns/${campaignId}/sandbox-payment`, {
    method: "POST",
    cookie: artist.cookie,
    json: sandboxSuccessCard,
  });
  expect(paid.status).toBe(200);
  return campaignId;
}

/** Joins as the promoter and returns the tracking link's short code. */
export async function joinAs(t: TestClient, promoter: TestUser, campaignId: string): Promise<string> {
  const { link } = await okRoute(t, campaignsApi.join, { params: { id: campaignId }, cookie: promoter.cookie });
  return link.short_code;
}

/** A live campaign by a new artist with one joined promoter. */
export async function liveCampaignWithLink(t: TestClient) {
  const artist = await signUp(t, "artist");
  const promoter = await signUp(t, "promoter");
  const campaignId = await createLiveCampaign(t, artist);
  const shortCode = await joinAs(t, promoter, campaignId);
  return { artist, promoter, campaignId, shortCode };
}
