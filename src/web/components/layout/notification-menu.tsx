import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useQueryClient } from "@tanstack/react-query";
import { BellOff, CheckCheck } from "lucide-react";
import { useNavigate } from "react-router";
import { type NotificationFeed, notificationsApi } from "../../../core/api/notifications";
import { cn } from "../../lib/cn";
import { toastRequestError } from "../../lib/request-errors";
import { timeAgo } from "../../lib/time-ago";
import { apiKey, useApiMutation } from "../../lib/use-api";
import { BellFace, bellLabel, bellTriggerClass } from "./notification-bell";

/** The bell's list (Radix menu and its positioning): loaded when someone first opens it. */
export default function NotificationMenu({
  feed,
  defaultOpen,
}: {
  feed: NotificationFeed | undefined;
  defaultOpen?: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const markRead = useApiMutation(notificationsApi.markRead, {
    onSuccess: (next) => queryClient.setQueryData(apiKey(notificationsApi.feed, {}), next),
    onError: toastRequestError,
  });
  const unread = feed?.unread ?? 0;
  const items = feed?.items ?? [];
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={bellTriggerClass} aria-label={bellLabel(unread)}>
        <BellFace unread={unread} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-40 flex max-h-[70vh] w-[22rem] max-w-[calc(100vw-1.5rem)] flex-col rounded-2xl bg-white shadow-xl ring-1 ring-slate-200"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
            <DropdownMenu.Label className="text-sm font-semibold text-slate-900">Notifications</DropdownMenu.Label>
            {unread > 0 ? (
              <DropdownMenu.Item
                className="flex cursor-pointer items-center gap-1 rounded-lg px-2 py-1 text-xs font-semibold text-brand-700 outline-none data-[highlighted]:bg-brand-50"
                onSelect={(event) => {
                  event.preventDefault();
                  markRead.mutate({ body: {} });
                }}
              >
                <CheckCheck className="h-4 w-4" aria-hidden /> Mark all as read
              </DropdownMenu.Item>
            ) : null}
          </div>
          {items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
              <BellOff className="h-6 w-6 text-slate-400" aria-hidden />
              <p className="text-sm font-medium text-slate-700">No notifications yet</p>
              <p className="text-xs text-slate-500">
                Receipts, reminders, results and payouts of your campaigns show up here.
              </p>
            </div>
          ) : (
            <div className="overflow-y-auto p-2">
              {items.map((item) => (
                <DropdownMenu.Item
                  key={item.id}
                  className={cn(
                    "flex cursor-pointer gap-3 rounded-xl px-3 py-2.5 outline-none data-[highlighted]:bg-slate-100",
                    !item.read && "bg-brand-50/60",
                  )}
                  onSelect={() => {
                    if (!item.read) markRead.mutate({ body: { ids: [item.id] } });
                    if (item.link) navigate(item.link);
                  }}
                >
                  <span
                    className={cn(
                      "mt-1.5 h-2 w-2 shrink-0 rounded-full",
                      item.read ? "bg-transparent" : "bg-brand-600",
                    )}
                    aria-hidden
                  />
                  <span className="flex min-w-0 flex-col gap-0.5">
                    <span className={cn("text-sm text-slate-900", !item.read && "font-semibold")}>
                      {item.read ? null : <span className="sr-only">Unread: </span>}
                      {item.title}
                    </span>
                    {item.body ? <span className="text-xs text-slate-600">{item.body}</span> : null}
                    <time dateTime={item.created_at} className="text-xs text-slate-500">
                      {timeAgo(item.created_at)}
                    </time>
                  </span>
                </DropdownMenu.Item>
              ))}
            </div>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
