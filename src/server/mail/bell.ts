import { sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { NOTIFICATIONS_CHANNEL } from "../live/live-updates.js";

/**
 * The header bell's entries, beside the emails they go with (PRODUCT.md Notifications): written in the transaction of
 * the event, announced to the user's open pages when it commits. The bell itself is read in notifications/.
 */

/** What the bell shows of an event; the event's email carries it (see `composeEmail`). */
export type InAppNotification = { title: string; body: string; link: string | null };

/**
 * Adds a notification for the account that owns `email` (none when no account does), in the caller's transaction,
 * and wakes that user's open pages when the transaction commits. Stamped with the clock, not the transaction's start,
 * so two events of one transaction keep their order.
 */
export async function recordNotification(tx: Database, email: string, notification: InAppNotification) {
  await tx.execute(
    sql`with added as (
          insert into notifications (user_id, title, body, link, created_at)
          select id, ${notification.title}, ${notification.body}, ${notification.link}, clock_timestamp()
          from "user" where email = ${email}
          returning user_id)
        select pg_notify(${NOTIFICATIONS_CHANNEL}, user_id) from added`,
  );
}

/**
 * Adds a notification for a user by id, in the caller's transaction, for an event that reaches the bell only (no email
 * goes with it), and wakes their open pages when the transaction commits.
 */
export async function recordUserNotification(tx: Database, userId: string, notification: InAppNotification) {
  await tx.execute(
    sql`with added as (
          insert into notifications (user_id, title, body, link, created_at)
          values (${userId}, ${notification.title}, ${notification.body}, ${notification.link}, clock_timestamp())
          returning user_id)
        select pg_notify(${NOTIFICATIONS_CHANNEL}, user_id) from added`,
  );
}
