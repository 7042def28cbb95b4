import { useRouteError } from "react-router";
import type { CrashLayout } from "../errors/crash-basics";
import { LazyCrashScreen } from "../errors/lazy-crash-screen";

/** Shown when a screen fails to load or throws while rendering: in the page under the header, or the whole window. */
export function RouteErrorScreen({ layout = "page" }: { layout?: CrashLayout }) {
  return <LazyCrashScreen error={useRouteError()} layout={layout} />;
}
