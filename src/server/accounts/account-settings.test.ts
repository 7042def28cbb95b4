import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsApi } from "../../core/api/accounts";
import { campaignsApi } from "../../core/api/campaigns";
import { leaderboardsApi } from "../../core/api/leaderboards";
import { campaigns, notifications, payouts, promoters, refunds, user } from "../db/schema";
import { listOutbox } from "../mail/outbox";
import { cookiesFrom, emailedLink, signUp, type TestUser, uniqueEmail } from "../testing/accounts";
import { createLiveCampaign, joinAs } from "../testing/campaigns";
import { bodyOf, callRoute, errorOf, okRoute } from "../testing/contract-call";
import { adminPost, clicks, makeAdmin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, "promoter");
  await makeAdmin(t, admin);
});
afterAll(() => t?.close());

const me = (cookie: string) => okRoute(t, accountsApi.me, { cookie });
const signIn = (email: string, password: string) => callRoute(t, accountsApi.signIn, { body: { email, password } });
const setHandle = (cookie: string, handle: string) =>
  callRoute(t, accountsApi.changeHandle, { cookie, body: { handle } });
const changePassword = (cookie: string, body: unknown) =>
  callRoute(t, accountsApi.changePassword, { cookie, untypedBody: body });
const deleteAccount = (member: TestUser, password: string) =>
  callRoute(t, accountsApi.deleteAccount, { cookie: member.cookie, body: { password } });
/** A Better Auth endpoint the app keeps closed (no contract: the API has no such route). */
const closedAuthPost = (path: string, cookie: string, json: unknown) =>
  t.request(path, { method: "POST", cookie, json });

describe("handle", () => {
  it("is refused when malformed or taken (in any letter case), and shown on the leaderboards once changed", async () => {
    const promoter = await signUp(t, "promoter");
    const other = await signUp(t, "promoter");
    for (const handle of ["ab", "has space", "dots.not_allowed", "x".repeat(31), "", "@at_sign"]) {
      const response = await setHandle(promoter.cookie, handle);
      expect(response.status).toBe(400);
      expect(errorOf(response).message).toBe("Your handle must be 3 to 30 letters, digits, underscores or hyphens");
    }
    // The generated default meets the same rule: it can be saved back unchanged, and hyphens are welcome.
    const generated = (await me(promoter.cookie))?.promoter?.handle ?? "";
    expect(generated).toMatch(/^promoter-[a-z0-9]{5}$/);
    expect((await setHandle(promoter.cookie, generated)).status).toBe(200);
    expect((await setHandle(promoter.cookie, "x".repeat(30))).status).toBe(200);
    expect((await setHandle(promoter.cookie, "dj-nova_7")).status).toBe(200);
    expect((await setHandle(other.cookie, "Night_Owl")).status).toBe(200);
    const taken = await setHandle(promoter.cookie, "night_owl");
    expect(taken.status).toBe(409);
    expect(errorOf(taken).message).toBe("That handle is already taken");

    const changed = await setHandle(promoter.cookie, "Beat_Hunter_7");
    expect(changed.status).toBe(200);
    expect((await me(promoter.cookie))?.promoter?.handle).toBe("Beat_Hunter_7");
    const campaignId = await createLiveCampaign(t, await signUp(t, "artist"));
    await joinAs(t, promoter, campaignId);
    const board = await okRoute(t, leaderboardsApi.campaign, { params: { id: campaignId } });
    expect(board.entries.map((entry) => entry.handle)).toEqual(["Beat_Hunter_7"]);
  });

  it("is held once in any letter case by the database too, so requests racing past the check cannot share it", async () => {
    const holder = await signUp(t, "promoter");
    expect((await setHandle(holder.cookie, "Race_Winner")).status).toBe(200);
    const racer = await signUp(t, "artist");
    await expect(
      t.database.db.insert(promoters).values({ authUserId: racer.id, handle: "race_WINNER" }),
    ).rejects.toThrow();
    const holders = await t.database.db
      .select({ handle: promoters.handle })
      .from(promoters)
      .where(sql`lower(${promoters.handle}) = 'race_winner'`);
    expect(holders).toEqual([{ handle: "Race_Winner" }]);
  });
});

describe("password", () => {
  it("needs the current password, follows the sign-up rules, and signs out the other sessions", async () => {
    const member = await signUp(t, "promoter");
    const otherDevice = cookiesFrom(await signIn(member.email, member.password));
    expect((await me(otherDevice))?.user.email).toBe(member.email);

    const missing = await changePassword(member.cookie, { newPassword: "a brand new pass" });
    expect(missing.status).toBe(400);
    expect(errorOf(missing).message).toBe("Current password is required");
    const short = await changePassword(member.cookie, {
      currentPassword: member.password,
      newPassword: "short",
    });
    expect(errorOf(short).message).toBe("Password must be at least 8 characters");
    const wrong = await changePassword(member.cookie, {
      currentPassword: "not my password",
      newPassword: "a brand new pass",
    });
    expect(wrong.status).toBe(400);

    const changed = await changePassword(member.cookie, {
      currentPassword: member.password,
      newPassword: "a brand new pass",
    });
    expect(changed.status).toBe(200);
    expect(await me(otherDevice)).toBeNull();
    expect((await signIn(member.email, member.password)).status).toBe(401);
    expect((await signIn(member.email, "a brand new pass")).status).toBe(200);
  });
});

