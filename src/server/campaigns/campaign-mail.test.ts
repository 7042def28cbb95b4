import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationsApi } from "../../core/api/notifications";
import { listOutbox } from "../mail/outbox";
import { signUp } from "../testing/accounts";
import { createLiveCampaign, joinAs } from "../testing/campaigns";
import { okRoute } from "../testing/contract-call";
import { makeAdmin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const mailsTo = async (to: string) =>
  (await listOutbox(t.database.db, to)).map((mail) => ({ subject: mail.subject, text: mail.text, html: mail.html }));

describe("a campaign's emails", () => {
  it("sends the artist a receipt and a 'live' email once, with the payment, and a refund notice when cancelled", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist, { title: "Receipt Song", prize_cents: 100_00 });
    const mails = await mailsTo(artist.email);
    const receipt = mails.find((mail) => mail.subject === 'Receipt: $105 for "Receipt Song"');
    expect(receipt?.text).toContain("Prize: $100");
    expect(receipt?.text).toContain("Platform fee (5%): $5");
    expect(receipt?.text).toContain("Total charged: $105");
    expect(receipt?.text).toContain("Paid with Visa ending in 4242");
    expect(receipt?.html).toContain("Payment received");
    const live = mails.find((mail) => mail.subject === '"Receipt Song" is live');
    expect(live?.text).toContain(`/campaigns/${campaignId}`);
    // Paying again changes nothing and sends nothing.
    await t.request(`/api/campaigns/${campaignId}/sandbox-payment`, {
      method: "POST",
      cookie: artist.cookie,
      json: { number: "4242424242424242", expiry: "12/34", cvc: "123" },
    });
    expect((await mailsTo(artist.email)).filter((mail) => mail.subject.startsWith("Receipt"))).toHaveLength(1);

    const admin = await signUp(t, "promoter");
    await makeAdmin(t, admin);
    expect(
      (await t.request(`/api/admin/campaigns/${campaignId}`, { method: "DELETE", cookie: admin.cookie })).status,
    ).toBe(200);
    const refund = (await mailsTo(artist.email)).find((mail) => mail.subject === 'Refund of $105 for "Receipt Song"');
    expect(refund?.text).toContain("was cancelled, so its prize and platform fee, $105 in all, have been refunded");
  });

  it("tells each promoter of a cancelled campaign by email and in the bell, in the cancellation's transaction", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist, { title: "Called Off", artist_name: "Nova Lights" });
    const fan = await signUp(t, "promoter", { social_handle: "called_fan" });
    const quiet = await signUp(t, "promoter");
    await joinAs(t, fan, campaignId);
    await joinAs(t, quiet, campaignId);
    // One of them turned results emails off: the bell still tells them.
    await t.request("/api/account/email-preferences", {
      method: "POST",
      cookie: quiet.cookie,
      json: { kind: "results", on: false },
    });
    const admin = await signUp(t, "promoter");
    await makeAdmin(t, admin);
    expect(
      (await t.request(`/api/admin/campaigns/${campaignId}`, { method: "DELETE", cookie: admin.cookie })).status,
    ).toBe(200);

    const [mail] = (await mailsTo(fan.email)).filter((each) => each.subject === '"Called Off" was cancelled');
    expect(mail?.text).toContain('@called_fan, "Called Off" by Nova Lights has been cancelled');
    expect(mail?.text).toContain("/email/unsubscribe?");
    expect((await mailsTo(quiet.email)).some((each) => each.subject.includes("cancelled"))).toBe(false);
    for (const promoter of [fan, quiet]) {
      const feed = await okRoute(t, notificationsApi.feed, { cookie: promoter.cookie });
      expect(feed.items.map((item) => item.title)).toContain('"Called Off" was cancelled');
    }
  });
});
