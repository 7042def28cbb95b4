import { get, post } from "./contract.js";

/** The header bell's API (`/api/notifications/*`, the signed-in user's own notifications only). */

export type Notification = {
  id: string;
  title: string;
  body: string;
  /** A path of this site, or null. */
  link: string | null;
  created_at: string;
  read: boolean;
};

export type NotificationFeed = { unread: number; items: Notification[] };

/** How many notifications the bell lists, newest first. */
export const NOTIFICATION_FEED_SIZE = 20;

export const notificationsApi = {
  feed: get<NotificationFeed>()("/api/notifications"),
  /** The feed again whenever it changes (a new notification, one read on another page); ends at sign-out. */
  stream: { ...get<NotificationFeed>()("/api/notifications/stream"), event: "notifications" },
  /** Marks the named notifications read, or every one when `ids` is absent. */
  markRead: post<NotificationFeed, { ids?: string[] }>()("/api/notifications/read"),
} as const;
