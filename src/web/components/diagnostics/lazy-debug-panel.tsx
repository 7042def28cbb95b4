import { type ComponentProps, lazy, Suspense } from "react";
import { useAccount } from "../../lib/session";
import type { DebugPanel } from "./debug-panel";

const Panel = lazy(async () => ({ default: (await import("./debug-panel")).DebugPanel }));

/**
 * Only ?debug=1 or an error asks for the debug panel, so its code loads only then; and only an admin sees it
 * (PRODUCT.md), since it shows the database's set-up.
 */
export function LazyDebugPanel(props: ComponentProps<typeof DebugPanel>) {
  const { account } = useAccount();
  if (!account?.isAdmin) return null;
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}
