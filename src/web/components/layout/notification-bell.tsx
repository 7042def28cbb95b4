import { Bell } from "lucide-react";
import { lazy } from "react";
import { notificationsApi } from "../../../core/api/notifications";
import { useLiveData } from "../../lib/live";
import { LazyMenu } from "./lazy-menu";

const loadNotificationMenu = () => import("./notification-menu");
const NotificationMenu = lazy(loadNotificationMenu);

/** While the live stream is down, the bell asks once a minute. */
const FALLBACK_POLL_MS = 60_000;

export const bellTriggerClass =
  "relative inline-flex h-10 w-10 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100";

/** The bell's face: the icon and, when some are unread, their count. */
export function BellFace({ unread }: { unread: number }) {
  return (
    <>
      <Bell className="h-5 w-5" aria-hidden />
      {unread > 0 ? (
        <span
          data-testid="unread-count"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-bold text-white ring-2 ring-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </>
  );
}

export const bellLabel = (unread: number) => (unread === 0 ? "Notifications" : `Notifications, ${unread} unread`);

/** The header's bell: the unread count, kept live by the user's notification stream; its list loads on first use. */
export function NotificationBell() {
  const feed = useLiveData(notificationsApi.feed, notificationsApi.stream, {}, FALLBACK_POLL_MS);
  const unread = feed.data?.unread ?? 0;
  return (
    <LazyMenu
      load={loadNotificationMenu}
      menu={<NotificationMenu feed={feed.data} defaultOpen />}
      triggerClass={bellTriggerClass}
      label={bellLabel(unread)}
      face={<BellFace unread={unread} />}
    />
  );
}
