import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminAudit, campaigns, clickEvents, contactMessages, suspiciousActivity } from "../db/schema";
import { signUp, type TestUser } from "../testing/accounts";
import { createLiveCampaign, joinAs } from "../testing/campaigns";
import { clickAs, expectCountersConsistent, linkVerdicts } from "../testing/clicks";
import { makeAdmin, onboardPayouts, settleWin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";

/** The admin console's APIs on a database this file builds: exact figures, bans, and one audit row per action. */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { COUNTRY_HEADER: "CF-IPCountry", REVIEW_HOURS: "0" } });
  admin = await signUp(t, "promoter");
  await makeAdmin(t, admin);
});
afterAll(() => t?.close());
afterEach(() => expectCountersConsistent(t.database.db));

async function call(path: string, init: { method?: string; json?: unknown; as?: TestUser } = {}) {
  const { as = admin, ...rest } = init;
  const response = await t.request(path, {
    ...rest,
    json: rest.json ?? (rest.method ? {} : undefined),
    cookie: as.cookie,
  });
  return { status: response.status, body: await response.json() };
}

const auditRows = () => t.database.db.select().from(adminAudit);

describe("stat cards and analytics", () => {
  it("count counted and blocked visits, open flags and addresses, for each time range", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist);
    const code = await joinAs(t, await signUp(t, "promoter"), campaignId);
    const visit = (ip: string, country: string, ua?: string) =>
      clickAs(t, `/t/${code}`, { ip, ua, headers: { "CF-IPCountry": country } });
    await visit("198.51.100.1", "FR");
    await visit("198.51.100.2", "FR");
    await visit("198.51.100.3", "DE");
    await visit("198.51.100.1", "FR");
    await visit("198.51.100.9", "US", "Slackbot-LinkExpanding 1.0");
    await t.app.clicksWritten();
    // Two of the counted visits happened days ago: the 24-hour range no longer sees them.
    await t.database.db.execute(
      sql`update click_events set ts = now() - interval '3 days'
          where campaign_id = ${campaignId} and ip in ('198.51.100.2', '198.51.100.3') and verdict = 'counted'`,
    );
    await t.database.db.insert(suspiciousActivity).values([
      { type: "rate_limit", severity: "medium", details: "burst", campaignId },
      { type: "bot_detection", severity: "low", details: "old", campaignId, status: "dismissed" },
    ]);

    const stats = await call("/api/admin/stats");
    expect(stats.status).toBe(200);
    // The bot visit raised its own low flag (open), besides the two inserted here.
    expect(stats.body).toEqual({ total_clicks: 3, blocked_clicks: 2, open_flags: 2, unique_ips: 4 });

    const verdicts = (range: string) => call(`/api/admin/clicks/verdicts?range=${range}`);
    expect((await verdicts("24h")).body.items).toEqual([
      { verdict: "bot", count: 1 },
      { verdict: "counted", count: 1 },
      { verdict: "duplicate", count: 1 },
    ]);
    expect((await verdicts("7d")).body.items).toEqual([
      { verdict: "counted", count: 3 },
      { verdict: "bot", count: 1 },
      { verdict: "duplicate", count: 1 },
    ]);
    expect((await call("/api/admin/clicks/countries?range=30d")).body.items).toEqual(
      [
        { country: "DE", count: 1 },
        { country: "FR", count: 2 },
      ].sort((a, b) => b.count - a.count),
    );
    expect((await call("/api/admin/clicks/countries?range=1h")).body.items).toEqual([{ country: "FR", count: 1 }]);
    expect((await call("/api/admin/clicks/top-ips?range=24h")).body.items).toEqual([
      { ip: "198.51.100.1", count: 2 },
      { ip: "198.51.100.9", count: 1 },
    ]);
    const agents = (await call("/api/admin/clicks/top-user-agents?range=7d")).body.items;
    expect(agents.map((agent: { count: number }) => agent.count)).toEqual([4, 1]);

    const week = await call("/api/admin/clicks/over-time?range=7d");
    expect(week.body.bucket_minutes).toBe(360);
    expect(week.body.points).toHaveLength(29);
    const perBucket = week.body.points.map((point: { counted: number }) => point.counted);
    expect(perBucket.reduce((sum: number, count: number) => sum + count, 0)).toBe(3);
    expect(perBucket.at(-1)).toBe(1);
    const hour = await call("/api/admin/clicks/over-time?range=1h");
    expect(hour.body.points).toHaveLength(13);

    const limits = await call("/api/admin/clicks/rate-limiting?range=30d");
    expect(limits.body.blockedByVerdict).toEqual([
      { verdict: "bot", count: 1 },
      { verdict: "duplicate", count: 1 },
    ]);
    expect(limits.body.flagsByType).toEqual([
      { type: "bot_detection", count: 2 },
      { type: "rate_limit", count: 1 },
    ]);
    const suspicious = await call("/api/admin/suspicious?range=1h");
    expect(suspicious.body.items.map((item: { status: string }) => item.status).sort()).toEqual([
      "dismissed",
      "open",
      "open",
    ]);
  });
});

