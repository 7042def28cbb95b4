import { Hono } from "hono";
import { payoutsApi } from "../../core/api/payouts.js";
import { winnerVerificationSchema } from "../../core/eligibility-rules.js";
import { currentUser, type Guards } from "../accounts/guards.js";
import type { ServerContext } from "../context/server-context.js";
import type { AppEnv } from "../http/app-env.js";
import { reply, routePath } from "../http/contracts.js";
import { idempotent } from "../http/idempotency.js";
import { validate } from "../http/validate.js";
import { assertCampaignId } from "../ids.js";
import { promoterEarnings } from "./earnings.js";
import { requestPayout } from "./pay-payouts.js";
import { createPayoutAccount, createPayoutAccountLink, payoutAccountStatus } from "./payout-accounts.js";
import { candidaciesOf, verifyCandidacy } from "./winner-verification.js";

export function payoutRoutes(
  deps: ServerContext & {
    guards: Guards;
    /** A verification changed a result (verified, or passed on): its boards are sent again. */
    resultsChanged: (campaignIds: string[]) => void;
  },
) {
  const { guards } = deps;
  const app = new Hono<AppEnv>();

  app.get(routePath(payoutsApi.earnings), guards.requireUser, async (c) =>
    c.json(reply(payoutsApi.earnings, await promoterEarnings(deps.db, currentUser(c).id))),
  );
  app.get(routePath(payoutsApi.account), guards.requireUser, async (c) =>
    c.json(reply(payoutsApi.account, await payoutAccountStatus(deps, currentUser(c).id))),
  );
  app.post(routePath(payoutsApi.createAccount), guards.requireUser, async (c) =>
    c.json(reply(payoutsApi.createAccount, await createPayoutAccount(deps, currentUser(c)))),
  );
  app.post(routePath(payoutsApi.accountLink), guards.requireUser, async (c) =>
    c.json(reply(payoutsApi.accountLink, await createPayoutAccountLink(deps, currentUser(c)))),
  );
  app.post(
    routePath(payoutsApi.request),
    guards.requireUser,
    idempotent(deps.db, async (c) => `user:${currentUser(c).id}`),
    async (c) => c.json(reply(payoutsApi.request, await requestPayout(deps, currentUser(c).id))),
  );
  app.get(routePath(payoutsApi.candidacies), guards.requireUser, async (c) =>
    c.json(reply(payoutsApi.candidacies, await candidaciesOf(deps, currentUser(c).id))),
  );
  app.post(routePath(payoutsApi.verify), guards.requireUser, validate("json", winnerVerificationSchema), async (c) => {
    const campaignId = assertCampaignId(c.req.param("campaignId"));
    const statement = c.req.valid("json");
    return c.json(reply(payoutsApi.verify, await verifyCandidacy(deps, currentUser(c).id, campaignId, statement)));
  });

  return app;
}
