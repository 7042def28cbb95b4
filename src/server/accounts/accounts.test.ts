import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsApi } from "../../core/api/accounts";
import { authMessages } from "../../core/auth-rules";
import { admins, promoters } from "../db/schema";
import type { AppEnv } from "../http/app-env";
import { listOutbox } from "../mail/outbox";
import { cookiesFrom, signUp, uniqueEmail, verifyEmail } from "../testing/accounts";
import { okRoute } from "../testing/contract-call";
import { createTestApp, createTestAuth, type TestApp } from "../testing/test-app";
import { runAdminCommand } from "./admin-command";
import { syncAdminEmails } from "./admins";
import { createGuards } from "./guards";

const bossEmail = "boss@example.com";
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: bossEmail } });
});
afterAll(() => t?.close());

const validSignup = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail(),
  password: "long enough password",
  first_name: "Ada",
  last_name: "Lovelace",
  user_type: "promoter",
  ...overrides,
});

async function postJson(path: string, json: unknown, init: { ip?: string; cookie?: string } = {}) {
  const response = await t.request(path, { method: "POST", json, ...init });
  return { status: response.status, body: await response.json().catch(() => null), response };
}

describe("sign-up validation (SPEC.md section 5, server side)", () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["missing email", { email: "" }, authMessages.emailRequired],
    ["bad email", { email: "not-an-email" }, authMessages.emailInvalid],
    ["missing password", { password: "" }, authMessages.passwordRequired],
    ["short password", { password: "short" }, authMessages.passwordTooShort],
    ["missing first name", { first_name: "  " }, authMessages.firstNameRequired],
    ["missing last name", { last_name: "" }, authMessages.lastNameRequired],
    ["artist without artist name", { user_type: "artist", artist_name: "" }, authMessages.artistNameRequired],
  ];
  for (const [name, overrides, message] of cases) {
    it(`refuses ${name}`, async () => {
      const { status, body } = await postJson("/api/auth/sign-up/email", validSignup(overrides));
      expect(status).toBe(400);
      expect(body.error.message).toBe(message);
    });
  }

  it("refuses a body that is not JSON with a 400 that says so", async () => {
    const response = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      body: "{nope",
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe("Malformed JSON in request body");
  });

  it("says which field is too long, and refuses control characters and a malformed social handle", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ first_name: "A".repeat(101) }, "First name must be at most 100 characters"],
      [{ last_name: "Lovelace\u0000" }, "Last name contains characters that are not allowed"],
      [{ first_name: 42 }, "First name must be text"],
      [{ social_handle: "<script>alert(1)</script>" }, authMessages.socialHandleInvalid],
      [{ password: "p".repeat(129) }, authMessages.passwordTooLong],
      [{ email: `${"a".repeat(250)}@example.com` }, authMessages.emailInvalid],
      [{ email: "nul\u0000@example.com" }, authMessages.emailInvalid],
    ];
    for (const [overrides, message] of cases) {
      const { status, body } = await postJson("/api/auth/sign-up/email", validSignup(overrides));
      expect(status, message).toBe(400);
      expect(body.error.message).toBe(message);
    }
  });
});

describe("sign-in validation", () => {
  it("uses SPEC.md's messages", async () => {
    expect((await postJson("/api/auth/sign-in/email", { email: "", password: "x" })).body.error.message).toBe(
      authMessages.emailRequired,
    );
    expect((await postJson("/api/auth/sign-in/email", { email: "a@b.co", password: "" })).body.error.message).toBe(
      authMessages.passwordRequired,
    );
    expect(
      (await postJson("/api/auth/sign-in/email", { email: "a@b.co", password: "1234567" })).body.error.message,
    ).toBe(authMessages.passwordTooShort);
  });
});

