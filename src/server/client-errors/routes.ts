import { Hono } from "hono";
import { z } from "zod";
import { clientErrorLimits, clientErrorsApi } from "../../core/api/client-errors.js";
import { errorTypes, severities } from "../../core/error-rules.js";
import type { Database } from "../db/client.js";
import type { AppEnv } from "../http/app-env.js";
import { reply, routePath } from "../http/contracts.js";
import { tooManyRequestsBody } from "../http/error-body.js";
import { consumeRequestLimit } from "../http/request-limit.js";
import { validate } from "../http/validate.js";
import { storeClientError } from "./client-error-reports.js";

/** Enough for a page that crashes and retries a few times; a flood from one address is refused. */
const REPORT_LIMIT = { windowMs: 60_000, max: 20 };

const text = (name: string, max: number) =>
  z.string({ error: `${name} must be text` }).max(max, `${name} is too long (at most ${max} characters)`);

const reportBody = z.object({
  id: z.uuid({ error: "The report id must be a UUID" }),
  kind: z.enum(["crash", "error"], { error: "Say crash or error" }),
  type: z.enum(errorTypes, { error: "Unknown error type" }),
  severity: z.enum(severities, { error: "Unknown severity" }),
  name: text("The error name", clientErrorLimits.name),
  message: text("The message", clientErrorLimits.message),
  stack: text("The stack", clientErrorLimits.stack).optional(),
  component_stack: text("The component stack", clientErrorLimits.stack).optional(),
  // The query and fragment can hold tokens: only the path is kept.
  path: text("The path", clientErrorLimits.path)
    .regex(/^\//, "The path must start with /")
    .transform((path) => path.split(/[?#]/)[0] ?? "/"),
  request_id: text("The request id", clientErrorLimits.requestId).optional(),
  release: text("The release", clientErrorLimits.release).optional(),
});

/**
 * Where the browser reports a crash or a serious error. No session is read (the page sends no cookie), and a report
 * is stored once per id, so a page may resend it.
 */
export function clientErrorRoutes(deps: { db: Database }) {
  return new Hono<AppEnv>().post(routePath(clientErrorsApi.report), validate("json", reportBody), async (c) => {
    const limit = await consumeRequestLimit(deps.db, `client-errors:${c.get("clientIp") ?? "unknown"}`, REPORT_LIMIT);
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfterSeconds));
      return c.json(tooManyRequestsBody("Too many error reports. Please try again later."), 429);
    }
    const id = await storeClientError(deps.db, c.req.valid("json"), c.req.header("user-agent"));
    return c.json(reply(clientErrorsApi.report, { id }), 201);
  });
}