describe("sessions", () => {
  it("lists the user's sessions by id with this device marked, never a token, and signs another one out", async () => {
    const member = await signUp(t, "artist");
    const otherDevice = cookiesFrom(await signIn(member.email, member.password));
    const sessions = await okRoute(t, accountsApi.listSessions, { cookie: member.cookie });
    // Sign-up and the other device (opening the verification link signs nobody in).
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    const otherToken = decodeURIComponent(otherDevice.split("=")[1] ?? "").split(".")[0] as string;
    expect(JSON.stringify(sessions)).not.toContain(otherToken);
    const other = sessions.find((session) => !session.current);
    const current = sessions.find((session) => session.current);
    if (!other || !current) throw new Error("Both sessions are listed");
    const revoke = (id: string, by: TestUser) =>
      callRoute(t, accountsApi.revokeSession, { params: { id }, cookie: by.cookie });
    expect((await revoke(current.id, member)).status).toBe(409);
    expect((await revoke(other.id, admin)).status).toBe(404);
    const revoked = await revoke(other.id, member);
    expect(revoked.status).toBe(200);
    expect(await me(otherDevice)).toBeNull();
    expect((await me(member.cookie))?.user.email).toBe(member.email);
    // No script gets a session token: Better Auth's session endpoints are closed and sign-in answers without one.
    for (const path of ["/api/auth/get-session", "/api/auth/list-sessions"]) {
      expect((await t.request(path, { cookie: member.cookie })).status, path).toBe(404);
    }
    expect((await closedAuthPost("/api/auth/revoke-session", member.cookie, { token: otherToken })).status).toBe(404);
    const signedIn = await signIn(member.email, member.password);
    expect(JSON.stringify(bodyOf(signedIn))).not.toMatch(/"token"/);
  });
});

describe("email", () => {
  const changeEmail = (member: TestUser, newEmail: string, password = member.password) =>
    callRoute(t, accountsApi.changeEmail, { cookie: member.cookie, body: { newEmail, password } });
  const confirmLink = (to: string) => emailedLink(t, to, /Confirm your new/);

  it("changes with the current password once the new address opens its link, and tells the old one", async () => {
    const member = await signUp(t, "promoter");
    const invalid = await changeEmail(member, "not an email");
    expect(invalid.status).toBe(400);
    expect(errorOf(invalid).message).toBe("Please enter a valid email address");
    const wrong = await changeEmail(member, uniqueEmail("moved"), "not the password");
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).message).toBe("That password is not right");
    expect(errorOf(await changeEmail(member, member.email)).message).toBe("That is already your email address");
    expect(errorOf(await changeEmail(member, admin.email)).message).toBe(
      "Another account already uses this email address",
    );
    // Better Auth's own change-email (no password, a stateless link) is closed.
    expect((await closedAuthPost("/api/auth/change-email", member.cookie, { newEmail: uniqueEmail() })).status).toBe(
      404,
    );

    const next = uniqueEmail("moved");
    const asked = await changeEmail(member, next);
    expect(asked.status).toBe(200);
    expect(bodyOf(asked)).toEqual({ sentTo: next });
    expect((await me(member.cookie))?.user.email).toBe(member.email);
    const confirmed = await t.request(await confirmLink(next));
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/auth/email-verified?email_change=confirmed");
    expect((await me(member.cookie))?.user).toMatchObject({ email: next, email_verified: true });
    expect((await signIn(next, member.password)).status).toBe(200);
    // Each link works once.
    expect((await t.request(await confirmLink(next))).headers.get("location")).toBe(
      "/auth/email-verified?error=invalid_link",
    );
    const notice = await emailedLink(t, member.email, /email address was changed/);
    expect(notice).toMatch(/^\/api\/account\/email\/undo\?token=/);
  });

  it("is voided by a password reset, so a stolen session cannot finish it", async () => {
    const owner = await signUp(t, "promoter");
    const attacker = { ...owner, cookie: cookiesFrom(await signIn(owner.email, owner.password)) };
    const attackers = uniqueEmail("attacker");
    expect((await changeEmail(attacker, attackers)).status).toBe(200);
    const link = await confirmLink(attackers);
    // The owner takes the account back: a reset through the emailed link.
    expect((await callRoute(t, accountsApi.requestPasswordReset, { body: { email: owner.email } })).status).toBe(200);
    const reset = await emailedLink(t, owner.email, /reset your/i);
    const token = new URL(reset, "http://x").pathname.split("/").pop() as string;
    expect(
      (await callRoute(t, accountsApi.resetPassword, { body: { token, newPassword: "the owner's new one" } })).status,
    ).toBe(200);
    const late = await t.request(link);
    expect(late.headers.get("location")).toBe("/auth/email-verified?error=invalid_link");
    const [row] = await t.database.db.select().from(user).where(eq(user.id, owner.id));
    expect(row?.email).toBe(owner.email);
  });

  it("can be undone from the old address: it comes back, every session ends, a reset link is sent", async () => {
    const owner = await signUp(t, "promoter");
    const taken = uniqueEmail("taken");
    expect((await changeEmail(owner, taken)).status).toBe(200);
    await t.request(await confirmLink(taken));
    const undo = await t.request(await emailedLink(t, owner.email, /email address was changed/));
    expect(undo.headers.get("location")).toBe("/auth/email-verified?email_change=undone");
    const [row] = await t.database.db.select().from(user).where(eq(user.id, owner.id));
    expect(row?.email).toBe(owner.email);
    expect(await me(owner.cookie)).toBeNull();
    expect(await emailedLink(t, owner.email, /reset your/i)).toMatch(/reset-password/);
  });

  it("to an address another account confirmed first is refused with a reason, not an error", async () => {
    const first = await signUp(t, "promoter");
    const second = await signUp(t, "promoter");
    const wanted = uniqueEmail("wanted");
    expect((await changeEmail(first, wanted)).status).toBe(200);
    expect((await changeEmail(second, wanted)).status).toBe(200);
    const links = (await listOutbox(t.database.db, wanted)).map((mail) => {
      const url = new URL(mail.text.match(/https?:\/\/\S+/)?.[0] ?? "");
      return url.pathname + url.search;
    });
    expect(links).toHaveLength(2);
    const answers = await Promise.all(links.map((link) => t.request(link)));
    expect(answers.map((answer) => answer.headers.get("location")).sort()).toEqual([
      "/auth/email-verified?email_change=confirmed",
      "/auth/email-verified?error=address_taken",
    ]);
  });
});

