import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationsApi } from "../../core/api/notifications";
import { remindEndingCampaigns } from "../campaigns/ending-reminders";
import { campaigns } from "../db/schema";
import { recordNotification } from "../mail/bell";
import { setEmailPreference } from "../mail/email-preferences";
import { listOutbox } from "../mail/outbox";
import { composeEmail } from "../mail/templates/email-layout";
import { signUp, type TestUser } from "../testing/accounts";
import { createLiveCampaign, joinAs } from "../testing/campaigns";
import { bodyOf, callRoute, errorOf, okRoute } from "../testing/contract-call";
import { openStream } from "../testing/sse";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const feedOf = (user: TestUser) => okRoute(t, notificationsApi.feed, { cookie: user.cookie });
/** Marks read as the bell does; the body may be outside the contract's type (the malformed ones it refuses). */
const markRead = (user: TestUser, body: unknown) =>
  callRoute(t, notificationsApi.markRead, { cookie: user.cookie, untypedBody: body });

const eventMail = (to: string, subject: string) =>
  composeEmail({
    to,
    subject,
    preview: "Something happened.",
    heading: subject,
    paragraphs: ["It did."],
    action: { label: "Look", url: "http://localhost:3000/earnings?tab=history" },
    inApp: true,
  });

describe("in-app notifications", () => {
  it("puts an event's email in the recipient's bell, newest first, with the page it leads to", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist, { title: "Bell Song", prize_cents: 100_00 });
    const feed = await feedOf(artist);
    expect(feed.unread).toBe(2);
    expect(feed.items.map((item) => [item.title, item.link, item.read])).toEqual([
      ['"Bell Song" is live', `/campaigns/${campaignId}`, false],
      ['Receipt: $105 for "Bell Song"', "/artist-dashboard", false],
    ]);
    // Security emails (the sign-up's verification) are not events of the bell; other users see nothing of this.
    expect(feed.items).toHaveLength(2);
    expect((await feedOf(await signUp(t, "promoter"))).items).toEqual([]);
  });

  it("is written with the change that causes it: a rolled-back change leaves neither email nor notification", async () => {
    const promoter = await signUp(t, "promoter");
    await t.database.db
      .transaction(async (tx) => {
        await t.app.context.mailer.send(await eventMail(promoter.email, "Rolled back"), tx);
        throw new Error("the change failed");
      })
      .catch(() => undefined);
    const subjects = async () => (await listOutbox(t.database.db, promoter.email)).map((mail) => mail.subject);
    expect((await feedOf(promoter)).items).toEqual([]);
    expect(await subjects()).not.toContain("Rolled back");

    await t.database.db.transaction(async (tx) => {
      await t.app.context.mailer.send(await eventMail(promoter.email, "Committed"), tx);
    });
    const feed = await feedOf(promoter);
    expect(feed.items.map((item) => [item.title, item.body, item.link])).toEqual([
      ["Committed", "Something happened.", "/earnings?tab=history"],
    ]);
    expect(await subjects()).toContain("Committed");
    // An address without an account gets the email only.
    await t.app.context.mailer.send(await eventMail("nobody@example.com", "No account"));
  });

  it("marks one, several or all read, only the user's own, and refuses bad input", async () => {
    const [promoter, other] = [await signUp(t, "promoter"), await signUp(t, "promoter")];
    for (const subject of ["First", "Second", "Third"]) {
      await recordNotification(t.database.db, promoter.email, { title: subject, body: "", link: null });
      // The embedded database's clock counts milliseconds: apart, the three are listed newest first.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    await recordNotification(t.database.db, other.email, { title: "Theirs", body: "", link: null });
    const [third, second] = (await feedOf(promoter)).items;
    const [theirs] = (await feedOf(other)).items;

    const afterOne = bodyOf(await markRead(promoter, { ids: [third?.id, theirs?.id] }), 200);
    expect(afterOne.unread).toBe(2);
    expect(afterOne.items.map((item) => [item.title, item.read])).toEqual([
      ["Third", true],
      ["Second", false],
      ["First", false],
    ]);
    expect((await feedOf(other)).unread).toBe(1);

    expect(bodyOf(await markRead(promoter, { ids: [second?.id] })).unread).toBe(1);
    expect(bodyOf(await markRead(promoter, {})).unread).toBe(0);
    expect((await feedOf(other)).unread).toBe(1);

    for (const [body, message] of [
      [{ ids: ["not-a-uuid"] }, "Each notification id must be a UUID"],
      [{ ids: "all" }, "ids must be a list of notification ids"],
      [[], "The request must be a JSON object"],
    ] as const) {
      const refused = await markRead(promoter, body);
      expect(refused.status).toBe(400);
      expect(errorOf(refused).message).toBe(message);
    }
    expect((await t.request("/api/notifications")).status).toBe(401);
    expect((await t.request("/api/notifications/stream")).status).toBe(401);
    expect((await t.request("/api/notifications/read", { method: "POST", json: {} })).status).toBe(401);
  });

  it("keeps a turned-off reminder out of the inbox but not out of the bell", async () => {
    const promoter = await signUp(t, "promoter");
    await setEmailPreference(t.database.db, promoter.id, "reminders", false);
    const campaignId = await createLiveCampaign(t, await signUp(t, "artist"), { title: "Quiet Ending" });
    await joinAs(t, promoter, campaignId);
    await t.database.db
      .update(campaigns)
      .set({ endsAt: new Date(Date.now() + 23 * 3_600_000) })
      .where(eq(campaigns.id, campaignId));
    expect(await remindEndingCampaigns(t.app.context)).toBeGreaterThanOrEqual(1);
    expect((await listOutbox(t.database.db, promoter.email)).map((mail) => mail.subject)).not.toContain(
      '24 hours left on "Quiet Ending"',
    );
    expect((await feedOf(promoter)).items.map((item) => item.title)).toEqual(['24 hours left on "Quiet Ending"']);
  });
});

