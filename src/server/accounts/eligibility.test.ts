import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsApi } from "../../core/api/accounts";
import { campaignsApi } from "../../core/api/campaigns";
import { eligibilityMessages } from "../../core/eligibility";
import { campaigns, eligibilityStatements, trackingLinks } from "../db/schema";
import { signUp, stateEligibility } from "../testing/accounts";
import { createLiveCampaign, validCampaignBody } from "../testing/campaigns";
import { okRoute, refusedRoute } from "../testing/contract-call";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const join = (cookie: string, id: string, body: Record<string, unknown> = {}) =>
  t.request(`/api/campaigns/${id}/join`, { method: "POST", cookie, json: body });
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string; fields?: Record<string, string> } }).error;

describe("eligibility at join", () => {
  it("asks a promoter who has not stated it, and takes it with the first join", async () => {
    const campaignId = await createLiveCampaign(t, await signUp(t, "artist"));
    const promoter = await signUp(t, "promoter", {}, { eligible: false });
    expect((await okRoute(t, accountsApi.me, { cookie: promoter.cookie }))?.eligibility).toBeNull();

    const asked = await join(promoter.cookie, campaignId);
    expect(asked.status).toBe(403);
    expect(await errorOf(asked)).toEqual({
      code: "forbidden",
      message: eligibilityMessages.needed,
      fields: { eligibility: eligibilityMessages.needed },
    });

    // Mississippi's age of majority is 21: the age confirmed must be that one.
    const unconfirmed = await join(promoter.cookie, campaignId, { eligibility: { country: "US", state: "MS" } });
    expect(unconfirmed.status).toBe(400);
    expect((await errorOf(unconfirmed)).message).toBe("Confirm that you are at least 21 years old");
    const stateless = await join(promoter.cookie, campaignId, { eligibility: { country: "us", age_confirmed: true } });
    expect((await errorOf(stateless)).fields).toEqual({ eligibility: eligibilityMessages.stateRequired });
    const nowhere = await join(promoter.cookie, campaignId, { eligibility: { country: "ZZ", age_confirmed: true } });
    expect(nowhere.status).toBe(400);
    expect((await errorOf(nowhere)).message).toBe(eligibilityMessages.countryRequired);
    expect(
      await t.database.db.select().from(eligibilityStatements).where(eq(eligibilityStatements.userId, promoter.id)),
    ).toEqual([]);

    const joined = await join(promoter.cookie, campaignId, {
      eligibility: { country: "US", state: "MS", age_confirmed: true },
    });
    expect(joined.status).toBe(201);
    const me = await okRoute(t, accountsApi.me, { cookie: promoter.cookie });
    expect(me?.eligibility).toMatchObject({ country: "US", state: "MS", minimum_age: 21 });

    // After that, Join is one click.
    const other = await createLiveCampaign(t, await signUp(t, "artist"));
    expect((await join(promoter.cookie, other)).status).toBe(201);
  });

  it("refuses a promoter outside the campaign's countries with the reason, and lets one inside join", async () => {
    const artist = await signUp(t, "artist");
    const limited = await createLiveCampaign(t, artist, { allowed_countries: ["gb", "CA", "CA"] });
    const [stored] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, limited));
    expect(stored?.allowedCountries).toEqual(["CA", "GB"]);

    const american = await signUp(t, "promoter");
    const refused = await join(american.cookie, limited);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(
      "This campaign is open only to people who live in Canada and the United Kingdom. You told us you live in the United States, so you cannot join it.",
    );
    expect(await t.database.db.select().from(trackingLinks).where(eq(trackingLinks.campaignId, limited))).toEqual([]);

    const briton = await signUp(t, "promoter", {}, { eligible: false });
    await stateEligibility(t, briton, { country: "GB", age_confirmed: true });
    expect((await join(briton.cookie, limited)).status).toBe(201);

    // A campaign without its own list is open to the payout countries: Brazil is not one of the sandbox's.
    const open = await createLiveCampaign(t, artist);
    const brazilian = await signUp(t, "promoter", {}, { eligible: false });
    await stateEligibility(t, brazilian, { country: "BR", age_confirmed: true });
    const outside = await join(brazilian.cookie, open);
    expect(outside.status).toBe(403);
    expect((await errorOf(outside)).message).toContain("You told us you live in Brazil");

    const { rules } = await okRoute(t, campaignsApi.rules, { params: { id: limited } });
    expect(rules.settings.allowedCountries).toEqual(["CA", "GB"]);
    expect(rules.sections.flatMap((section) => section.paragraphs).join("\n")).toContain(
      "live in Canada and the United Kingdom",
    );
  });

  it("limits a campaign only to payout countries", async () => {
    const artist = await signUp(t, "artist");
    const create = (allowed: unknown) =>
      t.request("/api/campaigns", {
        method: "POST",
        cookie: artist.cookie,
        json: validCampaignBody({ allowed_countries: allowed }),
      });
    const elsewhere = await create(["US", "BR"]);
    expect(elsewhere.status).toBe(400);
    expect((await errorOf(elsewhere)).message).toBe(eligibilityMessages.campaignCountryUnknown("BR"));
    const none = await create([]);
    expect((await errorOf(none)).message).toBe(eligibilityMessages.campaignCountries);
    expect((await create("US")).status).toBe(400);
    expect((await create(null)).status).toBe(201);
  });

  it("is stated in settings by its own user only, and a restatement confirms the age again", async () => {
    const promoter = await signUp(t, "promoter", {}, { eligible: false });
    const anonymous = await t.request("/api/account/eligibility", {
      method: "POST",
      json: { country: "US", state: "NY", age_confirmed: true },
    });
    expect(anonymous.status).toBe(401);
    const stated = await stateEligibility(t, promoter, { country: "US", state: "NY", age_confirmed: true });
    expect(stated).toMatchObject({ country: "US", state: "NY", minimum_age: 18 });
    const moved = await refusedRoute(t, accountsApi.setEligibility, {
      cookie: promoter.cookie,
      body: { country: "US", state: "AL" },
    });
    expect(moved.error.message).toBe("Confirm that you are at least 19 years old");
    const abroad = await stateEligibility(t, promoter, { country: "DE", state: "NY", age_confirmed: true });
    expect(abroad).toMatchObject({ country: "DE", state: null, minimum_age: 18 });
  });
});
