import { Loader2 } from "lucide-react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { AppLayout } from "./components/layout/app-layout";
import { RequireRole } from "./components/layout/require-role";
import { RouteErrorScreen } from "./components/layout/route-error";
import { type Screen, screens } from "./screens";

function routeOf(pattern: string, screen: Screen): RouteObject {
  const path = pattern === "/" ? undefined : pattern.slice(1);
  const component =
    "Component" in screen
      ? { Component: screen.Component }
      : { lazy: async () => ({ Component: (await screen.load()).default }) };
  return path === undefined ? { index: true, ...component } : { path, ...component };
}

/** A screen's place while its code loads on the first visit: the layout around it is already drawn. */
function ScreenLoading() {
  return (
    <section className="container-page flex flex-1 items-center justify-center py-16">
      <Loader2 className="h-8 w-8 animate-spin text-brand-600" aria-label="Loading" />
    </section>
  );
}

const entries = Object.entries(screens) as Array<[string, Screen]>;
const open = entries.filter(([, screen]) => !screen.access);
const guarded = entries.filter(([, screen]) => screen.access);

/**
 * The route table of screens.ts: each screen but the home page is its own chunk, loaded when first visited. The
 * layout's own failure fills the window with the crash screen.
 */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        // A screen that fails shows the crash screen under the header, which keeps working.
        errorElement: <RouteErrorScreen layout="inline" />,
        // The first load of a screen other than home waits for its chunk here, inside the layout.
        HydrateFallback: ScreenLoading,
        children: [
          ...open.map(([pattern, screen]) => routeOf(pattern, screen)),
          // One layout route per guarded screen: its guard runs before its chunk is used.
          ...guarded.map(([pattern, screen]) => ({
            element: <RequireRole access={screen.access as NonNullable<Screen["access"]>} />,
            children: [routeOf(pattern, screen)],
          })),
          { path: "*", lazy: async () => ({ Component: (await import("./routes/not-found")).default }) },
        ],
      },
    ],
  },
]);
