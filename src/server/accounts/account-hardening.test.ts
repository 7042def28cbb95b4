import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../core/auth-rules";
import { signInAttempts, user as users } from "../db/schema";
import { listOutbox } from "../mail/outbox";
import { emailedLink, signUp, type TestUser, uniqueEmail, verifyEmail } from "../testing/accounts";
import { createTestApp, createTestAuth, type TestApp } from "../testing/test-app";
import { signInHeldMessage } from "./sign-in-hold";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function post(path: string, json: unknown, init: { ip?: string; cookie?: string } = {}) {
  const response = await t.request(path, { method: "POST", json, ...init });
  return { status: response.status, body: await response.json().catch(() => null), response };
}

const me = async (who: TestUser) => (await t.request("/api/me", { cookie: who.cookie })).json();

describe("the role is never writable by its user", () => {
  it("refuses update-user with a role, whatever role is asked for, and the role stays", async () => {
    const promoter = await signUp(t, "promoter");
    for (const role of ["artist", "admin", "promoter"]) {
      const { status, body } = await post("/api/auth/update-user", { user_type: role }, { cookie: promoter.cookie });
      expect(status).toBe(400);
      expect(body.error.message).toBe(authMessages.accountTypeFixed);
    }
    expect(await me(promoter)).toMatchObject({ role: "promoter", isAdmin: false });
    const create = await post(
      "/api/campaigns",
      { title: "T", artist_name: "A", song_link: "https://open.spotify.com/track/x", prize_cents: 10_00 },
      { cookie: promoter.cookie },
    );
    expect(create.status).toBe(403);
  });

  it("is refused by Better Auth itself, below our routes, and by the database", async () => {
    const promoter = await signUp(t, "promoter");
    const auth = createTestAuth(t);
    await expect(
      auth.api.updateUser({
        body: { user_type: "artist" } as never,
        headers: new Headers({ cookie: promoter.cookie }),
      }),
    ).rejects.toThrow(/not allowed/);
    await expect(
      t.database.db
        .update(users)
        .set({ user_type: "admin" as never })
        .where(eq(users.id, promoter.id)),
    ).rejects.toThrow();
    expect((await me(promoter)).role).toBe("promoter");
  });

  it("keeps the role chosen at sign-up, and a sign-up cannot choose anything but artist or promoter", async () => {
    const artist = await signUp(t, "artist");
    expect((await me(artist)).role).toBe("artist");
    const admin = await post("/api/auth/sign-up/email", {
      email: uniqueEmail(),
      password: "long enough password",
      first_name: "A",
      last_name: "B",
      user_type: "admin",
    });
    expect(admin.status).toBe(400);
  });
});

describe("update-user validates like sign-up", () => {
  it("refuses oversized, malformed and unknown fields, and stores nothing", async () => {
    const artist = await signUp(t, "artist");
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ first_name: "N".repeat(10_000) }, "First name must be at most 100 characters"],
      [{ name: "x".repeat(300) }, "Name must be at most 201 characters"],
      [{ social_handle: "<script>alert(1)</script>" }, authMessages.socialHandleInvalid],
      [{ first_name: 12345 }, "First name must be text"],
      [{ last_name: "Bad\u0000Byte" }, "Last name contains characters that are not allowed"],
      [{ first_name: "  " }, authMessages.firstNameRequired],
      [{ artist_name: "" }, authMessages.artistNameRequired],
      [{ image: "https://example.com/me.png" }, "image cannot be changed here"],
      [{ email: "other@example.com" }, "email cannot be changed here"],
      [{}, "Nothing to change"],
    ];
    for (const [body, message] of cases) {
      const response = await post("/api/auth/update-user", body, { cookie: artist.cookie });
      expect(response.status, message).toBe(400);
      expect(response.body.error.message).toBe(message);
    }
    expect((await me(artist)).user).toMatchObject({
      first_name: "Test",
      last_name: "Artist",
      artist_name: "The Testers",
    });
  });

  it("refuses a body over the size limit before reading it", async () => {
    const promoter = await signUp(t, "promoter");
    const response = await post(
      "/api/auth/update-user",
      { first_name: "N".repeat(1024 * 1024) },
      { cookie: promoter.cookie },
    );
    expect(response.status).toBe(413);
    expect(response.body.error.message).toBe("The request body is too large");
  });

  it("stores a valid change", async () => {
    const promoter = await signUp(t, "promoter");
    const response = await post(
      "/api/auth/update-user",
      { first_name: " Grace ", last_name: "Hopper", social_handle: "@grace_h" },
      { cookie: promoter.cookie },
    );
    expect(response.status).toBe(200);
    expect((await me(promoter)).user).toMatchObject({
      first_name: "Grace",
      last_name: "Hopper",
      social_handle: "@grace_h",
    });
  });

  it("needs a session", async () => {
    const response = await post("/api/auth/update-user", { first_name: "Anon" });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toBe("Authentication required");
  });
});

