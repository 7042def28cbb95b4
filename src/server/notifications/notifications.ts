import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { NOTIFICATION_FEED_SIZE, type NotificationFeed } from "../../core/api/notifications.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { notifications } from "../db/schema.js";
import { NOTIFICATIONS_CHANNEL } from "../live/live-updates.js";

const feedRow = z.object({
  id: column.text,
  title: column.text,
  body: column.text,
  link: column.textOrNull,
  created_at: column.timestamp,
  read_at: column.timestampOrNull,
  unread: column.number,
});

/** The user's newest notifications and how many are unread. */
export async function notificationFeed(db: Database, userId: string): Promise<NotificationFeed> {
  const [rows, [count]] = await Promise.all([
    queryParsed(
      db,
      feedRow.omit({ unread: true }),
      sql`select id, title, body, link, created_at, read_at from notifications
          where user_id = ${userId} order by created_at desc, id desc limit ${NOTIFICATION_FEED_SIZE}`,
    ),
    queryParsed(
      db,
      feedRow.pick({ unread: true }),
      sql`select count(*) as unread from notifications where user_id = ${userId} and read_at is null`,
    ),
  ]);
  return {
    unread: count?.unread ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      body: row.body,
      link: row.link,
      created_at: row.created_at.toISOString(),
      read: row.read_at !== null,
    })),
  };
}

/** Marks the user's named notifications read (every one without `ids`); ids of other users' are ignored. */
export async function markNotificationsRead(db: Database, userId: string, ids: readonly string[] | undefined) {
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, [...ids]) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  // The user's other pages update their bell too.
  if (marked.length > 0) await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${userId})`);
}
