import { lazy, Suspense, useEffect, useState } from "react";
import { afterLoadAndIdle } from "../../lib/after-load-idle";
import { offlineQueue } from "../../lib/offline-queue";
import { useOnline } from "../../lib/use-online";

const loadBanner = () => import("./offline-banner");
const OfflineBanner = lazy(() => loadBanner().catch(() => ({ default: () => null })));

/**
 * The offline banner, mounted the first time it has something to say (offline, or writes queued) and kept from then
 * on (it says when the connection is back). Its code is fetched once the page has loaded and is idle, so
 * it is there offline.
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
  useEffect(() => afterLoadAndIdle(() => void loadBanner().catch(() => undefined)), []);
  return needed ? (
    <Suspense fallback={null}>
      <OfflineBanner />
    </Suspense>
  ) : null;
}
