import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import type { Logger } from "../logger.js";
import { redact } from "../redact.js";
import type { MailMessage, MailTransport } from "./mailer.js";

/** Attempts before a message is given up (shown failed, resendable by an admin). */
export const MAX_MAIL_ATTEMPTS = 8;
/** A message claimed this long ago whose sender never finished (a crash) is claimed again. */
const STALE_CLAIM = sql`interval '5 minutes'`;
const BATCH = 20;

/** 30 s after the first failure, doubling, at most an hour. */
export const mailRetryDelayMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));

const claimedRow = z.object({
  id: column.text,
  to: column.text,
  subject: column.text,
  text: column.text,
  html: column.textOrNull,
  headers: z.record(z.string(), z.string()).nullable(),
  attempts: column.number,
});
type Claimed = z.output<typeof claimedRow>;

/** A message's Message-ID: the same on every attempt. */
const messageIdOf = (id: string) => `<${id}@fanboost.mail>`;

/**
 * Sends what the outbox holds: claims due messages under `skip locked` row locks (one sender per message, however
 * many instances), delivers each, and marks it sent, or failed with its reason and a retry time.
 */
export function createMailSender(deps: { db: Database; transport: MailTransport; log: Logger }) {
  const { db, transport, log } = deps;

  const deliver = async (message: Claimed) => {
    try {
      await transport.deliver({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
        messageId: messageIdOf(message.id),
      });
      await db.execute(sql`update mail_outbox set status = 'sent', sent_at = now(), last_error = null,
        next_attempt_at = null where id = ${message.id}`);
      return { ok: true as const, error: null };
    } catch (error) {
      const reason = redact(error instanceof Error ? error.message : String(error)).slice(0, 500);
      const retryAt =
        message.attempts >= MAX_MAIL_ATTEMPTS ? null : new Date(Date.now() + mailRetryDelayMs(message.attempts));
      await db.execute(sql`update mail_outbox set status = 'failed', last_error = ${reason},
        next_attempt_at = ${retryAt} where id = ${message.id}`);
      log.warn({ to: message.to, subject: message.subject, attempts: message.attempts, err: error }, "email not sent");
      return { ok: false as const, error: reason };
    }
  };

  /** Set by `stop`: the pass in flight finishes its message and hands the rest of its claim back. */
  let stopping = false;

  /** Hands claimed messages back untried, so another instance's sender takes them at once (shutdown). */
  const release = async (unsent: Claimed[]) => {
    if (unsent.length === 0) return;
    const ids = unsent.map((message) => message.id);
    await db.execute(sql`update mail_outbox set status = 'queued', attempts = attempts - 1, claimed_at = null
      where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and status = 'sending'`);
  };

  /** Claims and delivers the messages due now; how many were sent. */
  const deliverDue = async (): Promise<number> => {
    const claimed = await queryParsed(
      db,
      claimedRow,
      sql`with due as (
            select id from mail_outbox
            where status <> 'sent' and (
              status = 'queued'
              or (status = 'failed' and next_attempt_at <= now())
              or (status = 'sending' and claimed_at < now() - ${STALE_CLAIM}))
            order by created_at limit ${BATCH}
            for update skip locked
          )
          update mail_outbox m set status = 'sending', attempts = m.attempts + 1, claimed_at = now()
          from due where m.id = due.id
          returning m.id, m."to", m.subject, m.text, m.html, m.headers, m.attempts`,
    );
    let sent = 0;
    for (const [index, message] of claimed.entries()) {
      if (stopping) {
        await release(claimed.slice(index));
        break;
      }
      if ((await deliver(message)).ok) sent++;
    }
    return sent;
  };

  let timer: NodeJS.Timeout | undefined;
  /** The pass in flight: a tick that finds one running skips (a slow SMTP server never stacks passes up). */
  let pass: Promise<void> | undefined;
  const tick = () => {
    pass ??= (async () => {
      try {
        // A full batch means more wait: keep going.
        while (!stopping && (await deliverDue()) >= BATCH);
      } catch (error) {
        log.error({ err: error }, "mail sender failed");
      } finally {
        pass = undefined;
      }
    })();
    return pass;
  };

  return {
    deliverDue,
    /** Looks for due messages every `everyMs` (one second by default: a reset link should not wait). */
    start(everyMs = 1000) {
      stopping = false;
      timer ??= setInterval(tick, everyMs).unref();
    },
    /**
     * Stops looking (shutdown): the message being sent is finished, the rest of the claim is handed back as queued, for
     * the sender of another instance, or of this one's next start.
     */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      stopping = true;
      await pass;
    },
    /** Sends one message now and says how it went (the diagnostics' test email). */
    async sendNow(message: MailMessage) {
      const [row] = await queryParsed(
        db,
        claimedRow,
        sql`insert into mail_outbox ("to", subject, text, html, transport, status, attempts, claimed_at)
            values (${message.to}, ${message.subject}, ${message.text}, ${message.html ?? null}, ${transport.kind},
              'sending', 1, now())
            returning id, "to", subject, text, html, headers, attempts`,
      );
      return deliver(row as Claimed);
    },
    /** An admin's resend of a failed message: it is queued again, with its Message-ID. */
    async resend(id: string): Promise<boolean> {
      const rows = await queryParsed(
        db,
        z.object({ id: column.text }),
        sql`update mail_outbox set status = 'queued', next_attempt_at = null where id = ${id} and status = 'failed'
            returning id::text as id`,
      );
      return rows.length > 0;
    },
  };
}

export type MailSender = ReturnType<typeof createMailSender>;
