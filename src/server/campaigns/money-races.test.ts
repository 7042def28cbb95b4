import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignsApi } from "../../core/api/campaigns";
import { queryRows } from "../db/client";
import { signUp, type TestUser } from "../testing/accounts";
import { sandboxSuccessCard, validCampaignBody } from "../testing/campaigns";
import { okRoute } from "../testing/contract-call";
import { assertInvariants } from "../testing/invariants";
import { makeAdmin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";

/**
 * Money actions racing each other with real parallel requests, each after a random small delay (PRODUCT.md: a charge
 * ends in a live campaign or a refund, whatever runs at the same time). PGlite runs one statement at a time; these
 * races open on PostgreSQL, where CI runs them too. Every round ends with the database's invariants checked.
 */

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, "artist");
  await makeAdmin(t, admin);
});
afterAll(() => t?.close());

const pause = (maxMs: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * maxMs));
const later = (maxMs: number, run: () => Promise<Response>) => pause(maxMs).then(run);

async function draftReadyToPay(artist: TestUser) {
  const { campaign } = await okRoute(t, campaignsApi.create, {
    body: validCampaignBody({ prize_cents: 100_00 }),
    cookie: artist.cookie,
  });
  const funding = await t.request(`/api/campaigns/${campaign.id}/funding`, {
    method: "POST",
    cookie: artist.cookie,
    json: {},
  });
  expect(funding.status).toBe(200);
  return campaign.id;
}

const pay = (artist: TestUser, campaignId: string) =>
  t.request(`/api/campaigns/${campaignId}/sandbox-payment`, {
    method: "POST",
    cookie: artist.cookie,
    json: sandboxSuccessCard,
  });

async function campaignState(campaignId: string) {
  const [row] = await queryRows<{ status: string; refunds: number; charged: number }>(
    t.database.db,
    sql`select c.status,
          (select count(*) from refunds r where r.campaign_id = c.id)::int as refunds,
          (select count(*) from sandbox_payments s where s.campaign_id = c.id and s.kind = 'payment_intent'
            and s.status = 'succeeded')::int as charged
        from campaigns c where c.id = ${campaignId}`,
  );
  return row ?? null;
}

const chargesFor = async (campaignId: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from sandbox_payments
            where campaign_id = ${campaignId} and kind = 'payment_intent' and status = 'succeeded'`,
      )
    )[0]?.n,
  );

describe("a draft deleted while it is being paid for", () => {
  it("ends every charge in a live campaign or a refund (12 rounds of 10 payments and 10 deletes)", async () => {
    for (let round = 0; round < 12; round++) {
      const artist = await signUp(t, "artist");
      const campaignId = await draftReadyToPay(artist);
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, () => later(40, () => pay(artist, campaignId))),
        ...Array.from({ length: 10 }, () =>
          later(40, () =>
            t.request(`/api/artist/campaigns/${campaignId}`, { method: "DELETE", cookie: artist.cookie }),
          ),
        ),
      ]);
      for (const answer of answers) expect(answer.status, await answer.clone().text()).toBeLessThan(500);
      const state = await campaignState(campaignId);
      const paidAnswers = answers.slice(0, 10).filter((answer) => answer.status === 200);
      if (state === null) {
        // Deleted: its payment was cancelled first, so no card was charged and no payment said it was.
        expect(await chargesFor(campaignId)).toBe(0);
        expect(paidAnswers).toHaveLength(0);
      } else {
        // A payment that answered success made the campaign live.
        expect(state.status === "active" || paidAnswers.length === 0).toBe(true);
        expect(state.status === "draft" ? state.charged : 0).toBe(0);
      }
      await assertInvariants(t.database.db);
    }
  });
});

describe("an account deleted while its campaign is being paid for", () => {
  it("never leaves a live campaign on a deleted account nor a charge without a campaign (16 rounds)", async () => {
    for (let round = 0; round < 16; round++) {
      const artist = await signUp(t, "artist");
      const campaignId = await draftReadyToPay(artist);
      const deleteAccount = (password = artist.password) =>
        t.request("/api/account/delete", { method: "POST", cookie: artist.cookie, json: { password } });
      // The deletion checks what it may delete once the password is verified: the payments land around and after it.
      const started = performance.now();
      expect((await deleteAccount("not the password")).status).toBe(400);
      const checkedAfterMs = performance.now() - started;
      const answers = await Promise.all([
        ...Array.from({ length: 2 }, () =>
          pause(checkedAfterMs * (1 + Math.random() * 2)).then(() => pay(artist, campaignId)),
        ),
        deleteAccount(),
        later(40, deleteAccount),
      ]);
      for (const answer of answers) expect(answer.status, await answer.clone().text()).toBeLessThan(500);
      const deleted = answers.slice(2).some((answer) => answer.status === 200);
      const state = await campaignState(campaignId);
      if (deleted) {
        // Removed before any charge, or kept as a cancelled campaign whose charge is refunded.
        if (state) expect([state.status, state.refunds]).toEqual(["cancelled", 1]);
        else expect(await chargesFor(campaignId)).toBe(0);
      } else {
        expect(state?.status).toBe("active");
      }
      await assertInvariants(t.database.db);
    }
  });
});

describe("an admin deleting a draft while it is being paid for", () => {
  it("removes it unpaid or cancels and refunds it, never loses the charge (8 rounds)", async () => {
    for (let round = 0; round < 8; round++) {
      const artist = await signUp(t, "artist");
      const campaignId = await draftReadyToPay(artist);
      const answers = await Promise.all([
        ...Array.from({ length: 5 }, () => later(40, () => pay(artist, campaignId))),
        later(40, () => t.request(`/api/admin/campaigns/${campaignId}`, { method: "DELETE", cookie: admin.cookie })),
      ]);
      for (const answer of answers) expect(answer.status, await answer.clone().text()).toBeLessThan(500);
      await assertInvariants(t.database.db);
    }
  });
});

describe("many payments of one draft at once", () => {
  it("charge once, and only one of them says it just paid", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await draftReadyToPay(artist);
    const bodies = await Promise.all(
      Array.from({ length: 20 }, () =>
        okRoute(t, campaignsApi.sandboxPayment, {
          params: { id: campaignId },
          body: sandboxSuccessCard,
          cookie: artist.cookie,
        }),
      ),
    );
    expect(bodies.filter((body) => !body.alreadyFunded)).toHaveLength(1);
    expect(await chargesFor(campaignId)).toBe(1);
    const receipts = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from mail_outbox where "to" = ${artist.email} and subject like 'Receipt%'`,
    );
    expect(receipts[0]?.n).toBe(1);
  });
});
