import { useEffect, useState } from "react";
import { offlineQueue } from "../../lib/offline-queue";
import { useOnline } from "../../lib/use-online";
import OfflineBanner from "./offline-banner";

/**
 * The offline banner, mounted the first time it has something to say (offline, or writes queued) and kept from then
 * on (it says when the connection is back). Its code is in the page's first script: a connection lost in the first
 * seconds, before any later download could finish, is still told with the banner and its toast.
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
  return needed ? <OfflineBanner /> : null;
}
