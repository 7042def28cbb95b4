import { Hono } from "hono";
import { diagnosticsApi } from "../../core/api/diagnostics.js";
import { currentUser, type Guards } from "../accounts/guards.js";
import type { NetworkDataState } from "../fraud/networks.js";
import type { AppEnv } from "../http/app-env.js";
import { reply, routePath } from "../http/contracts.js";
import { appVersion } from "../version.js";
import { checkReadiness, diagnoseDatabase } from "./database-status.js";
import { type SystemDeps, sendTestEmail, systemReport } from "./system-report.js";

export function diagnosticsRoutes(
  deps: SystemDeps & { guards: Guards; draining: () => boolean; networkData: () => NetworkDataState },
) {
  const { database, guards } = deps;
  return (
    new Hono<AppEnv>()
      /** The public health check (load balancers, the setup banner): up or not, nothing about the set-up. */
      .get(routePath(diagnosticsApi.health), async (c) => {
        const diagnostics = await diagnoseDatabase(database);
        return c.json(
          reply(diagnosticsApi.health, { ok: diagnostics.ok, version: appVersion, database: { ok: diagnostics.ok } }),
          diagnostics.ok ? 200 : 503,
        );
      })
      /**
       * The readiness check (load balancers): 503 while this instance drains, its database cannot serve it, or it has
       * not yet read the network data every visit is judged with.
       */
      .get(routePath(diagnosticsApi.ready), async (c) => {
        const readiness = await checkReadiness(database, deps.draining(), deps.networkData());
        return c.json(reply(diagnosticsApi.ready, readiness), readiness.ready ? 200 : 503);
      })
      /** The database's kind, latency and error text: for admins (the debug panel, the admin setup pages). */
      .get(routePath(diagnosticsApi.database), guards.requireAdmin, async (c) => {
        const diagnostics = await diagnoseDatabase(database);
        return c.json(reply(diagnosticsApi.database, diagnostics), diagnostics.ok ? 200 : 503);
      })
      /** Everything the admin system pages show; a part that fails says so in its place. */
      .get(routePath(diagnosticsApi.system), guards.requireAdmin, async (c) =>
        c.json(reply(diagnosticsApi.system, await systemReport(deps))),
      )
      .post(routePath(diagnosticsApi.testEmail), guards.requireAdmin, async (c) =>
        c.json(reply(diagnosticsApi.testEmail, await sendTestEmail(deps, currentUser(c).email))),
      )
  );
}
