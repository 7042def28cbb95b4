import { useRouteError } from "react-router";
import { type CrashLayout, CrashScreen } from "../errors/crash-screen";

/** Shown when a screen fails to load or throws while rendering: in the page under the header, or the whole window. */
export function RouteErrorScreen({ layout = "page" }: { layout?: CrashLayout }) {
  return <CrashScreen error={useRouteError()} layout={layout} />;
}