describe("Better Auth endpoints", () => {
  it("are closed unless the app exposes them", async () => {
    const user = await signUp(t, "promoter");
    for (const path of [
      // Accounts are deleted by the app's own endpoint (it keeps the financial records): Better Auth's stays closed.
      "/api/auth/delete-user",
      "/api/auth/update-session",
      "/api/auth/sign-in/social",
    ]) {
      const response = await post(path, {}, { cookie: user.cookie });
      expect(response.status, path).toBe(404);
    }
    expect((await t.request("/api/auth/list-accounts", { cookie: user.cookie })).status).toBe(404);
    expect((await me(user)).user.email).toBe(user.email);
  });

  it("answer errors in the API's envelope", async () => {
    const user = await signUp(t, "promoter");
    const again = await post("/api/auth/sign-up/email", {
      email: user.email,
      password: "long enough password",
      first_name: "A",
      last_name: "B",
      user_type: "promoter",
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect(typeof again.body.error.message).toBe("string");
    expect(again.body.error.code).toBeTruthy();
  });
});

describe("per-account sign-in hold", () => {
  const guess = (email: string, ip: string, password = "wrong password!") =>
    post("/api/auth/sign-in/email", { email, password }, { ip });

  it("holds an account after 5 failures from different addresses, whatever the next address or password", async () => {
    const user = await signUp(t, "promoter");
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await guess(user.email, `198.18.1.${attempt}`)).status).toBe(401);
    }
    const held = await guess(user.email, "198.18.1.99", user.password);
    expect(held.status).toBe(429);
    expect(held.body.error.message).toBe(signInHeldMessage);
    expect(held.response.headers.get("retry-after")).toBe("900");
    // Another account is not affected.
    const other = await signUp(t, "promoter");
    expect((await guess(other.email, "198.18.1.99", other.password)).status).toBe(200);
  });

  it("counts concurrent guesses before their answers, so a burst cannot get past five", async () => {
    const user = await signUp(t, "promoter");
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => guess(user.email, `198.18.2.${index + 1}`).then((r) => r.status)),
    );
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
  });

  it("lets the account in again after 15 minutes", async () => {
    const user = await signUp(t, "promoter");
    for (let attempt = 1; attempt <= 5; attempt++) await guess(user.email, `198.18.3.${attempt}`);
    expect((await guess(user.email, "198.18.3.50", user.password)).status).toBe(429);
    await t.database.db
      .update(signInAttempts)
      .set({ heldUntil: sql`now() - interval '1 second'`, windowStart: sql`now() - interval '16 minutes'` })
      .where(eq(signInAttempts.email, user.email));
    expect((await guess(user.email, "198.18.3.51", user.password)).status).toBe(200);
  });

  it("is cleared by a successful sign-in before the limit, and by a password reset", async () => {
    const user = await signUp(t, "promoter");
    for (let attempt = 1; attempt <= 4; attempt++) await guess(user.email, `198.18.4.${attempt}`);
    expect((await guess(user.email, "198.18.4.10", user.password)).status).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++)
      expect((await guess(user.email, `198.18.4.${20 + attempt}`)).status).toBe(401);

    for (let attempt = 1; attempt <= 2; attempt++) await guess(user.email, `198.18.4.${30 + attempt}`);
    expect((await guess(user.email, "198.18.4.40", user.password)).status).toBe(429);
    await post("/api/auth/request-password-reset", { email: user.email });
    const token = await resetToken(user.email);
    expect((await post("/api/auth/reset-password", { token, newPassword: "a fresh password 1" })).status).toBe(200);
    expect((await guess(user.email, "198.18.4.41", "a fresh password 1")).status).toBe(200);
  });
});

