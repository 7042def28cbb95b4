import { type Context, Hono } from "hono";
import { z } from "zod";
import { trackingApi } from "../../core/api/tracking.js";
import { MAX_EVIDENCE_CHARS } from "../../core/click-evidence.js";
import { clickVerdict } from "../../core/vocabulary.js";
import type { AppEnv } from "../http/app-env.js";
import { reply, routePath } from "../http/contracts.js";
import { requestHeader, socketAddress } from "../http/node-request.js";
import { validate } from "../http/validate.js";
import { type ClickChallenges, challengeMessages } from "./click-challenges.js";
import { type ClickConfirmations, confirmationMessages } from "./click-confirmations.js";
import type { ClickHandler } from "./click-handler.js";

/**
 * `/t/{code}` and `/track/{code}` as Hono routes, for `app.fetch` callers. A Node server answers them earlier, in
 * `clickFastPath`, with the same handler (ADR 010). Mounted ahead of the app-wide middleware (ADR 008).
 */
export function trackingRoutes(handle: ClickHandler) {
  const app = new Hono<AppEnv>();
  const route = async (c: Context<AppEnv>) => {
    const { status, headers, body } = await handle({
      method: c.req.method,
      shortCode: (c.req.param() as Record<string, string | undefined>).code,
      socketAddress: socketAddress(c.env),
      header: (name) => requestHeader(c, name),
    });
    return new Response(c.req.method === "HEAD" ? null : body, { status, headers });
  };
  for (const prefix of ["/t", "/track"]) {
    app.on(["GET", "HEAD"], prefix, route);
    app.on(["GET", "HEAD"], `${prefix}/`, route);
    app.on(["GET", "HEAD"], `${prefix}/:code`, route);
  }
  return app;
}

const solution = z.object({
  code: z.string({ error: "Tracking link not found" }).regex(/^[A-Za-z0-9]{4,32}$/, "Tracking link not found"),
  payload: z
    .string({ error: challengeMessages.invalid })
    .min(1, challengeMessages.invalid)
    .max(2_000, challengeMessages.invalid),
});

const confirmationField = (max: number) =>
  z.string({ error: confirmationMessages.invalid }).max(max, confirmationMessages.invalid);

const confirmation = z.object({
  token: confirmationField(64).min(1, confirmationMessages.invalid),
  evidence: confirmationField(MAX_EVIDENCE_CHARS).optional(),
  proof: confirmationField(64).optional(),
});

/**
 * The tracking page's script calls home here (API routes: same-origin check, body limit, no-store): a challenged visit's
 * proof-of-work, and a counted visit's browser confirmation.
 */
export function clickPageRoutes(deps: {
  challenges: ClickChallenges;
  confirmations: ClickConfirmations;
  hashIp: (ip: string) => string;
  onCounted: (campaignIds: string[]) => void;
}) {
  const ipHashOf = (c: Context<AppEnv>) => deps.hashIp(c.get("clientIp") ?? "0.0.0.0");
  return new Hono<AppEnv>()
    .post(routePath(trackingApi.verifyChallenge), validate("json", solution), async (c) => {
      const { code, payload } = c.req.valid("json");
      const outcome = await deps.challenges.solve({ shortCode: code, ipHash: ipHashOf(c), payload });
      // The answer says nothing of the verdict: a counted visit's token names its click, any other's is a decoy.
      if (outcome.verdict !== clickVerdict.counted) {
        return c.json(reply(trackingApi.verifyChallenge, { confirm: deps.confirmations.decoy() }));
      }
      deps.onCounted([outcome.campaignId]);
      return c.json(reply(trackingApi.verifyChallenge, { confirm: deps.confirmations.tokenFor(outcome.clickId) }));
    })
    .post(routePath(trackingApi.confirmClick), validate("json", confirmation), async (c) => {
      await deps.confirmations.confirm({ ...c.req.valid("json"), ipHash: ipHashOf(c) });
      return c.json(reply(trackingApi.confirmClick, { confirmed: true }));
    });
}
