import { Hono } from "hono";
import { currentUser, type Guards } from "../accounts/guards.js";
import type { AppEnv } from "../http/app-env.js";
import { promoterEarnings } from "./earnings.js";
import { payCampaignWinners, requestPayout } from "./pay-payouts.js";
import { createPayoutAccount, createPayoutAccountLink, payoutAccountStatus } from "./payout-accounts.js";
import type { PayoutDeps } from "./payout-deps.js";
import { adminPayoutList } from "./payout-list.js";

export function payoutRoutes(deps: PayoutDeps & { guards: Guards }) {
  const { guards } = deps;
  const app = new Hono<AppEnv>();

  app.get("/earnings", guards.requireUser, async (c) => c.json(await promoterEarnings(deps.db, currentUser(c).id)));

  app.get("/payouts/account", guards.requireUser, async (c) =>
    c.json(await payoutAccountStatus(deps, currentUser(c).id)),
  );
  app.post("/payouts/account", guards.requireUser, async (c) =>
    c.json(await createPayoutAccount(deps, currentUser(c))),
  );
  app.post("/payouts/account-link", guards.requireUser, async (c) =>
    c.json(await createPayoutAccountLink(deps, currentUser(c))),
  );
  app.post("/payouts/request", guards.requireUser, async (c) => c.json(await requestPayout(deps, currentUser(c).id)));

  app.get("/admin/payouts", guards.requireAdmin, async (c) => c.json(await adminPayoutList(deps.db)));
  app.post("/admin/payouts/:campaignId/pay", guards.requireAdmin, async (c) =>
    c.json(await payCampaignWinners(deps, c.req.param("campaignId"))),
  );

  return app;
}
