import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema";
import { createLogger } from "../logger";
import { startSmtpStandIn } from "../testing/smtp-stand-in";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createMailSender, MAX_MAIL_ATTEMPTS } from "./mail-sender";
import type { MailTransport } from "./mailer";
import { createMailQueue } from "./outbox";
import { createSmtpTransport } from "./smtp";

let t: TestApp;
const log = createLogger("silent");
beforeAll(async () => {
  t = await createTestApp();
  // The senders under test do the sending here.
  await t.app.mailSender.stop();
});
afterAll(() => t?.close());

const rowsTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const message = (to: string, subject = "Hello") => ({ to, subject, text: "Body" });

/** A transport that records what it delivered, failing the first `failures` attempts. */
function recordingTransport(failures = 0) {
  const delivered: string[] = [];
  let left = failures;
  const transport: MailTransport = {
    kind: "outbox",
    async deliver(mail) {
      if (left > 0) {
        left--;
        throw new Error("451 try again later");
      }
      delivered.push(mail.messageId);
    },
  };
  return { transport, delivered };
}

describe("the transactional outbox", () => {
  it("keeps an email only when the change that caused it commits", async () => {
    const queue = createMailQueue(t.database.db, "outbox");
    await expect(
      t.database.db.transaction(async (tx) => {
        await queue.send(message("rolled-back@example.com"), tx);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await rowsTo("rolled-back@example.com")).toHaveLength(0);

    await t.database.db.transaction(async (tx) => queue.send(message("committed@example.com"), tx));
    expect(await rowsTo("committed@example.com")).toMatchObject([{ status: "queued", attempts: 0 }]);
  });

  it("writes one email per recipient with the change: a contact message and its confirmation", async () => {
    const response = await t.request("/api/contact", {
      method: "POST",
      json: { name: "Sam", email: "sam-outbox@example.com", type: "general", subject: "Hi", message: "Hello there" },
    });
    expect(response.status).toBe(201);
    expect(await rowsTo("sam-outbox@example.com")).toHaveLength(1);
  });

  it("delivers each message once with two senders running at the same time", async () => {
    const queue = createMailQueue(t.database.db, "outbox");
    const to = "many@example.com";
    for (let index = 0; index < 45; index++) await queue.send(message(to, `Message ${index}`));
    const first = recordingTransport();
    const second = recordingTransport();
    const senders = [first, second].map(({ transport }) => createMailSender({ db: t.database.db, transport, log }));
    await Promise.all(senders.flatMap((sender) => [sender.deliverDue(), sender.deliverDue(), sender.deliverDue()]));
    const rows = await rowsTo(to);
    const ours = new Set(rows.map((row) => `<${row.id}@fanboost.mail>`));
    const delivered = [...first.delivered, ...second.delivered].filter((id) => ours.has(id));
    expect(delivered).toHaveLength(45);
    expect(new Set(delivered).size).toBe(45);
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("retries a refusing SMTP server until it accepts, with the same Message-ID", async () => {
    const smtp = await startSmtpStandIn({ refuse: 2 });
    try {
      const sender = createMailSender({
        db: t.database.db,
        transport: createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`, "FanBoost <no-reply@example.com>"),
        log,
      });
      const to = "retry@example.com";
      await createMailQueue(t.database.db, "smtp").send(message(to, "Your receipt"));
      for (const attempt of [1, 2]) {
        expect(await sender.deliverDue()).toBe(0);
        const [row] = await rowsTo(to);
        expect(row).toMatchObject({ status: "failed", attempts: attempt });
        expect(row?.lastError).toContain("451");
        expect(row?.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now());
        // Not due yet: nothing happens until its time comes.
        expect(await sender.deliverDue()).toBe(0);
        await t.database.db.execute(sql`update mail_outbox set next_attempt_at = now() where "to" = ${to}`);
      }
      expect(await sender.deliverDue()).toBe(1);
      const [row] = await rowsTo(to);
      expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null });
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]?.data).toContain(`Message-ID: <${row?.id}@fanboost.mail>`);
    } finally {
      await smtp.close();
    }
  });

  it("sends again a message whose sender stopped mid-way, and gives up after the last attempt until resent", async () => {
    const queue = createMailQueue(t.database.db, "outbox");
    const { transport, delivered } = recordingTransport(1);
    const sender = createMailSender({ db: t.database.db, transport, log });

    await queue.send(message("crashed@example.com"));
    await t.database.db.execute(sql`update mail_outbox set status = 'sending', attempts = ${MAX_MAIL_ATTEMPTS - 1},
      claimed_at = now() - interval '10 minutes' where "to" = 'crashed@example.com'`);
    // The last attempt fails: given up, no retry time.
    expect(await sender.deliverDue()).toBe(0);
    const [failed] = await rowsTo("crashed@example.com");
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_MAIL_ATTEMPTS, nextAttemptAt: null });
    expect(await sender.deliverDue()).toBe(0);

    expect(await sender.resend(failed?.id as string)).toBe(true);
    expect(await sender.deliverDue()).toBe(1);
    expect(delivered).toEqual([`<${failed?.id}@fanboost.mail>`]);
    expect(await sender.resend(failed?.id as string)).toBe(false);
  });
  it("hands back what it claimed but did not send when stopped mid-way, for another sender at once", async () => {
    const { transport: drain } = recordingTransport();
    // Earlier tests' messages go first, so the claim below is these three alone.
    while ((await createMailSender({ db: t.database.db, transport: drain, log }).deliverDue()) > 0);
    const queue = createMailQueue(t.database.db, "outbox");
    const to = "handed-back@example.com";
    for (const index of [1, 2, 3]) await queue.send(message(to, `Message ${index}`));

    let sending: () => void = () => undefined;
    const firstStarted = new Promise<void>((resolve) => {
      sending = resolve;
    });
    let finishSending: () => void = () => undefined;
    const slow: MailTransport = {
      kind: "outbox",
      deliver: () =>
        new Promise<void>((resolve) => {
          finishSending = resolve;
          sending();
        }),
    };
    const sender = createMailSender({ db: t.database.db, transport: slow, log });
    sender.start(10);
    await firstStarted;
    const stopped = sender.stop();
    finishSending();
    await stopped;

    const rows = await rowsTo(to);
    expect(rows.filter((row) => row.status === "sent" && row.attempts === 1)).toHaveLength(1);
    expect(rows.filter((row) => row.status === "queued" && row.attempts === 0 && row.claimedAt === null)).toHaveLength(
      2,
    );
    expect(await createMailSender({ db: t.database.db, transport: drain, log }).deliverDue()).toBe(2);
  });
});
