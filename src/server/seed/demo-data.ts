import { eq } from "drizzle-orm";
import { clickVerdict } from "../../core/vocabulary.js";
import { createAuth } from "../accounts/auth.js";
import { stateEligibility } from "../accounts/eligibility.js";
import { createDraftCampaign } from "../campaigns/create-campaign.js";
import { confirmSandboxFunding, startFunding } from "../campaigns/funding.js";
import { joinCampaign } from "../campaigns/join-campaign.js";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import { user } from "../db/schema.js";
import type { Logger } from "../logger.js";
import { createMailer } from "../mail/create-mailer.js";
import { listOutbox } from "../mail/outbox.js";
import { createSandboxProvider, sandboxCards } from "../payments/sandbox.js";

/** Everything the seed creates is labelled: "Demo" in names and titles, and emails at fanboost.demo. */
export const DEMO_PASSWORD = "demo-password-123";

const demoArtists = [
  { first: "Nova", last: "Demo", artist: "Nova Lights (Demo)" },
  { first: "Rio", last: "Demo", artist: "Rio & The Tides (Demo)" },
];
const demoCampaigns = [
  {
    artist: 0,
    title: "Demo: Midnight Drive",
    genre: "electronic",
    prize: 500_00,
    days: 7,
    link: "https://open.spotify.com/track/demo-midnight-drive",
  },
  {
    artist: 0,
    title: "Demo: Neon Hearts",
    genre: "pop",
    prize: 250_00,
    days: 14,
    link: "https://music.apple.com/us/album/demo-neon-hearts",
  },
  {
    artist: 1,
    title: "Demo: Low Tide",
    genre: "indie",
    prize: 1000_00,
    days: 30,
    link: "https://soundcloud.com/demo/low-tide",
  },
  {
    artist: 1,
    title: "Demo: Static Bloom",
    genre: "rock",
    prize: 100_00,
    days: 5,
    link: "https://artist.bandcamp.com/track/demo-static-bloom",
  },
];
const demoPromoterCount = 4;

/**
 * Creates labelled demo artists, promoters and funded campaigns through the same functions the app uses
 * (sign-up, draft creation, sandbox funding, joining). Refuses to run twice or against Stripe.
 */
export async function seedDemoData(deps: { config: Config; db: Database; log: Logger }) {
  const { config, db, log } = deps;
  if (config.stripe)
    throw new Error("The seed funds campaigns with sandbox test cards; unset the STRIPE_* keys first.");
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, "demo-artist-1@fanboost.demo"));
  if (existing) throw new Error("Demo data is already there (demo-artist-1@fanboost.demo exists).");

  const mailer = createMailer(config, db);
  const auth = createAuth({ config, db, mailer, log });
  /** Signs up and verifies the email through the link the sign-up emailed, as its owner would. */
  const signUp = async (body: Record<string, string>) => {
    const result = await auth.api.signUpEmail({ body: { password: DEMO_PASSWORD, ...body } as never });
    const [mail] = await listOutbox(db, result.user.email);
    const token = mail?.text.match(/verify-email\?token=([^&\s]+)/)?.[1];
    if (!token) throw new Error(`No verification email to ${result.user.email}`);
    await auth.api.verifyEmail({ query: { token } });
    return result.user.id;
  };

  const artistIds: string[] = [];
  for (const [index, artist] of demoArtists.entries()) {
    artistIds.push(
      await signUp({
        email: `demo-artist-${index + 1}@fanboost.demo`,
        name: `${artist.first} ${artist.last}`,
        first_name: artist.first,
        last_name: artist.last,
        artist_name: artist.artist,
        user_type: "artist",
      }),
    );
  }
  const promoterIds: string[] = [];
  for (let index = 0; index < demoPromoterCount; index++) {
    promoterIds.push(
      await signUp({
        email: `demo-promoter-${index + 1}@fanboost.demo`,
        name: `Promoter ${index + 1} Demo`,
        first_name: `Promoter ${index + 1}`,
        last_name: "Demo",
        social_handle: `demo_fan_${index + 1}`,
        user_type: "promoter",
      }),
    );
  }

  const sandbox = createSandboxProvider(db, config.publicUrl);
  const money = {
    db,
    payments: sandbox,
    sandbox,
    mailer,
    log,
    publicUrl: config.publicUrl,
    reviewHours: config.reviewHours,
    resultApproval: config.resultApproval,
    networkClickLimit: config.networks.clickLimit,
    payoutCountries: config.payoutCountries,
    prizeReportingThresholdCents: config.prizeReportingThresholdCents,
    authSecret: config.authSecret,
  };
  // The demo promoters live where every campaign is open to them (the sandbox pays out to the United States).
  for (const promoterId of promoterIds) await stateEligibility(db, promoterId, demoResidence);
  const shortCodes: string[] = [];
  for (const [index, spec] of demoCampaigns.entries()) {
    const artistId = artistIds[spec.artist] as string;
    const draft = await createDraftCampaign(db, artistId, {
      title: spec.title,
      artist_name: demoArtists[spec.artist]?.artist ?? "Demo",
      song_link: spec.link,
      genre: spec.genre,
      description: "Demo campaign created by `npm run seed`; no real money is involved.",
      prize_cents: spec.prize,
      duration_days: spec.days,
    });
    await startFunding({ db, payments: sandbox, log }, artistId, draft.id);
    await confirmSandboxFunding(money, artistId, draft.id, {
      number: sandboxCards.success,
      expiry: "12/40",
      cvc: "123",
    });
    for (const promoterId of promoterIds.slice(0, (index % demoPromoterCount) + 1)) {
      const joined = await joinCampaign(db, promoterId, draft.id, { payoutCountries: config.payoutCountries });
      shortCodes.push(joined.link.shortCode);
    }
  }
  return {
    artists: artistIds.length,
    promoters: promoterIds.length,
    campaigns: demoCampaigns.length,
    shortCodes,
  };
}

