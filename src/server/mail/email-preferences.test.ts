import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsApi } from "../../core/api/accounts";
import { remindEndingCampaigns } from "../campaigns/ending-reminders";
import { campaigns } from "../db/schema";
import { announceFinalResults } from "../payouts/campaign-results";
import { signUp, type TestUser } from "../testing/accounts";
import { createLiveCampaign, joinAs } from "../testing/campaigns";
import { callRoute, okRoute } from "../testing/contract-call";
import { adminPost, clicks, makeAdmin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";
import { listOutbox } from "./outbox";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A live campaign ending in 23 hours, joined by the promoters; the first has 2 counted clicks. */
async function endingCampaign(title: string, promoters: TestUser[]) {
  const campaignId = await createLiveCampaign(t, await signUp(t, "artist"), { title });
  for (const [index, promoter] of promoters.entries()) {
    const code = await joinAs(t, promoter, campaignId);
    if (index === 0) await clicks(t, code, 2, `10.${90 + promoters.length}.${title.length}`);
  }
  await t.database.db
    .update(campaigns)
    .set({ endsAt: new Date(Date.now() + 23 * 3_600_000) })
    .where(eq(campaigns.id, campaignId));
  return campaignId;
}

const reminders = async (to: string) =>
  (await listOutbox(t.database.db, to)).filter((mail) => mail.subject.startsWith("24 hours left"));
const unsubscribeLink = (text: string) => text.match(/Unsubscribe from these emails:\n(\S+)/)?.[1] as string;

describe("non-essential emails", () => {
  it("reminds each promoter once a day before the end, with an unsubscribe link that works without sign-in", async () => {
    const [leader, chaser] = [await signUp(t, "promoter"), await signUp(t, "promoter")];
    await endingCampaign("Almost Over", [leader, chaser]);
    expect(await remindEndingCampaigns(t.app.context)).toBe(1);
    expect(await remindEndingCampaigns(t.app.context)).toBe(0);

    const [toLeader] = await reminders(leader.email);
    expect(toLeader?.text).toContain("You're in first place with 2 verified clicks");
    const [toChaser] = await reminders(chaser.email);
    expect(toChaser?.text).toContain("You have no verified click yet; the leader has 2.");
    expect(toChaser?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = new URL(unsubscribeLink(toChaser?.text ?? ""));
    expect(toChaser?.headers?.["List-Unsubscribe"]).toBe(`<${link.href}>`);

    // The link is for this user and this kind only.
    for (const [name, value] of [
      ["k", "results"],
      ["u", leader.id],
      ["t", "forged"],
    ] as const) {
      const tampered = new URLSearchParams(link.search);
      tampered.set(name, value);
      const refused = await t.request(`/email/unsubscribe?${tampered}`, { method: "POST", body: "" });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("This unsubscribe link is not valid.");
    }
    // Opening the link only asks; the one-click POST (no session, a mail app's form body) unsubscribes.
    const page = await t.request(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Stop emails about reminders before a campaign you promote ends?");
    const done = await t.request(link.pathname + link.search, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("unsubscribed from reminders before a campaign you promote ends.");
    const preferences = (user: TestUser) => okRoute(t, accountsApi.emailPreferences, { cookie: user.cookie });
    expect(await preferences(chaser)).toEqual({ reminders: false, results: true, news: true });
    expect(await preferences(leader)).toEqual({ reminders: true, results: true, news: true });

    // The next campaign reminds the leader, not the one who unsubscribed.
    await endingCampaign("Second Ending", [leader, chaser]);
    expect(await remindEndingCampaigns(t.app.context)).toBe(1);
    expect(await reminders(leader.email)).toHaveLength(2);
    expect(await reminders(chaser.email)).toHaveLength(1);

    // Turned back on in the settings.
    const on = await okRoute(t, accountsApi.setEmailPreference, {
      cookie: chaser.cookie,
      body: { kind: "reminders", on: true },
    });
    expect(on.reminders).toBe(true);
    const bad = await callRoute(t, accountsApi.setEmailPreference, {
      cookie: chaser.cookie,
      untypedBody: { kind: "receipts", on: false },
    });
    expect(bad.status).toBe(400);
  });

  it("tells every promoter who did not win how they placed, unless they turned results off", async () => {
    const [winner, second, quiet] = [
      await signUp(t, "promoter"),
      await signUp(t, "promoter"),
      await signUp(t, "promoter"),
    ];
    await t.request("/api/account/email-preferences", {
      method: "POST",
      cookie: quiet.cookie,
      json: { kind: "results", on: false },
    });
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist, { title: "Results Song" });
    await clicks(t, await joinAs(t, winner, campaignId), 3, "10.95.1");
    await clicks(t, await joinAs(t, second, campaignId), 1, "10.95.2");
    await joinAs(t, quiet, campaignId);
    const admin = await signUp(t, "promoter");
    await makeAdmin(t, admin);
    expect((await adminPost(t, admin, `/api/admin/campaigns/${campaignId}/end`)).status).toBe(200);
    // The review is over: the result is announced.
    await t.database.db.execute(
      sql`update campaigns set review_until = now() - interval '1 second' where id = ${campaignId}`,
    );
    await announceFinalResults(t.app.context);
    const placed = (to: string) =>
      listOutbox(t.database.db, to).then((mails) => mails.filter((mail) => mail.subject.includes("how you placed")));
    expect((await placed(second.email))[0]?.text).toContain("you finished #2 with 1 verified click.");
    expect(await placed(quiet.email)).toHaveLength(0);
    expect(await placed(winner.email)).toHaveLength(0);
  });
});
