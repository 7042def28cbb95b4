import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi } from "../../core/api/admin";
import { clientErrorsApi } from "../../core/api/client-errors";
import { queryRows } from "../db/client";
import { signUp, type TestUser } from "../testing/accounts";
import { inFreshClockWindow } from "../testing/clock-window";
import { bodyOf, callRoute, okRoute, refusedRoute } from "../testing/contract-call";
import { makeAdmin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";
import { fingerprintOf, pruneClientErrors, scrub } from "./client-error-reports";

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, "promoter");
  await makeAdmin(t, admin);
});
afterAll(() => t?.close());

const crash = (overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  kind: "crash",
  type: "unknown",
  severity: "high",
  name: "TypeError",
  message: "Cannot read properties of undefined (reading 'title')",
  stack:
    "TypeError: Cannot read properties of undefined\n    at CampaignCard (http://localhost:3000/assets/join-campaign-Bx8k2LmQ.js:12:345)",
  component_stack: "\n    at CampaignCard\n    at JoinCampaign",
  path: "/join-campaign",
  ...overrides,
});
/** Reports as a page would; the body may be outside the report's type (the malformed ones the route refuses). */
const report = (body: unknown, ip = "198.51.100.77") => callRoute(t, clientErrorsApi.report, { untypedBody: body, ip });
const refusedReport = (body: unknown, ip = "198.51.100.77") =>
  refusedRoute(t, clientErrorsApi.report, { untypedBody: body, ip });
const groups = async () => (await okRoute(t, adminApi.clientErrors, { cookie: admin.cookie })).items;

describe("client error reports", () => {
  it("stores a report under the page's id, once, and groups reports of one error with a count", async () => {
    const first = crash();
    const stored = await report(first);
    expect(stored.status).toBe(201);
    expect(bodyOf(stored)).toEqual({ id: first.id });
    // Sent again (a retry), it is still one report.
    expect((await report(first)).status).toBe(201);
    // The same error after a new build (other line, other chunk hash) and with another number in it: same group.
    const second = crash({
      message: "Cannot read properties of undefined (reading 'title')",
      stack: "TypeError: x\n    at CampaignCard (http://localhost:3000/assets/join-campaign-Zz9k2LmQ.js:80:1)",
      request_id: "req-42",
    });
    await report(second);
    const other = crash({ name: "RangeError", message: "Invalid time value", stack: undefined });
    await report(other);

    const listed = await groups();
    const group = listed.find((item) => item.reports.some((each) => each.id === first.id));
    expect(group).toMatchObject({ name: "TypeError", count: 2, kind: "crash", severity: "high" });
    expect(group?.reports.map((each) => each.id)).toEqual([second.id, first.id]);
    expect(group?.reports[0]).toMatchObject({ path: "/join-campaign", request_id: "req-42" });
    expect(listed.find((item) => item.name === "RangeError")?.reports[0]?.id).toBe(other.id);
  });

  it("keeps no query, token or credential of what the page sent", async () => {
    const leaky = crash({
      message: "Failed at https://x.test/reset-password?token=abc123secret&next=/ with Bearer eyJhbGciOi.payload",
      stack: "Error\n    at http://user:pass@host.test/a.js?code=xyz:1:2",
      path: "/reset-password?token=abc123secret#k=1",
    });
    await report(leaky);
    const [row] = await queryRows<{ message: string; stack: string; path: string }>(
      t.database.db,
      sql`select message, stack, path from client_error_reports where id = ${leaky.id}`,
    );
    expect(row?.path).toBe("/reset-password");
    expect(row?.message).not.toContain("abc123secret");
    expect(row?.message).not.toContain("eyJhbGciOi");
    expect(row?.stack).not.toContain("pass@");
    expect(row?.stack).not.toContain("code=xyz");
    expect(scrub("see /verify?t=123&u=abc")).toBe("see /verify?t=•••&u=•••");
  });

  it("refuses a malformed or oversized report with a message, and a flood from one address", async () => {
    for (const [body, message] of [
      [crash({ id: "nope" }), "The report id must be a UUID"],
      [crash({ kind: "panic" }), "Say crash or error"],
      [crash({ message: "x".repeat(1001) }), "The message is too long (at most 1000 characters)"],
      [crash({ path: "join-campaign" }), "The path must start with /"],
      [[], "The request must be a JSON object"],
    ] as const) {
      const refused = await refusedReport(body);
      expect(refused.status).toBe(400);
      expect(refused.error.message).toBe(message);
    }
    await inFreshClockWindow(60_000);
    const statuses: number[] = [];
    for (let index = 0; index < 21; index++) statuses.push((await report(crash(), "198.51.100.200")).status);
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    const limited = await refusedReport(crash(), "198.51.100.200");
    expect(limited.status).toBe(429);
    expect(limited.error.message).toBe("Too many error reports. Please try again later.");
    // Another address is not held back.
    expect((await report(crash(), "198.51.100.201")).status).toBe(201);
  });

  it("gives one fingerprint to one error across builds, and forgets reports after 30 days", async () => {
    const a = fingerprintOf({ name: "TypeError", message: "x 1", stack: "at f (/assets/a-AAAAAAAA.js:1:2)" });
    const b = fingerprintOf({ name: "TypeError", message: "x 2", stack: "at f (/assets/a-BBBBBBBB.js:9:9)" });
    expect(a).toBe(b);
    expect(fingerprintOf({ name: "Error", message: "x 1", stack: "" })).not.toBe(a);
    const old = crash();
    await report(old);
    await t.database.db.execute(
      sql`update client_error_reports set created_at = now() - interval '31 days' where id = ${old.id}`,
    );
    expect(await pruneClientErrors(t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await groups()).some((group) => group.reports.some((each) => each.id === old.id))).toBe(false);
  });
});
