import { useQueryClient } from "@tanstack/react-query";
import { ChevronDown, ChevronUp, CloudOff, Wifi } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { connectivityToasts } from "../../../core/error-rules";
import { cn } from "../../lib/cn";
import { offlineQueue, replayQueue } from "../../lib/offline-queue";
import { toast } from "../../lib/toast";
import { useOnline } from "../../lib/use-online";

/** SPEC.md section 9: the banner looks at the queue every second. */
const QUEUE_POLL_MS = 1000;
/** How long 'Connection Restored' stays once nothing is left to send. */
const RESTORED_MS = 4000;
/** While online with writes still queued (the server was down), try them again this often. */
const RETRY_QUEUE_MS = 15_000;

const queuedActions = (count: number) => `${count} queued action${count === 1 ? "" : "s"}`;

/**
 * SPEC.md's offline banner, bottom-right: offline, or back online and sending the writes queued meanwhile; with a
 * panel for the status, the queued count and the last check.
 */
export default function OfflineBanner() {
  const online = useOnline();
  const queryClient = useQueryClient();
  const [queued, setQueued] = useState(() => offlineQueue.list().length);
  const [restored, setRestored] = useState(false);
  const wasOffline = useRef(!online);
  const [lastCheck, setLastCheck] = useState(() => new Date());
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    const update = () => setQueued(offlineQueue.list().length);
    const unsubscribe = offlineQueue.subscribe(update);
    const timer = setInterval(update, QUEUE_POLL_MS);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, []);

  /**
   * Sends what waited. After a reconnection it ends with SPEC.md's toast: all done, or how many are still pending;
   * a later retry says only when the queue is done.
   */
  const replay = useCallback(
    async (afterReconnect: boolean) => {
      setLastCheck(new Date());
      if (offlineQueue.list().length === 0) return;
      const outcomes = await replayQueue();
      for (const outcome of outcomes) {
        if (outcome.ok) toast.success(`Sent while you were away: ${outcome.label}`);
        else toast.error(`${outcome.label} could not be done: ${outcome.message}`);
      }
      const left = offlineQueue.list().length;
      if (left === 0) toast.success(connectivityToasts.allQueuedDone);
      else if (afterReconnect) toast.warning(connectivityToasts.stillPending(left));
      if (outcomes.length > 0) await queryClient.invalidateQueries();
    },
    [queryClient],
  );

  // Offline: a toast says so. Back online: say so, and send what waited. Going offline ends the 'restored' notice.
  useEffect(() => {
    setLastCheck(new Date());
    if (!online) {
      wasOffline.current = true;
      setRestored(false);
      toast.warning(connectivityToasts.offline);
      return;
    }
    if (wasOffline.current) setRestored(true);
    wasOffline.current = false;
    void replay(true);
    const timer = setInterval(() => {
      if (offlineQueue.list().length > 0) void replay(false);
    }, RETRY_QUEUE_MS);
    return () => clearInterval(timer);
  }, [online, replay]);
  useEffect(() => {
    if (!restored || queued > 0) return;
    const timer = setTimeout(() => setRestored(false), RESTORED_MS);
    return () => clearTimeout(timer);
  }, [restored, queued]);

  // The queue loses each write as it is sent: its length is what is still to send.
  if (online && queued === 0 && !restored) return null;
  const title = online ? "Connection Restored" : "You are offline";
  const lead = !online
    ? "Some features may be limited"
    : queued > 0
      ? `Processing ${queuedActions(queued)}...`
      : "All features available";
  const Icon = online ? Wifi : CloudOff;

  return (
    <section
      aria-label="Connection status"
      aria-live="polite"
      className={cn(
        "fixed right-4 bottom-4 left-4 z-40 rounded-2xl p-4 shadow-xl ring-1 sm:left-auto sm:w-80",
        online ? "bg-emerald-50 text-emerald-900 ring-emerald-200" : "bg-slate-900 text-white ring-slate-700",
      )}
    >
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{title}</p>
          <p className={cn("text-sm", online ? "text-emerald-800" : "text-slate-300")}>{lead}</p>
        </div>
        <button
          type="button"
          aria-expanded={expanded}
          aria-label={expanded ? "Hide connection details" : "Show connection details"}
          onClick={() => setExpanded((open) => !open)}
          className={cn("rounded-lg p-1", online ? "hover:bg-emerald-100" : "hover:bg-slate-800")}
        >
          {expanded ? <ChevronDown className="h-4 w-4" aria-hidden /> : <ChevronUp className="h-4 w-4" aria-hidden />}
        </button>
      </div>
      {expanded ? (
        <dl className={cn("mt-3 grid grid-cols-2 gap-y-1 text-sm", online ? "text-emerald-900" : "text-slate-200")}>
          <dt>Status</dt>
          <dd className="text-right font-medium">{online ? "Online" : "Offline"}</dd>
          <dt>Queued actions</dt>
          <dd className="text-right font-medium">{queued}</dd>
          <dt>Last check</dt>
          <dd className="text-right font-medium">{lastCheck.toLocaleTimeString()}</dd>
        </dl>
      ) : null}
    </section>
  );
}
