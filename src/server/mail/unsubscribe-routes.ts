import { Hono } from "hono";
import { escapeHtml } from "../../core/escape-html.js";
import type { Database } from "../db/client.js";
import type { OptionalEmailKind } from "../db/schema.js";
import type { AppEnv } from "../http/app-env.js";
import { formRequestBody } from "../http/request-body.js";
import { refuseForeignOrigins } from "../http/same-origin.js";
import { emailKindLabels, setEmailPreference, verifyUnsubscribeToken } from "./email-preferences.js";

export const unsubscribeMessages = {
  invalid: "This unsubscribe link is not valid. You can choose your emails in your account settings.",
  done: (kind: OptionalEmailKind) => `You're unsubscribed from ${emailKindLabels[kind]}.`,
} as const;

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} · FanBoost</title><style>body{margin:0;min-height:100vh;display:flex;align-items:center;
justify-content:center;font-family:ui-sans-serif,system-ui,sans-serif;background:#f8fafc;color:#0f172a;padding:16px}
main{background:#fff;border-radius:20px;max-width:440px;width:100%;padding:32px;box-shadow:0 10px 30px rgba(15,23,42,.08)}
.brand{font-weight:800;color:#6d28d9;margin:0 0 16px}button{background:#7c3aed;color:#fff;border:0;border-radius:12px;
padding:12px 18px;font-weight:700;font-size:15px;cursor:pointer}a{color:#6d28d9}</style></head><body><main>
<p class="brand">FanBoost</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

/**
 * One-click unsubscribe (RFC 8058), without sign-in: the link's signed token names the user and the kind of email.
 * GET shows a confirmation button (a link scanner opening the link changes nothing); POST, from that button or from
 * the mail app's own unsubscribe action, turns the kind off.
 */
export function unsubscribeRoutes(deps: { db: Database; authSecret: string; publicUrl: string }) {
  const app = new Hono<AppEnv>();
  const target = (query: Record<string, string>) => {
    const { u = "", k = "", t = "" } = query;
    return verifyUnsubscribeToken(deps.authSecret, u, k, t) ? { userId: u, kind: k as OptionalEmailKind } : null;
  };
  const settings = `<p><a href="${escapeHtml(deps.publicUrl)}/settings">Choose your emails in your account settings</a></p>`;
  app.get("/email/unsubscribe", (c) => {
    const found = target(c.req.query());
    if (!found) return c.html(page("Link not valid", `<p>${escapeHtml(unsubscribeMessages.invalid)}</p>`), 400);
    return c.html(
      page(
        "Unsubscribe",
        `<p>Stop emails about ${escapeHtml(emailKindLabels[found.kind])}?</p>
<form method="post"><button type="submit">Unsubscribe</button></form>${settings}`,
      ),
    );
  });
  app.post("/email/unsubscribe", refuseForeignOrigins([new URL(deps.publicUrl).origin]), formRequestBody, async (c) => {
    const found = target(c.req.query());
    if (!found) return c.html(page("Link not valid", `<p>${escapeHtml(unsubscribeMessages.invalid)}</p>`), 400);
    await setEmailPreference(deps.db, found.userId, found.kind, false);
    return c.html(page("Unsubscribed", `<p>${escapeHtml(unsubscribeMessages.done(found.kind))}</p>${settings}`));
  });
  return app;
}
