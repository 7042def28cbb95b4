import { lazy, Suspense, useEffect, useState } from "react";
import { offlineQueue } from "../../lib/offline-queue";
import { useOnline } from "../../lib/use-online";

const loadBanner = () => import("./offline-banner");
const OfflineBanner = lazy(() => loadBanner().catch(() => ({ default: () => null })));

/**
 * The offline banner, mounted the first time it has something to say (offline, or writes queued) and kept from then
 * on (it says when the connection is back). Its code is fetched when the page is idle, so it is there offline.
 */
export function ConnectionStatus() {
  const online = useOnline();
  const [needed, setNeeded] = useState(() => !online || offlineQueue.list().length > 0);
  useEffect(() => {
    if (!online) setNeeded(true);
  }, [online]);
  useEffect(
    () =>
      offlineQueue.subscribe(() => {
        if (offlineQueue.list().length > 0) setNeeded(true);
      }),
    [],
  );
  useEffect(() => {
    const prefetch = () => void loadBanner().catch(() => undefined);
    if ("requestIdleCallback" in window) {
      const handle = window.requestIdleCallback(prefetch);
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(prefetch, 2000);
    return () => clearTimeout(timer);
  }, []);
  return needed ? (
    <Suspense fallback={null}>
      <OfflineBanner />
    </Suspense>
  ) : null;
}
