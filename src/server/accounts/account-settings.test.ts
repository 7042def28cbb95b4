import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Account, SessionListing } from "../../core/api/accounts";
import { campaigns, notifications, payouts, promoters, refunds, user } from "../db/schema";
import { cookiesFrom, emailedLink, signUp, type TestUser, uniqueEmail } from "../testing/accounts";
import { createLiveCampaign, joinAs } from "../testing/campaigns";
import { adminPost, clicks, makeAdmin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, "promoter");
  await makeAdmin(t, admin);
});
afterAll(() => t.close());

const post = (path: string, cookie: string | undefined, json: unknown) =>
  t.request(path, { method: "POST", cookie, json });
const errorOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;
async function me(cookie: string): Promise<Account | null> {
  return (await (await t.request("/api/me", { cookie })).json()) as Account | null;
}
const signIn = (email: string, password: string) => post("/api/auth/sign-in/email", undefined, { email, password });

describe("handle", () => {
  it("is refused when malformed or taken (in any letter case), and shown on the leaderboards once changed", async () => {
    const promoter = await signUp(t, "promoter");
    const other = await signUp(t, "promoter");
    for (const handle of ["ab", "has space", "dots.not_allowed", "x".repeat(31), "", "@at_sign"]) {
      const response = await post("/api/account/handle", promoter.cookie, { handle });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Your handle must be 3 to 30 letters, digits, underscores or hyphens");
    }
    // The generated default meets the same rule: it can be saved back unchanged, and hyphens are welcome.
    const generated = (await me(promoter.cookie))?.promoter?.handle ?? "";
    expect(generated).toMatch(/^promoter-[a-z0-9]{5}$/);
    expect((await post("/api/account/handle", promoter.cookie, { handle: generated })).status).toBe(200);
    expect((await post("/api/account/handle", promoter.cookie, { handle: "x".repeat(30) })).status).toBe(200);
    expect((await post("/api/account/handle", promoter.cookie, { handle: "dj-nova_7" })).status).toBe(200);
    expect((await post("/api/account/handle", other.cookie, { handle: "Night_Owl" })).status).toBe(200);
    const taken = await post("/api/account/handle", promoter.cookie, { handle: "night_owl" });
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toBe("That handle is already taken");

    const changed = await post("/api/account/handle", promoter.cookie, { handle: "Beat_Hunter_7" });
    expect(changed.status).toBe(200);
    expect((await me(promoter.cookie))?.promoter?.handle).toBe("Beat_Hunter_7");
    const campaignId = await createLiveCampaign(t, await signUp(t, "artist"));
    await joinAs(t, promoter, campaignId);
    const board = (await (await t.request(`/api/campaigns/${campaignId}/leaderboard`)).json()) as {
      entries: Array<{ handle: string }>;
    };
    expect(board.entries.map((entry) => entry.handle)).toEqual(["Beat_Hunter_7"]);
  });

  it("is held once in any letter case by the database too, so requests racing past the check cannot share it", async () => {
    const holder = await signUp(t, "promoter");
    expect((await post("/api/account/handle", holder.cookie, { handle: "Race_Winner" })).status).toBe(200);
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

    const missing = await post("/api/auth/change-password", member.cookie, { newPassword: "a brand new pass" });
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toBe("Current password is required");
    const short = await post("/api/auth/change-password", member.cookie, {
      currentPassword: member.password,
      newPassword: "short",
    });
    expect(await errorOf(short)).toBe("Password must be at least 8 characters");
    const wrong = await post("/api/auth/change-password", member.cookie, {
      currentPassword: "not my password",
      newPassword: "a brand new pass",
    });
    expect(wrong.status).toBe(400);

    const changed = await post("/api/auth/change-password", member.cookie, {
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
  it("lists the user's sessions and signs one out", async () => {
    const member = await signUp(t, "artist");
    const otherDevice = cookiesFrom(await signIn(member.email, member.password));
    const listed = await t.request("/api/auth/list-sessions", { cookie: member.cookie });
    const sessions = (await listed.json()) as SessionListing[];
    const otherToken = decodeURIComponent(otherDevice.split("=")[1] ?? "").split(".")[0] as string;
    // Sign-up, the verification link's own sign-in, and the other device.
    expect(sessions.length).toBe(3);
    expect(sessions.map((session) => session.token)).toContain(otherToken);
    const revoked = await post("/api/auth/revoke-session", member.cookie, { token: otherToken });
    expect(revoked.status).toBe(200);
    expect(await me(otherDevice)).toBeNull();
    expect((await me(member.cookie))?.user.email).toBe(member.email);
  });
});

describe("email", () => {
  it("changes only once the new address is verified through the link sent to it", async () => {
    const member = await signUp(t, "promoter");
    const invalid = await post("/api/auth/change-email", member.cookie, { newEmail: "not an email" });
    expect(invalid.status).toBe(400);
    expect(await errorOf(invalid)).toBe("Please enter a valid email address");

    const next = uniqueEmail("moved");
    expect((await post("/api/auth/change-email", member.cookie, { newEmail: next })).status).toBe(200);
    expect((await me(member.cookie))?.user.email).toBe(member.email);
    const verified = await t.request(await emailedLink(t, next, /verify your/i), { cookie: member.cookie });
    expect(verified.status).toBe(302);
    expect((await me(member.cookie))?.user.email).toBe(next);
  });
});

describe("deleting an account", () => {
  it("is refused with the reason while a campaign runs or a prize is unpaid, and needs the password", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist, { title: "Still Running" });
    const wrong = await post("/api/account/delete", artist.cookie, { password: "not the password" });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toBe("That password is not right");
    const live = await post("/api/account/delete", artist.cookie, { password: artist.password });
    expect(live.status).toBe(409);
    expect(await errorOf(live)).toBe(
      'Your campaign "Still Running" is still running. You can delete your account once it has ended.',
    );

    const winner = await signUp(t, "promoter");
    await clicks(t, await joinAs(t, winner, campaignId), 1, "10.77.1");
    expect((await adminPost(t, admin, `/api/admin/campaigns/${campaignId}/end`)).status).toBe(200);
    const unpaid = await post("/api/account/delete", winner.cookie, { password: winner.password });
    expect(unpaid.status).toBe(409);
    expect(await errorOf(unpaid)).toBe(
      "You have a prize of $100 that has not been paid out yet. You can delete your account once it is paid.",
    );
    expect(await me(winner.cookie)).not.toBeNull();
  });

  it("removes the person's data and keeps the financial records", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist, { title: "Nobody Clicked" });
    // No winner: the prize is refunded (the sandbox refunds at once) and the campaign completes.
    expect((await adminPost(t, admin, `/api/admin/campaigns/${campaignId}/end`)).status).toBe(200);
    const draft = await post("/api/campaigns", artist.cookie, {
      title: "Unpaid Draft",
      artist_name: "Band",
      song_link: "https://open.spotify.com/track/x",
      prize_cents: 100_00,
      duration_days: 7,
    });
    const draftId = ((await draft.json()) as { campaign: { id: string } }).campaign.id;
    expect(
      await t.database.db.select().from(notifications).where(eq(notifications.userId, artist.id)),
    ).not.toHaveLength(0);

    const deleted = await post("/api/account/delete", artist.cookie, { password: artist.password });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
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
