import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsApi } from "../../core/api/accounts";
import { payoutsApi } from "../../core/api/payouts";
import { eligibilityMessages } from "../../core/eligibility";
import { sandboxAccountLinks, sandboxAccounts } from "../db/schema";
import { sandboxTaxMessages } from "../payments/sandbox-onboarding";
import { signUp, stateEligibility, type TestUser } from "../testing/accounts";
import { callRoute, okRoute, refusedRoute } from "../testing/contract-call";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

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
    expect(await status(promoter)).toEqual({
      hasAccount: false,
      details_submitted: false,
      payouts_enabled: false,
      tax_info_on_file: false,
    });
    const linkBeforeAccount = await refusedRoute(t, payoutsApi.accountLink, { cookie: promoter.cookie });
    expect(linkBeforeAccount.status).toBe(404);
    expect(linkBeforeAccount.error.message).toBe("Could not create account link");

    const path = await newLink(promoter);
    expect(path).toMatch(/^\/sandbox\/connect\/[\w-]+$/);
    expect(await status(promoter)).toMatchObject({
      hasAccount: true,
      details_submitted: false,
      payouts_enabled: false,
    });
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
    expect(await status(promoter)).toEqual({
      hasAccount: true,
      details_submitted: true,
      payouts_enabled: true,
      tax_info_on_file: false,
    });

    const reused = await t.request(path);
    expect(reused.status).toBe(303);
    expect(reused.headers.get("location")).toBe("http://localhost:3000/stripe/connect-error");
  });

  it("returns without enabling payouts on Finish later, and sends an expired link to the refresh page", async () => {
    const promoter = await signUp(t, "promoter");
    const later = await submit(await newLink(promoter), { action: "later" });
    expect(later.status).toBe(303);
    expect(await status(promoter)).toMatchObject({
      hasAccount: true,
      details_submitted: false,
      payouts_enabled: false,
    });

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

  it("opens the account in the stated country, which then stays, and asks for the tax form that country files", async () => {
    const stranger = await signUp(t, "promoter", {}, { eligible: false });
    const refused = await refusedRoute(t, payoutsApi.createAccount, { cookie: stranger.cookie });
    expect(refused.status).toBe(409);
    expect(refused.error.message).toMatch(/^Tell us the country you live in before setting up payouts/);

    const american = await signUp(t, "promoter");
    const w9 = await newLink(american);
    const [account] = await t.database.db
      .select()
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.email, american.email));
    expect(account?.country).toBe("US");
    expect(await (await t.request(w9)).text()).toContain("Tax information: Form W-9");
    // The tax form is optional at the first setup, but a half-filled one is refused, and its number never echoed.
    const half = await submit(w9, { ...validForm, tax_id: "12-34" });
    expect(half.status).toBe(400);
    const halfPage = await half.text();
    expect(halfPage).toContain(sandboxTaxMessages.w9Id);
    expect(halfPage).toContain(sandboxTaxMessages.certify);
    expect(halfPage).not.toContain("12-34");
    expect((await submit(w9, validForm)).status).toBe(303);
    expect(await status(american)).toMatchObject({ payouts_enabled: true, tax_info_on_file: false });

    // The next link asks for the tax form alone, and now requires it.
    const taxOnly = await newLink(american);
    const taxPage = await (await t.request(taxOnly)).text();
    expect(taxPage).toContain("Give your tax information");
    expect(taxPage).not.toContain("Routing number");
    expect((await submit(taxOnly, { action: "submit" })).status).toBe(400);
    expect((await submit(taxOnly, { tax_id: "123-45-6789", tax_certified: "yes", action: "submit" })).status).toBe(303);
    expect(await status(american)).toMatchObject({ payouts_enabled: true, tax_info_on_file: true });
    const [stored] = await t.database.db
      .select()
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.email, american.email));
    expect(stored?.taxForm).toBe("w9");
    // The number itself is nowhere in the record (its emails and keys are random, so the whole number is sought).
    expect(JSON.stringify(stored)).not.toMatch(/123-?45-?6789/);

    const moved = await refusedRoute(t, accountsApi.setEligibility, {
      cookie: american.cookie,
      body: { country: "CA", age_confirmed: true },
    });
    expect(moved.status).toBe(409);
    expect(moved.error.message).toBe(eligibilityMessages.countryLocked("US"));

    const canadian = await signUp(t, "promoter", {}, { eligible: false });
    await stateEligibility(t, canadian, { country: "CA", age_confirmed: true });
    const w8 = await newLink(canadian);
    const canadianPage = await (await t.request(w8)).text();
    expect(canadianPage).toContain("Tax information: Form W-8BEN");
    // The bank details of the country: a Canadian transit and institution number, not a US routing number.
    expect(canadianPage).toContain("Transit and institution number");
    expect(canadianPage).not.toContain("Routing number");
    expect((await submit(w8, { ...validForm, tax_id: "AB123456", tax_certified: "yes" })).status).toBe(400);
    expect(
      (await submit(w8, { ...validForm, routing_number: "11000000", tax_id: "AB123456", tax_certified: "yes" })).status,
    ).toBe(303);
    expect(await status(canadian)).toMatchObject({ payouts_enabled: true, tax_info_on_file: true });
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