describe("sign-up, sign-in and sessions", () => {
  it("signs up an artist with the metadata and no promoter profile", async () => {
    const artist = await signUp(t, "artist", { artist_name: "Nova Lights" });
    const me = await t.request("/api/me", { cookie: artist.cookie });
    expect(me.status).toBe(200);
    const body = await me.json();
    expect(body).toMatchObject({
      role: "artist",
      isAdmin: false,
      promoter: null,
      user: {
        email: artist.email,
        first_name: "Test",
        last_name: "Artist",
        artist_name: "Nova Lights",
        user_type: "artist",
      },
    });
  });

  it("signs up a promoter with a profile named after the social handle, refuses a taken one, or generates one", async () => {
    const first = await signUp(t, "promoter", { social_handle: "@BeatHunter" });
    const firstMe = await (await t.request("/api/me", { cookie: first.cookie })).json();
    expect(firstMe.role).toBe("promoter");
    expect(firstMe.promoter.handle).toBe("BeatHunter");

    const email = uniqueEmail("promoter");
    const taken = await postJson("/api/auth/sign-up/email", {
      email,
      password: "correct horse battery",
      first_name: "Second",
      last_name: "Fan",
      user_type: "promoter",
      social_handle: "@BEATHUNTER",
    });
    expect(taken.status).toBe(400);
    expect(taken.body.message ?? taken.body.error?.message).toBe(authMessages.socialHandleTaken);
    // The handle rule of the settings holds at sign-up: no dots, at least 3 characters.
    for (const social_handle of ["beat.hunter.2", "@ab"]) {
      const refused = await postJson("/api/auth/sign-up/email", {
        email,
        password: "correct horse battery",
        first_name: "Second",
        last_name: "Fan",
        user_type: "promoter",
        social_handle,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(authMessages.socialHandleInvalid);
    }
    // Nothing was created: the same address signs up with another handle.
    const second = await signUp(t, "promoter", { email, social_handle: "beat-hunter-2" });
    const secondMe = await (await t.request("/api/me", { cookie: second.cookie })).json();
    expect(secondMe.promoter.handle).toBe("beat-hunter-2");

    const third = await signUp(t, "promoter");
    const thirdMe = await (await t.request("/api/me", { cookie: third.cookie })).json();
    expect(thirdMe.promoter.handle).toMatch(/^promoter-[a-z0-9]{5}$/);
  });

  it("signs in with a trimmed, lowercased email and refuses a wrong password", async () => {
    const user = await signUp(t, "promoter");
    const wrong = await postJson("/api/auth/sign-in/email", { email: user.email, password: "wrong password!" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe("Invalid email or password");

    const right = await postJson("/api/auth/sign-in/email", {
      email: `  ${user.email.toUpperCase()} `,
      password: user.password,
    });
    expect(right.status).toBe(200);
    const cookie = cookiesFrom(right.response);
    expect(right.response.headers.getSetCookie().join(";")).toMatch(/HttpOnly/i);
    expect(right.response.headers.getSetCookie().join(";")).toMatch(/SameSite=Lax/i);
    const me = await t.request("/api/me", { cookie });
    expect((await me.json()).user.email).toBe(user.email);
  });

  it("ends the session at sign-out", async () => {
    const user = await signUp(t, "promoter");
    expect((await t.request("/api/me", { cookie: user.cookie })).status).toBe(200);
    const out = await t.request("/api/auth/sign-out", { method: "POST", cookie: user.cookie, json: {} });
    expect(out.status).toBe(200);
    expect(await (await t.request("/api/me", { cookie: user.cookie })).json()).toBeNull();
  });

  it("refuses a POST from a foreign origin", async () => {
    const user = await signUp(t, "promoter");
    const response = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: user.email, password: user.password },
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
  });

  it("answers /api/me with null when signed out", async () => {
    const response = await t.request("/api/me");
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
  });
});

describe("password reset", () => {
  async function waitForMail(to: string) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const mail = (await listOutbox(t.database.db, to)).find((candidate) => /reset your/i.test(candidate.subject));
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`No email to ${to}`);
  }

  it("answers the same for unknown emails and sends nothing", async () => {
    const unknown = uniqueEmail("ghost");
    const response = await postJson("/api/auth/request-password-reset", {
      email: unknown,
      redirectTo: "/auth/reset-password",
    });
    expect(response.status).toBe(200);
    const user = await signUp(t, "promoter");
    const known = await postJson("/api/auth/request-password-reset", {
      email: user.email,
      redirectTo: "/auth/reset-password",
    });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(response.body);
    await waitForMail(user.email);
    expect(await listOutbox(t.database.db, unknown)).toHaveLength(0);
  });

  it("resets the password through the emailed link and ends old sessions", async () => {
    const user = await signUp(t, "artist");
    await postJson("/api/auth/request-password-reset", { email: user.email, redirectTo: "/auth/reset-password" });
    const mail = await waitForMail(user.email);
    const link = mail.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeTruthy();
    const linkResponse = await t.request(new URL(link as string).pathname + new URL(link as string).search);
    expect(linkResponse.status).toBe(302);
    const location = new URL(linkResponse.headers.get("location") ?? "", "http://localhost:3000");
    expect(location.pathname).toBe("/auth/reset-password");
    const token = location.searchParams.get("token");
    expect(token).toBeTruthy();

    const tooShort = await postJson("/api/auth/reset-password", { token, newPassword: "short" });
    expect(tooShort.status).toBe(400);
    const reset = await postJson("/api/auth/reset-password", { token, newPassword: "a brand new password" });
    expect(reset.status).toBe(200);

    expect(await (await t.request("/api/me", { cookie: user.cookie })).json()).toBeNull();
    expect((await postJson("/api/auth/sign-in/email", { email: user.email, password: user.password })).status).toBe(
      401,
    );
    expect(
      (await postJson("/api/auth/sign-in/email", { email: user.email, password: "a brand new password" })).status,
    ).toBe(200);
  });
});

describe("admins", () => {
  it("makes an ADMIN_EMAILS address an admin only once its mailbox is verified, in any letter case", async () => {
    const boss = await signUp(t, "promoter", { email: "Boss@Example.com" }, { verified: false });
    const role = async () => (await okRoute(t, accountsApi.me, { cookie: boss.cookie }))?.role;
    expect(await role()).toBe("promoter");
    for (const path of ["/api/admin/stats", "/api/admin/payouts"]) {
      expect((await t.request(path, { cookie: boss.cookie })).status, path).toBe(403);
    }
    // A restart grants verified addresses only.
    expect(await syncAdminEmails(t.database.db, [bossEmail])).toBe(0);
    await verifyEmail(t, bossEmail);
    expect(await role()).toBe("admin");
    expect((await t.request("/api/admin/stats", { cookie: boss.cookie })).status).toBe(200);
    expect(await syncAdminEmails(t.database.db, [bossEmail])).toBe(1);
  });

  it("grants and revokes with the admin command", async () => {
    const user = await signUp(t, "artist");
    expect(await runAdminCommand(t.database.db, ["grant", user.email])).toContain("is now an admin");
    expect((await okRoute(t, accountsApi.me, { cookie: user.cookie }))?.role).toBe("admin");
    expect(await runAdminCommand(t.database.db, ["grant", user.email])).toContain("is now an admin");
    expect(await runAdminCommand(t.database.db, ["revoke", user.email])).toContain("no longer an admin");
    expect((await okRoute(t, accountsApi.me, { cookie: user.cookie }))?.role).toBe("artist");
    const rows = await t.database.db.select().from(admins).where(eq(admins.authUserId, user.id));
    expect(rows).toHaveLength(0);
    await expect(runAdminCommand(t.database.db, ["grant", "nobody@example.com"])).rejects.toThrow(/No user/);
    await expect(runAdminCommand(t.database.db, ["promote", user.email])).rejects.toThrow(/Usage/);
  });
});

describe("guards", () => {
  const guarded = () => {
    const guards = createGuards(createTestAuth(t), t.database.db);
    const app = new Hono<AppEnv>();
    app.get("/user", guards.requireUser, (c) => c.json({ ok: true }));
    app.get("/artist", guards.requireArtist, (c) => c.json({ ok: true }));
    app.get("/admin", guards.requireAdmin, (c) => c.json({ ok: true }));
    return app;
  };

  it("answers 401 signed out, 403 for the wrong role, 200 for the right one", async () => {
    const app = guarded();
    const promoter = await signUp(t, "promoter");
    const artist = await signUp(t, "artist");
    const admin = await signUp(t, "promoter");
    await runAdminCommand(t.database.db, ["grant", admin.email]);
    const call = (path: string, cookie?: string) => app.request(path, { headers: cookie ? { Cookie: cookie } : {} });

    for (const path of ["/user", "/artist", "/admin"]) {
      const response = await call(path);
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe("unauthorized");
    }
    expect((await call("/user", promoter.cookie)).status).toBe(200);
    const notArtist = await call("/artist", promoter.cookie);
    expect(notArtist.status).toBe(403);
    expect((await notArtist.json()).error.code).toBe("forbidden");
    expect((await call("/artist", artist.cookie)).status).toBe(200);
    expect((await call("/admin", artist.cookie)).status).toBe(403);
    expect((await call("/admin", admin.cookie)).status).toBe(200);
  });
});

describe("abuse limits", () => {
  it("refuses more than 10 sign-in attempts per minute from one address with 429", async () => {
    const user = await signUp(t, "promoter");
    const ip = "203.0.113.77";
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      // Other accounts each time, so the per-account hold (5 failures) does not answer first.
      const response = await postJson(
        "/api/auth/sign-in/email",
        { email: uniqueEmail("guess"), password: "wrong password!" },
        { ip },
      );
      statuses.push(response.status);
      if (response.status === 429) expect(String(response.body?.error?.message)).toMatch(/too many/i);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const other = await postJson(
      "/api/auth/sign-in/email",
      { email: user.email, password: user.password },
      { ip: "203.0.113.78" },
    );
    expect(other.status).toBe(200);
  });

  it("keeps promoter profiles unique per user", async () => {
    const user = await signUp(t, "promoter");
    const rows = await t.database.db.select().from(promoters).where(eq(promoters.authUserId, user.id));
    expect(rows).toHaveLength(1);
  });
});
