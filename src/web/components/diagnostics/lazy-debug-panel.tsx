import { type ComponentProps, lazy, Suspense } from "react";
import type { DebugPanel } from "./debug-panel";

const Panel = lazy(async () => ({ default: (await import("./debug-panel")).DebugPanel }));

/** Only ?debug=1 or an error shows the debug panel, so its code loads only then. */
export function LazyDebugPanel(props: ComponentProps<typeof DebugPanel>) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}