describe("campaign moderation", () => {
  it("pauses (links redirect, clicks stop counting), resumes, hides and shows, each with one audit row", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist, { title: "Moderated Song" });
    const code = await joinAs(t, await signUp(t, "promoter"), campaignId);
    const before = (await auditRows()).length;

    const paused = await call(`/api/admin/campaigns/${campaignId}/pause`, { method: "POST" });
    expect(paused.body).toEqual({ ok: true, status: "paused", is_public: true });
    const whilePaused = await clickAs(t, `/t/${code}`, { ip: "198.51.100.60" });
    expect(whilePaused.status).toBe(200);
    expect(whilePaused.headers.get("x-click-verdict")).toBe("inactive");
    expect((await call(`/api/admin/campaigns/${campaignId}/pause`, { method: "POST" })).status).toBe(409);

    expect((await call(`/api/admin/campaigns/${campaignId}/resume`, { method: "POST" })).body.status).toBe("active");
    // The link cache keeps a looked-up link for two seconds.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await clickAs(t, `/t/${code}`, { ip: "198.51.100.61" })).headers.get("x-click-verdict")).toBe("counted");

    expect((await call(`/api/admin/campaigns/${campaignId}/hide`, { method: "POST" })).body.is_public).toBe(false);
    expect((await call(`/api/admin/campaigns/${campaignId}/show`, { method: "POST" })).body.is_public).toBe(true);

    const rows = (await auditRows()).slice(before);
    expect(rows.map((row) => row.action).sort()).toEqual(["hide", "pause", "resume", "show"]);
    expect(rows.every((row) => row.actorUserId === admin.id && row.subjectId === campaignId)).toBe(true);
    expect(rows.find((row) => row.action === "pause")?.summary).toBe('Paused "Moderated Song" ($100 prize)');
  });

  it("lists every campaign, drafts included, by search and status", async () => {
    const artist = await signUp(t, "artist");
    await t.request("/api/campaigns", {
      method: "POST",
      cookie: artist.cookie,
      json: {
        title: "Zebra Draft",
        artist_name: "Unique Band",
        song_link: "https://open.spotify.com/track/z",
        prize_cents: 10_00,
      },
    });
    const found = await call("/api/admin/campaigns?q=zebra&status=draft");
    expect(found.body.total).toBe(1);
    expect(found.body.items[0]).toMatchObject({ title: "Zebra Draft", status: "draft", artist_email: artist.email });
    expect((await call("/api/admin/campaigns?q=zebra&status=active")).body.items).toEqual([]);
  });

  it("audits end, delete, void and pay once each", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist, { title: "Audited Song" });
    const winner = await signUp(t, "promoter");
    const code = await joinAs(t, winner, campaignId);
    await clickAs(t, `/t/${code}`, { ip: "198.51.100.70" });
    await clickAs(t, `/t/${code}`, { ip: "198.51.100.71" });
    const me = await (await t.request("/api/me", { cookie: winner.cookie })).json();
    const before = (await auditRows()).length;

    const voided = await call("/api/admin/clicks/void", {
      method: "POST",
      json: { campaign_id: campaignId, promoter_id: me.promoter.id, reason: "test" },
    });
    expect(voided.body.clicks_voided).toBe(2);
    await clickAs(t, `/t/${code}`, { ip: "198.51.100.72" });
    expect((await call(`/api/admin/campaigns/${campaignId}/end`, { method: "POST" })).body.winners).toBe(1);
    await onboardPayouts(t, winner);
    const list = await call("/api/admin/payouts");
    const row = list.body.rows.find((entry: { campaign_id: string }) => entry.campaign_id === campaignId);
    expect(row.winner).toMatchObject({ handle: me.promoter.handle, email: winner.email, has_payout_account: true });
    await settleWin(t, admin, winner, { campaignId, payoutId: row.payout.id });
    const paid = await call(`/api/admin/payouts/${row.payout.id}/pay`, { method: "POST" });
    expect(paid.status).toBe(200);
    const again = await call(`/api/admin/payouts/${row.payout.id}/pay`, { method: "POST" });
    expect(again).toMatchObject({ status: 409, body: { error: { message: "This payout has already been paid" } } });

    const draft = await t.request("/api/campaigns", {
      method: "POST",
      cookie: artist.cookie,
      json: {
        title: "Doomed Draft",
        artist_name: "A",
        song_link: "https://open.spotify.com/track/d",
        prize_cents: 10_00,
      },
    });
    const draftId = (await draft.json()).campaign.id;
    expect((await call(`/api/admin/campaigns/${draftId}`, { method: "DELETE" })).body.result).toBe("removed");

    const rows = (await auditRows()).slice(before);
    expect(rows.map((entry) => entry.action).sort()).toEqual(["approve", "delete", "end", "pay", "void_promoter"]);
    expect(rows.find((entry) => entry.action === "end")?.summary).toBe(
      `Ended "Audited Song": @${me.promoter.handle} won`,
    );
    expect(rows.find((entry) => entry.action === "pay")?.summary).toBe(
      `Paid $100 to @${me.promoter.handle} for "Audited Song"`,
    );
    expect(rows.find((entry) => entry.action === "delete")?.summary).toBe('Deleted the draft "Doomed Draft"');
    const listed = await call("/api/admin/audit");
    expect(listed.body.items[0]).toMatchObject({ action: "delete", actor_email: admin.email });
  });
});