/** The app's click path, as the seed uses it: a request from a given client address. */
type ClickPath = {
  request(
    path: string,
    init: RequestInit,
    env: { incoming: { socket: { remoteAddress: string } } },
  ): Response | Promise<Response>;
  clicksWritten(): Promise<void>;
};

const demoResidence = { country: "US", state: "NY" };

const demoReferrers = ["https://www.instagram.com/", "https://www.tiktok.com/", "https://x.com/", "https://t.co/", ""];
const demoCountries = ["US", "GB", "DE", "BR", "FR", "CA", "JP", "MX", "NG", "AU"];
/**
 * A browser's user agent, marked as the seed's so nobody mistakes these visits for real ones; numbered, so the fans
 * of one network are many devices, as real ones would be, not one device fingerprint over its limit.
 */
const demoBrowser = (fan: number) =>
  `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 FanBoostDemoSeed/${fan % 64}`;

/**
 * Labelled demo visits through the real click path (verdicts, counters, leaderboards, roll-ups), each from its own
 * address in 198.18.0.0/15 (the range set aside for testing), the fans of one link in different networks as people's
 * are: for each link a different number of fans, a few of
 * them visiting twice (repeats) and one link preview. The country travels in `countryHeader`, the way a proxy sends it.
 */
export async function sendDemoClicks(app: ClickPath, shortCodes: readonly string[], countryHeader: string) {
  let address = 0;
  const visits = { total: 0, counted: 0 };
  const visit = async (shortCode: string, fan: number, userAgent: string) => {
    const response = await app.request(
      `/t/${shortCode}`,
      {
        headers: {
          "User-Agent": userAgent,
          Referer: demoReferrers[fan % demoReferrers.length] as string,
          [countryHeader]: demoCountries[(fan * 7) % demoCountries.length] as string,
        },
      },
      { incoming: { socket: { remoteAddress: `198.18.${fan % 250}.${Math.floor(fan / 250) + 1}` } } },
    );
    await response.arrayBuffer();
    visits.total++;
    if (response.headers.get("X-Click-Verdict") === clickVerdict.counted) visits.counted++;
  };
  for (const [index, shortCode] of shortCodes.entries()) {
    const fans = 6 + ((index * 17) % 40);
    for (let fan = 0; fan < fans; fan++) await visit(shortCode, address + fan, demoBrowser(address + fan));
    for (let fan = 0; fan < 3; fan++) await visit(shortCode, address + fan, demoBrowser(address + fan));
    await visit(shortCode, address, "Twitterbot/1.0 FanBoostDemoSeed");
    address += fans;
  }
  await app.clicksWritten();
  return visits;
}