describe("the bell's live stream", () => {
  it("sends the feed, then again when a notification commits or is read, and ends when the session does", async () => {
    const promoter = await signUp(t, "promoter");
    const other = await signUp(t, "promoter");
    const events = await openStream(t, notificationsApi.stream, { cookie: promoter.cookie });
    try {
      expect(await events.nextEvent(2000)).toEqual({ event: "notifications", data: { unread: 0, items: [] } });

      // Another user's notification does not wake this stream; a rolled-back one wakes nobody.
      await recordNotification(t.database.db, other.email, { title: "Not yours", body: "", link: null });
      await t.database.db
        .transaction(async (tx) => {
          await recordNotification(tx, promoter.email, { title: "Never", body: "", link: null });
          throw new Error("rolled back");
        })
        .catch(() => undefined);
      expect(await events.nextEvent(500)).toBeNull();

      const sentAt = Date.now();
      await recordNotification(t.database.db, promoter.email, { title: "Fresh", body: "Hi", link: "/earnings" });
      const update = await events.next(2000);
      expect(update?.unread).toBe(1);
      expect(update?.items[0]?.title).toBe("Fresh");
      expect(Date.now() - sentAt).toBeLessThan(2000);

      // Read on another page: this one's count follows.
      await markRead(promoter, {});
      expect((await events.next(2000))?.unread).toBe(0);

      // Signed out: the next wake-up says the session ended, and the stream closes.
      const out = await t.request("/api/auth/sign-out", { method: "POST", cookie: promoter.cookie, json: {} });
      expect(out.status).toBe(200);
      await recordNotification(t.database.db, promoter.email, { title: "After", body: "", link: null });
      expect(await events.nextEvent(2000)).toEqual({ event: "session-ended", data: {} });
      expect(await events.nextEvent(1000)).toBeNull();
    } finally {
      await events.cancel();
    }
  });
});
