import { createHash } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { type PageEvidence, visitProofInput } from "../../core/click-evidence.js";
import { clickVerdict } from "../../core/vocabulary.js";
import { createAuth } from "../accounts/auth.js";
import { stateEligibility } from "../accounts/eligibility.js";
import { createDraftCampaign } from "../campaigns/create-campaign.js";
import { confirmSandboxFunding, startFunding } from "../campaigns/funding.js";
import { joinCampaign } from "../campaigns/join-campaign.js";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import { campaigns as campaignsTable, user } from "../db/schema.js";
import { campaignRisks } from "../fraud/promoter-risk.js";
import { honestBrowsers, inAppBrowserRequests, inPeoplesOrder } from "../fraud/sample-requests.js";
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

const demoCountries = ["US", "GB", "DE", "BR", "FR", "CA", "JP", "MX", "NG", "AU"];
/** The fans' browsers: real header sets of browsers and apps' in-app browsers (sample-requests.ts). */
const demoBrowsers = [...honestBrowsers, ...inAppBrowserRequests];
/** What the page's script finds in an ordinary browser. */
const demoPageEvidence: PageEvidence = {
  bot: null,
  webdriver: false,
  mobile: null,
  platform: null,
  screen: "1440x900 1440x789",
  timezone: "America/New_York",
  languages: "en-US,en",
};
/**
 * The demo farm's tool: one desktop Chrome agent without the client hints Chrome sends, no referrer, navigations no
 * person started, and no page script run, as a script that rents home addresses sends them.
 */
const demoFarmHeaders = {
  "User-Agent":
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  "Sec-Fetch-Site": "cross-site",
  "Sec-Fetch-Mode": "navigate",
  "Sec-Fetch-Dest": "document",
  "Accept-Language": "en-US,en;q=0.9",
};
const DEMO_FARM_VISITS = 40;

/** Marks an agent as the seed's, so nobody mistakes these visits for real ones; numbered, one device per fan. */
const labelled = (headers: Record<string, string>, fan: number) => ({
  ...headers,
  "User-Agent": `${headers["User-Agent"] ?? ""} FanBoostDemoSeed/${fan % 64}`,
});

/**
 * Labelled demo visits through the real click path (verdicts, counters, leaderboards, roll-ups), each from its own
 * address in 198.18.0.0/15 (the range set aside for testing), the fans of one link in different networks as people's
 * are: for each link a different number of fans in real browsers, whose pages confirm their visits as the page's script
 * does (`app` serves the script with the day's key), a few of them visiting twice (repeats) and one link preview. The
 * last link is the demo farm's: its visits look like a tool's (`demoFarmHeaders`), so the fraud engine's reasons show
 * (`demoRiskReport`). The country travels in `countryHeader`, the way a proxy sends it.
 */
export async function sendDemoClicks(
  app: ClickPath,
  shortCodes: readonly string[],
  options: { countryHeader: string; origin: string },
) {
  let address = 0;
  const visits = { total: 0, counted: 0 };
  const from = (fan: number) => ({
    incoming: { socket: { remoteAddress: `198.18.${fan % 250}.${Math.floor(fan / 250) + 1}` } },
  });
  let key: string | undefined;
  const confirm = async (fan: number, token: string) => {
    // The key's string in the built script, in whichever quotes the minifier chose.
    key ??= /["'`]([0-9a-f]{32})["'`]/.exec(await (await app.request("/visit.js", {}, from(fan))).text())?.[1];
    if (!key) return;
    const evidence = JSON.stringify(demoPageEvidence);
    const proof = createHash("sha256")
      .update(visitProofInput(token, key, evidence))
      .digest("hex");
    const answer = await app.request(
      "/api/clicks/confirm",
      {
        method: "POST",
        headers: { Origin: options.origin, "Content-Type": "application/json" },
        body: JSON.stringify({ token, evidence, proof }),
      },
      from(fan),
    );
    await answer.arrayBuffer();
  };
  const visit = async (shortCode: string, fan: number, headers: Record<string, string>, runsScript: boolean) => {
    const response = await app.request(
      `/t/${shortCode}`,
      { headers: { ...headers, [options.countryHeader]: demoCountries[(fan * 7) % demoCountries.length] as string } },
      from(fan),
    );
    const page = await response.text();
    visits.total++;
    if (response.headers.get("X-Click-Verdict") !== clickVerdict.counted) return;
    visits.counted++;
    const token = /data-confirm="([^"]+)"/.exec(page)?.[1];
    if (runsScript && token) await confirm(fan, token);
  };
  const farm = shortCodes.at(-1);
  type Visit = { shortCode: string; fan: number; headers: Record<string, string> };
  const fansVisits: Visit[] = [];
  const farmVisits: Visit[] = [];
  const later: Visit[] = [];
  for (const [index, shortCode] of shortCodes.entries()) {
    const fans = shortCode === farm ? DEMO_FARM_VISITS : 6 + ((index * 17) % 40);
    for (let fan = 0; fan < fans; fan++) {
      const headers = shortCode === farm ? demoFarmHeaders : (demoBrowsers[fan % demoBrowsers.length]?.headers ?? {});
      (shortCode === farm ? farmVisits : fansVisits).push({ shortCode, fan: address + fan, headers });
    }
    for (let fan = 0; fan < 3; fan++) {
      later.push({ shortCode, fan: address + fan, headers: demoBrowsers[0]?.headers ?? {} });
    }
    later.push({ shortCode, fan: address, headers: { "User-Agent": "Twitterbot/1.0" } });
    address += fans;
  }
  // People tap their friends' links in no order, each link's at irregular moments; the farm's tool sends its own in a
  // row. (Link by link, every link's clicks would come as regularly as a machine's, and read so.)
  for (const { shortCode, fan, headers } of inPeoplesOrder(fansVisits))
    await visit(shortCode, fan, labelled(headers, fan), true);
  for (const { shortCode, fan, headers } of [...farmVisits, ...later]) {
    await visit(shortCode, fan, labelled(headers, fan), false);
  }
  await app.clicksWritten();
  return visits;
}

/** The demo campaigns' promoters whose links raise risk reasons, as the seed prints them. */
export async function demoRiskReport(db: Database): Promise<string[]> {
  const campaigns = await db
    .select({ id: campaignsTable.id, title: campaignsTable.title })
    .from(campaignsTable)
    .where(like(campaignsTable.title, "Demo: %"))
    .orderBy(campaignsTable.title);
  const lines: string[] = [];
  for (const campaign of campaigns) {
    for (const { link, risk } of await campaignRisks(db, campaign.id)) {
      if (risk.reasons.length === 0) continue;
      lines.push(`${campaign.title}, @${link.handle}: risk ${risk.score} of 100`);
      for (const reason of risk.reasons) lines.push(`  ${reason.code} (+${reason.points}): ${reason.evidence}`);
    }
  }
  return lines;
}
