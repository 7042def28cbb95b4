import { Database, X } from "lucide-react";
import { useState } from "react";
import { Link, Outlet, ScrollRestoration } from "react-router";
import { diagnosticsApi } from "../../../core/api/diagnostics";
import { useApi } from "../../lib/use-api";
import { ConnectionStatus } from "./connection-status";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** Shown when the server cannot reach its database (SPEC.md 'Database Setup Required'). */
function DatabaseSetupBanner() {
  const [dismissed, setDismissed] = useState(false);
  const health = useApi(diagnosticsApi.health, {}, { retry: false, staleTime: 60_000 });
  const unreachable = health.isError || (health.data && !health.data.database.ok);
  if (!unreachable || dismissed) return null;
  return (
    <div role="alert" className="bg-red-600 text-white">
      <div className="container-page flex items-center gap-3 py-2.5 text-sm">
        <Database className="h-4 w-4 shrink-0" aria-hidden />
        <p className="flex-1">
          <strong>Database Setup Required.</strong> The server cannot reach its database.{" "}
          <Link to="/admin/setup" className="font-semibold underline">
            Open setup
          </Link>
        </p>
        <button
          type="button"
          onClick={() => setDismissed(true)}
          aria-label="Dismiss"
          className="rounded p-1 hover:bg-red-700"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}

export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <DatabaseSetupBanner />
      <SiteHeader />
      {/* At least a screen tall: the footer starts below the fold, so a screen that loads its content does not push it. */}
      <main id="main" className="flex min-h-svh flex-1 flex-col">
        <Outlet />
      </main>
      <SiteFooter />
      <ConnectionStatus />
      <ScrollRestoration />
    </div>
  );
}