describe("users", () => {
  it("finds users by email or handle with their role, campaigns joined or created, and wins", async () => {
    const promoter = await signUp(t, "promoter", { social_handle: "findme_handle" });
    const artist = await signUp(t, "artist");
    for (let count = 0; count < 3; count++) await joinAs(t, promoter, await createLiveCampaign(t, artist));
    const byHandle = await call("/api/admin/users?q=findme_handle");
    expect(byHandle.body.items).toEqual([
      expect.objectContaining({
        email: promoter.email,
        role: "promoter",
        account_type: "promoter",
        handle: "findme_handle",
        wins: 0,
        campaigns_joined: 3,
        campaigns_created: 0,
      }),
    ]);
    const byEmail = await call(`/api/admin/users?q=${encodeURIComponent(artist.email)}`);
    expect(byEmail.body.items[0]).toMatchObject({ account_type: "artist", campaigns_created: 3, campaigns_joined: 0 });
    expect((await call(`/api/admin/users?q=${encodeURIComponent(admin.email)}`)).body.items[0].role).toBe("admin");
  });

  it("grants and revokes admin access, never one's own", async () => {
    const user = await signUp(t, "artist");
    expect((await call(`/api/admin/users/${user.id}/grant-admin`, { method: "POST" })).status).toBe(200);
    expect((await (await t.request("/api/me", { cookie: user.cookie })).json()).isAdmin).toBe(true);
    expect((await call(`/api/admin/users/${user.id}/revoke-admin`, { method: "POST" })).status).toBe(200);
    expect((await (await t.request("/api/me", { cookie: user.cookie })).json()).isAdmin).toBe(false);
    const self = await call(`/api/admin/users/${admin.id}/revoke-admin`, { method: "POST" });
    expect(self).toMatchObject({
      status: 409,
      body: { error: { message: "You cannot revoke your own admin access" } },
    });
    const rows = await t.database.db.select().from(adminAudit).where(eq(adminAudit.subjectId, user.id));
    expect(rows.map((row) => row.action).sort()).toEqual(["grant_admin", "revoke_admin"]);
  });

  it("a ban ends the user's sessions, refuses sign-in and stops their links counting; unbanning restores sign-in", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist);
    const cheat = await signUp(t, "promoter");
    const code = await joinAs(t, cheat, campaignId);

    const banned = await call(`/api/admin/users/${cheat.id}/ban`, { method: "POST", json: { reason: "click farm" } });
    expect(banned.status).toBe(200);
    expect(await (await t.request("/api/me", { cookie: cheat.cookie })).json()).toBeNull();
    const signIn = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: cheat.email, password: cheat.password },
    });
    expect(signIn.status).toBe(403);
    expect((await signIn.json()).error.message).toBe("This account has been suspended.");

    const visit = await clickAs(t, `/t/${code}`, { ip: "198.51.100.80" });
    expect(visit.status).toBe(200);
    expect(visit.headers.get("x-click-verdict")).toBe("banned");
    await t.app.clicksWritten();
    expect(await linkVerdicts(t.database.db, code)).toEqual(["banned"]);
    const [campaign] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(campaign?.totalClicks).toBe(0);
    const listed = await call(`/api/admin/users?q=${encodeURIComponent(cheat.email)}`);
    expect(listed.body.items[0]).toMatchObject({ ban_reason: "click farm", banned_at: expect.any(String) });

    expect((await call(`/api/admin/users/${cheat.id}/unban`, { method: "POST" })).status).toBe(200);
    const again = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: cheat.email, password: cheat.password },
    });
    expect(again.status).toBe(200);
    expect((await call(`/api/admin/users/${admin.id}/ban`, { method: "POST" })).status).toBe(409);
    const rows = await t.database.db.select().from(adminAudit).where(eq(adminAudit.subjectId, cheat.id));
    expect(rows.map((row) => row.action).sort()).toEqual(["ban", "unban"]);
  });
});

