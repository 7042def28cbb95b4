import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { DomainError } from "../errors.js";
import type { Mailer } from "../mail/mailer.js";
import { composeEmail } from "../mail/templates/email-layout.js";
import { grantListedAdmin } from "./admins.js";
import type { Auth } from "./auth.js";
import { RESET_PASSWORD_PATH } from "./auth-paths.js";
import { recordEmailMark } from "./identity-marks.js";
import { checkPassword } from "./password-check.js";
import { voidPendingEmailChanges } from "./pending-email-changes.js";

/**
 * Changing a user's email address (PRODUCT.md Accounts), so that a stolen session cannot take an account over: the
 * current password is asked; a link to the new address confirms the change; the old address is then told, with a
 * link that puts it back for a week (ending every session and sending a password reset); a password reset voids a
 * change not yet confirmed. The links' tokens are random and stored as hashes, each used once.
 */

export const emailChangeMessages = {
  wrongPassword: "That password is not right",
  sameAddress: "That is already your email address",
  taken: "Another account already uses this email address",
} as const;

/** How the links end, as `?email_change=` (done) or `?error=` (not) on the page the links land on. */
export type EmailChangeOutcome = "confirmed" | "undone" | "invalid_link" | "address_taken";

const CONFIRM_HOURS = 24;
const UNDO_DAYS = 7;

export type EmailChangeDeps = {
  db: Database;
  auth: Auth;
  mailer: Mailer;
  publicUrl: string;
  adminEmails: readonly string[];
};

const newToken = () => randomBytes(32).toString("base64url");
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

const addressTaken = (db: Database, email: string, exceptUserId: string) =>
  queryParsed(
    db,
    z.object({ id: column.text }),
    sql`select id from "user" where lower(email) = lower(${email}) and id <> ${exceptUserId} limit 1`,
  );

/** Asks for the change: the link goes to the new address; an earlier unconfirmed request stops working. */
export async function requestEmailChange(
  deps: EmailChangeDeps,
  userId: string,
  input: { newEmail: string; password: string },
): Promise<{ sentTo: string }> {
  const newEmail = input.newEmail.trim().toLowerCase();
  const credential = await checkPassword(deps.db, deps.auth, userId, input.password);
  if (!credential.matches || !credential.email) throw new DomainError("validation", emailChangeMessages.wrongPassword);
  if (credential.email.toLowerCase() === newEmail) throw new DomainError("validation", emailChangeMessages.sameAddress);
  if ((await addressTaken(deps.db, newEmail, userId)).length > 0) {
    throw new DomainError("conflict", emailChangeMessages.taken);
  }
  const token = newToken();
  await deps.db.transaction(async (tx) => {
    await voidPendingEmailChanges(tx, userId);
    await tx.execute(
      sql`insert into email_changes (user_id, old_email, new_email, confirm_token_hash, expires_at)
          values (${userId}, ${credential.email}, ${newEmail}, ${hashOf(token)},
                  now() + make_interval(hours => ${CONFIRM_HOURS}))`,
    );
    await deps.mailer.send(
      await composeEmail({
        to: newEmail,
        subject: "Confirm your new FanBoost email address",
        preview: `Open the link within ${CONFIRM_HOURS} hours to use this address.`,
        heading: "Confirm your new email address",
        paragraphs: [
          `A FanBoost account asked to use this address from now on. Open the link within ${CONFIRM_HOURS} hours to confirm it.`,
          "If you did not ask for this, ignore this email: nothing changes.",
        ],
        action: { label: "Confirm my new email", url: `${deps.publicUrl}/api/account/email/confirm?token=${token}` },
      }),
      tx,
    );
  });
  return { sentTo: newEmail };
}

const pendingChange = z.object({
  id: column.text,
  user_id: column.text,
  old_email: column.text,
  new_email: column.text,
});

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === "23505" || (error as { cause?: { code?: string } }).cause?.code === "23505";