describe("deleting an account", () => {
  it("is refused with the reason while a campaign runs or a prize is unpaid, and needs the password", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist, { title: "Still Running" });
    const wrong = await deleteAccount(artist, "not the password");
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).message).toBe("That password is not right");
    const live = await deleteAccount(artist, artist.password);
    expect(live.status).toBe(409);
    expect(errorOf(live).message).toBe(
      'Your campaign "Still Running" is still running. You can delete your account once it has ended.',
    );

    const winner = await signUp(t, "promoter");
    await clicks(t, await joinAs(t, winner, campaignId), 1, "10.77.1");
    expect((await adminPost(t, admin, `/api/admin/campaigns/${campaignId}/end`)).status).toBe(200);
    const unpaid = await deleteAccount(winner, winner.password);
    expect(unpaid.status).toBe(409);
    expect(errorOf(unpaid).message).toBe(
      "You have a prize of $100 that has not been paid out yet. You can delete your account once it is paid.",
    );
    expect(await me(winner.cookie)).not.toBeNull();
  });

  it("removes the person's data and keeps the financial records", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist, { title: "Nobody Clicked" });
    // No winner: the prize is refunded (the sandbox refunds at once) and the campaign completes.
    expect((await adminPost(t, admin, `/api/admin/campaigns/${campaignId}/end`)).status).toBe(200);
    const draft = await okRoute(t, campaignsApi.create, {
      cookie: artist.cookie,
      body: {
        title: "Unpaid Draft",
        artist_name: "Band",
        song_link: "https://open.spotify.com/track/x",
        prize_cents: 100_00,
        duration_days: 7,
      },
    });
    const draftId = draft.campaign.id;
    expect(
      await t.database.db.select().from(notifications).where(eq(notifications.userId, artist.id)),
    ).not.toHaveLength(0);

    const deleted = await deleteAccount(artist, artist.password);
    expect(deleted.status, deleted.ok ? undefined : deleted.error.message).toBe(200);
    expect(await me(artist.cookie)).toBeNull();
    expect((await signIn(artist.email, artist.password)).status).toBe(401);
    const [row] = await t.database.db.select().from(user).where(eq(user.id, artist.id));
    expect(row).toMatchObject({ name: "Deleted user", first_name: null, last_name: null, artist_name: null });
    expect(row?.email).not.toContain(artist.email);
    // The funded campaign and its refund stay; the unpaid draft goes.
    expect(await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId))).toHaveLength(1);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.campaignId, campaignId))).toHaveLength(1);
    expect(await t.database.db.select().from(campaigns).where(eq(campaigns.id, draftId))).toHaveLength(0);
    expect(await t.database.db.select().from(payouts).where(eq(payouts.campaignId, campaignId))).toHaveLength(0);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, artist.id))).toHaveLength(0);
  });
});