describe("messages", () => {
  it("lists contact messages, marks one handled once, and shows the dev outbox", async () => {
    const sent = await t.request("/api/contact", {
      method: "POST",
      json: { name: "Sam", email: "sam@example.com", type: "billing", subject: "Refund?", message: "Where is it?" },
    });
    const { id } = await sent.json();
    const open = await call("/api/admin/messages");
    expect(open.body.items[0]).toMatchObject({ id, subject: "Refund?", type: "billing", handled_at: null });
    expect((await call(`/api/admin/messages/${id}/handled`, { method: "POST" })).status).toBe(200);
    expect((await call(`/api/admin/messages/${id}/handled`, { method: "POST" })).status).toBe(404);
    expect(
      (await call("/api/admin/messages")).body.items.find((item: { id: string }) => item.id === id),
    ).toBeUndefined();
    const all = await call("/api/admin/messages?status=all");
    expect(all.body.items.find((item: { id: string }) => item.id === id).handled_at).toEqual(expect.any(String));
    const [stored] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored?.handledAt).not.toBeNull();

    const user = await signUp(t, "promoter");
    await t.request("/api/auth/request-password-reset", { method: "POST", json: { email: user.email } });
    await expect
      .poll(async () =>
        (await call("/api/admin/outbox")).body.items.some(
          (mail: { to: string; subject: string }) => mail.to === user.email && /reset/i.test(mail.subject),
        ),
      )
      .toBe(true);

    // An email's HTML part, for the console's preview.
    const reset = (await call("/api/admin/outbox")).body.items.find(
      (mail: { to: string; subject: string }) => mail.to === user.email && /reset/i.test(mail.subject),
    );
    expect(reset.has_html).toBe(true);
    const html = await call(`/api/admin/outbox/${reset.id}/html`);
    expect(html.status).toBe(200);
    expect(html.body.html).toContain("Reset your password");
    expect((await call("/api/admin/outbox/not-an-id/html")).status).toBe(400);
  });
});

describe("the real-time list", () => {
  it("shows the newest clicks with campaign, promoter and a masked address", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist, { title: "Realtime Song" });
    const code = await joinAs(t, await signUp(t, "promoter", { social_handle: "rt_fan" }), campaignId);
    await clickAs(t, `/t/${code}`, { ip: "203.0.113.45", headers: { "CF-IPCountry": "JP" } });
    await t.app.clicksWritten();
    const [newest] = (await call("/api/admin/clicks/recent")).body.items;
    expect(newest).toMatchObject({
      campaign_title: "Realtime Song",
      promoter_handle: "rt_fan",
      masked_ip: "203.0.113.•••",
      country: "JP",
      verdict: "counted",
    });
    const [event] = await t.database.db.select().from(clickEvents).where(eq(clickEvents.campaignId, campaignId));
    expect(event?.ip).toBe("203.0.113.45");
  });
});
