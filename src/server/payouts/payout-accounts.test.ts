import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payoutsApi } from "../../core/api/payouts";
import { sandboxAccountLinks } from "../db/schema";
import { signUp, type TestUser } from "../testing/accounts";
import { callRoute, okRoute, refusedRoute } from "../testing/contract-call";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const status = (user: TestUser) => okRoute(t, payoutsApi.account, { cookie: user.cookie });

async function newLink(user: TestUser) {
  await callRoute(t, payoutsApi.createAccount, { cookie: user.cookie });
  const { url } = await okRoute(t, payoutsApi.accountLink, { cookie: user.cookie }, 200);
  return new URL(url).pathname;
}

const submit = (path: string, fields: Record<string, string>) =>
  t.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

const validForm = {
  legal_name: "Ada Promoter",
  birth_date: "1990-04-01",
  routing_number: "110000000",
  account_number: "000123456789",
  action: "submit",
};

describe("payout accounts in sandbox mode", () => {
  it("goes from no account to onboarding incomplete to enabled through the hosted form", async () => {
    const promoter = await signUp(t, "promoter");
    expect(await status(promoter)).toEqual({ hasAccount: false, details_submitted: false, payouts_enabled: false });
    const linkBeforeAccount = await refusedRoute(t, payoutsApi.accountLink, { cookie: promoter.cookie });
    expect(linkBeforeAccount.status).toBe(404);
    expect(linkBeforeAccount.error.message).toBe("Could not create account link");

    const path = await newLink(promoter);
    expect(path).toMatch(/^\/sandbox\/connect\/[\w-]+$/);
    expect(await status(promoter)).toEqual({ hasAccount: true, details_submitted: false, payouts_enabled: false });
    const page = await t.request(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Set up your payout account");
    expect(html).toContain(promoter.email);

    const invalid = await submit(path, {
      ...validForm,
      legal_name: " ",
      birth_date: "2015-01-01",
      routing_number: "12",
    });
    expect(invalid.status).toBe(400);
    const errors = await invalid.text();
    expect(errors).toContain("Legal name is required");
    expect(errors).toContain("You must be 18 or older to receive payouts");
    expect(errors).toContain("Enter a 9-digit routing number");

    const done = await submit(path, validForm);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("http://localhost:3000/earnings?payout_setup=return");
    expect(await status(promoter)).toEqual({ hasAccount: true, details_submitted: true, payouts_enabled: true });

    const reused = await t.request(path);
    expect(reused.status).toBe(303);
    expect(reused.headers.get("location")).toBe("http://localhost:3000/stripe/connect-error");
  });

  it("returns without enabling payouts on Finish later, and sends an expired link to the refresh page", async () => {
    const promoter = await signUp(t, "promoter");
    const later = await submit(await newLink(promoter), { action: "later" });
    expect(later.status).toBe(303);
    expect(await status(promoter)).toEqual({ hasAccount: true, details_submitted: false, payouts_enabled: false });

    const path = await newLink(promoter);
    const token = path.split("/").at(-1) as string;
    await t.database.db
      .update(sandboxAccountLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sandboxAccountLinks.token, token));
    const expired = await submit(path, validForm);
    expect(expired.status).toBe(303);
    expect(expired.headers.get("location")).toBe("http://localhost:3000/stripe/connect-error");
    expect((await status(promoter)).payouts_enabled).toBe(false);
    expect((await t.request("/sandbox/connect/no-such-token")).status).toBe(404);
  });

  it("keeps one account per user and needs a session", async () => {
    const promoter = await signUp(t, "promoter");
    const first = await okRoute(t, payoutsApi.createAccount, { cookie: promoter.cookie });
    const second = await okRoute(t, payoutsApi.createAccount, { cookie: promoter.cookie });
    expect(second.accountId).toBe(first.accountId);
    const anonymous = await t.request("/api/payouts/account");
    expect(anonymous.status).toBe(401);
    expect((await t.request("/api/payouts/account", { method: "POST", json: {} })).status).toBe(401);
  });
});

describe("the sandbox onboarding form under hostile input", () => {
  it("answers a malformed multipart body with the form again and a 400, and enables nothing", async () => {
    const promoter = await signUp(t, "promoter");
    const path = await newLink(promoter);
    const response = await t.request(path, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=nope" },
      body: "--broken\r\nContent-Disposition: form-data\r\n\r\n",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The form could not be read");
    expect(await status(promoter)).toMatchObject({ details_submitted: false, payouts_enabled: false });
  });

  it("refuses a submission from another site", async () => {
    const promoter = await signUp(t, "promoter");
    const path = await newLink(promoter);
    const response = await t.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: new URLSearchParams(validForm).toString(),
    });
    expect(response.status).toBe(403);
    expect(await status(promoter)).toMatchObject({ payouts_enabled: false });
  });

  it("refuses an oversized form before reading it", async () => {
    const promoter = await signUp(t, "promoter");
    const path = await newLink(promoter);
    const response = await submit(path, { ...validForm, legal_name: "x".repeat(100_000) });
    expect(response.status).toBe(413);
    expect(await status(promoter)).toMatchObject({ payouts_enabled: false });
  });
});