/** Follows the newest emailed reset link to the token the reset form receives. */
async function resetToken(email: string): Promise<string> {
  const link = await t.request(await emailedLink(t, email, /reset your/i));
  const location = new URL(link.headers.get("location") ?? "", t.config.publicUrl);
  return location.searchParams.get("token") ?? "";
}

async function waitForResetMails(email: string, count: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = (await listOutbox(t.database.db, email)).filter((mail) => /reset your/i.test(mail.subject));
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`fewer than ${count} reset emails to ${email}`);
}

describe("password reset links", () => {
  it("stop working once any of them was used", async () => {
    const user = await signUp(t, "artist");
    await post("/api/auth/request-password-reset", { email: user.email });
    const [older] = await waitForResetMails(user.email, 1);
    const olderLink = new URL(older?.text.match(/https?:\/\/\S+/)?.[0] ?? "");
    await post("/api/auth/request-password-reset", { email: user.email });
    await waitForResetMails(user.email, 2);
    const newer = await resetToken(user.email);
    expect((await post("/api/auth/reset-password", { token: newer, newPassword: "newest password 1" })).status).toBe(
      200,
    );

    const olderToken = olderLink.pathname.split("/").at(-1) ?? "";
    const reused = await post("/api/auth/reset-password", { token: olderToken, newPassword: "attacker password 1" });
    expect(reused.status).toBe(400);
    expect((await post("/api/auth/sign-in/email", { email: user.email, password: "newest password 1" })).status).toBe(
      200,
    );
  });
});

describe("email verification", () => {
  it("is emailed at sign-up; the link verifies the address, lands on the app's page and signs nobody in", async () => {
    const user = await signUp(t, "promoter", {}, { verified: false });
    expect((await me(user)).user.email_verified).toBe(false);
    // Whoever opens the link (here without any session) gets no session of the account.
    const link = await t.request(await emailedLink(t, user.email, /verify your/i));
    expect(link.status).toBe(302);
    expect(link.headers.get("location")).toMatch(/\/auth\/email-verified$/);
    expect(link.headers.getSetCookie().filter((cookie) => /session_token=[^;]/.test(cookie))).toEqual([]);
    expect((await me(user)).user.email_verified).toBe(true);
  });

  it("is required before a payout account can be set up", async () => {
    const user = await signUp(t, "promoter", {}, { verified: false });
    for (const path of ["/api/payouts/account", "/api/payouts/account-link"]) {
      const refused = await post(path, {}, { cookie: user.cookie });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toMatch(/verify your email address/i);
    }
    await verifyEmail(t, user.email);
    expect((await post("/api/payouts/account", {}, { cookie: user.cookie })).status).toBe(200);
  });

  it("can be sent again to the signed-in user only, never to an address the caller names", async () => {
    const user = await signUp(t, "promoter", {}, { verified: false });
    const before = (await listOutbox(t.database.db, user.email)).length;
    expect(
      (await post("/api/auth/send-verification-email", { email: "victim@example.com" }, { cookie: user.cookie }))
        .status,
    ).toBe(200);
    expect(await listOutbox(t.database.db, "victim@example.com")).toHaveLength(0);
    expect((await listOutbox(t.database.db, user.email)).length).toBe(before + 1);
    expect((await post("/api/auth/send-verification-email", {})).status).toBe(401);
  });
});