/** Runs a link's transaction; the address being taken meanwhile (another account confirmed it first) is an outcome. */
async function settleLink(run: () => Promise<EmailChangeOutcome>): Promise<EmailChangeOutcome> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) return "address_taken";
    throw error;
  }
}

/** The link sent to the new address: the address changes (verified), and the old address is told how to undo it. */
export async function confirmEmailChange(deps: EmailChangeDeps, token: string): Promise<EmailChangeOutcome> {
  const undoToken = newToken();
  let confirmed: { id: string; email: string } | undefined;
  const outcome = await settleLink(() =>
    deps.db.transaction(async (tx): Promise<EmailChangeOutcome> => {
      const [change] = await queryParsed(
        tx,
        pendingChange,
        sql`select id, user_id, old_email, new_email from email_changes
            where confirm_token_hash = ${hashOf(token)} and confirmed_at is null and voided_at is null
              and expires_at > now()
            for update`,
      );
      if (!change) return "invalid_link";
      if ((await addressTaken(tx, change.new_email, change.user_id)).length > 0) return "address_taken";
      [confirmed] = await queryParsed(
        tx,
        z.object({ id: column.text, email: column.text }),
        sql`update "user" set email = ${change.new_email}, email_verified = true, updated_at = now()
            where id = ${change.user_id} and lower(email) = lower(${change.old_email})
            returning id, email`,
      );
      if (!confirmed) return "invalid_link";
      await recordEmailMark(tx, confirmed.id, confirmed.email);
      await tx.execute(
        sql`update email_changes set confirmed_at = now(), undo_token_hash = ${hashOf(undoToken)},
              undo_expires_at = now() + make_interval(days => ${UNDO_DAYS})
            where id = ${change.id}`,
      );
      await deps.mailer.send(
        await composeEmail({
          to: change.old_email,
          subject: "Your FanBoost email address was changed",
          preview: `Your account now uses ${change.new_email}.`,
          heading: "Your email address was changed",
          paragraphs: [
            `The email address of your FanBoost account was changed from ${change.old_email} to ${change.new_email}.`,
            `If that was you, there is nothing to do. If it wasn't, open the link within ${UNDO_DAYS} days: your address comes back, every device is signed out, and we email you a link to choose a new password.`,
          ],
          action: {
            label: "This wasn't me: undo the change",
            url: `${deps.publicUrl}/api/account/email/undo?token=${undoToken}`,
          },
        }),
        tx,
      );
      return "confirmed";
    }),
  );
  if (outcome === "confirmed" && confirmed) {
    await grantListedAdmin(deps.db, deps.adminEmails, { ...confirmed, emailVerified: true });
  }
  return outcome;
}

/** The link sent to the old address: it comes back, every session ends, and a password reset is on its way. */
export async function undoEmailChange(deps: EmailChangeDeps, token: string): Promise<EmailChangeOutcome> {
  let restoredEmail: string | undefined;
  const outcome = await settleLink(() =>
    deps.db.transaction(async (tx): Promise<EmailChangeOutcome> => {
      const [change] = await queryParsed(
        tx,
        pendingChange,
        sql`select id, user_id, old_email, new_email from email_changes
            where undo_token_hash = ${hashOf(token)} and undone_at is null and undo_expires_at > now()
            for update`,
      );
      if (!change) return "invalid_link";
      if ((await addressTaken(tx, change.old_email, change.user_id)).length > 0) return "address_taken";
      await tx.execute(sql`update email_changes set undone_at = now() where id = ${change.id}`);
      await tx.execute(
        sql`update "user" set email = ${change.old_email}, email_verified = true, updated_at = now()
            where id = ${change.user_id}`,
      );
      await tx.execute(sql`delete from session where user_id = ${change.user_id}`);
      await voidPendingEmailChanges(tx, change.user_id);
      restoredEmail = change.old_email;
      return "undone";
    }),
  );
  if (outcome === "undone" && restoredEmail) {
    await deps.auth.api.requestPasswordReset({ body: { email: restoredEmail, redirectTo: RESET_PASSWORD_PATH } });
  }
  return outcome;
}
