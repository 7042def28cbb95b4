import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "../db/client.js";
import { sandboxAccountLinks, sandboxAccounts } from "../db/schema.js";
import type { AppEnv } from "../http/app-env.js";
import { escapeHtml } from "../http/escape-html.js";

/**
 * The sandbox provider's hosted onboarding, standing in for Stripe Connect Express: a single-use, expiring link
 * opens a form for the account holder's details; submitting it enables payouts and returns to the app, an expired or
 * used link goes to the refresh address, "Finish later" returns without enabling payouts.
 */

type Form = { legal_name: string; birth_date: string; routing_number: string; account_number: string };
const blankForm: Form = { legal_name: "", birth_date: "", routing_number: "", account_number: "" };

const styles = `*{box-sizing:border-box}body{margin:0;min-height:100vh;background:#f1f5f9;color:#0f172a;
font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;display:flex;justify-content:center;padding:24px 16px}
main{background:#fff;border-radius:16px;max-width:480px;width:100%;padding:28px;box-shadow:0 10px 30px rgba(15,23,42,.12)}
.tag{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:4px 10px;font-size:12px;font-weight:600}
h1{font-size:22px;margin:14px 0 6px}p{color:#475569;font-size:14px;line-height:1.5}label{display:block;font-size:14px;font-weight:600;margin:14px 0 6px}
input{width:100%;padding:10px 12px;border-radius:10px;border:1px solid #cbd5e1;font-size:15px}input:focus{outline:2px solid #7c3aed;outline-offset:1px}
.hint{font-size:12px;color:#64748b;margin:4px 0 0}.error{color:#b91c1c;font-size:13px;margin:4px 0 0}
.actions{display:flex;gap:10px;margin-top:22px;flex-wrap:wrap}button{border:0;border-radius:10px;padding:11px 18px;font-weight:600;font-size:15px;cursor:pointer}
.primary{background:#7c3aed;color:#fff}.secondary{background:#fff;color:#0f172a;box-shadow:inset 0 0 0 1px #cbd5e1}`;

function renderForm(accountEmail: string, form: Form, errors: Partial<Record<keyof Form, string>>, formError?: string) {
  const field = (name: keyof Form, label: string, attrs: string, hint?: string) => {
    const error = errors[name];
    return `<label for="${name}">${label}</label><input id="${name}" name="${name}" value="${escapeHtml(form[name])}" ${attrs}${
      error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ""
    }>${hint ? `<p class="hint">${hint}</p>` : ""}${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ""}`;
  };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Set up payouts · FanBoost sandbox</title><style>${styles}</style></head>
<body><main><span class="tag">Sandbox payouts: no real money moves</span><h1>Set up your payout account</h1>
<p>FanBoost runs without a payment provider configured, so this sandbox stands in for Stripe's onboarding. Use test
details only. Account: ${escapeHtml(accountEmail)}</p>
${formError ? `<p class="error" role="alert">${escapeHtml(formError)}</p>` : ""}<form method="post">
${field("legal_name", "Legal name", 'autocomplete="name" required maxlength="120"')}
${field("birth_date", "Date of birth", 'type="date" required', "You must be 18 or older to receive payouts.")}
${field("routing_number", "Routing number", 'inputmode="numeric" required maxlength="9"', "Test routing number: 110000000")}
${field("account_number", "Account number", 'inputmode="numeric" required maxlength="17"', "Test account number: 000123456789")}
<div class="actions"><button class="primary" type="submit" name="action" value="submit">Agree and submit</button>
<button class="secondary" type="submit" name="action" value="later" formnovalidate>Finish later</button></div>
</form></main></body></html>`;
}

function validate(form: Form, today = new Date()): Partial<Record<keyof Form, string>> {
  const errors: Partial<Record<keyof Form, string>> = {};
  if (!form.legal_name.trim()) errors.legal_name = "Legal name is required";
  const birth = /^\d{4}-\d{2}-\d{2}$/.test(form.birth_date) ? new Date(`${form.birth_date}T00:00:00Z`) : null;
  if (!birth || Number.isNaN(birth.getTime())) errors.birth_date = "Date of birth is required";
  else {
    const adult = new Date(Date.UTC(birth.getUTCFullYear() + 18, birth.getUTCMonth(), birth.getUTCDate()));
    if (adult > today) errors.birth_date = "You must be 18 or older to receive payouts";
  }
  if (!/^\d{9}$/.test(form.routing_number)) errors.routing_number = "Enter a 9-digit routing number";
  if (!/^\d{4,17}$/.test(form.account_number)) errors.account_number = "Enter an account number of 4 to 17 digits";
  return errors;
}

export function sandboxOnboardingRoutes(db: Database) {
  const app = new Hono<AppEnv>();

  /** The link when it can still be used; otherwise the response that ends the visit. */
  const openLink = async (token: string) => {
    const [link] = await db
      .select({
        accountId: sandboxAccountLinks.accountId,
        returnUrl: sandboxAccountLinks.returnUrl,
        refreshUrl: sandboxAccountLinks.refreshUrl,
        expiresAt: sandboxAccountLinks.expiresAt,
        usedAt: sandboxAccountLinks.usedAt,
        email: sandboxAccounts.email,
      })
      .from(sandboxAccountLinks)
      .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxAccountLinks.accountId))
      .where(eq(sandboxAccountLinks.token, token))
      .limit(1);
    if (!link) return { gone: "missing" as const };
    if (link.usedAt || link.expiresAt.getTime() <= Date.now()) return { gone: "expired" as const, link };
    return { link };
  };

  app.get("/sandbox/connect/:token", async (c) => {
    const opened = await openLink(c.req.param("token"));
    if (opened.gone === "missing") return c.text("This onboarding link does not exist.", 404);
    if (opened.gone === "expired") return c.redirect(opened.link.refreshUrl, 303);
    c.header("Cache-Control", "no-store");
    return c.html(renderForm(opened.link.email, blankForm, {}));
  });

  app.post("/sandbox/connect/:token", async (c) => {
    const token = c.req.param("token");
    const opened = await openLink(token);
    if (opened.gone === "missing") return c.text("This onboarding link does not exist.", 404);
    if (opened.gone === "expired") return c.redirect(opened.link.refreshUrl, 303);
    let body: Awaited<ReturnType<typeof c.req.parseBody>>;
    try {
      body = await c.req.parseBody();
    } catch {
      return c.html(
        renderForm(opened.link.email, blankForm, {}, "The form could not be read. Please fill it in again."),
        400,
      );
    }
    const text = (key: keyof Form) => (typeof body[key] === "string" ? (body[key] as string).trim().slice(0, 200) : "");
    const form: Form = {
      legal_name: text("legal_name"),
      birth_date: text("birth_date"),
      routing_number: text("routing_number").replace(/\s/g, ""),
      account_number: text("account_number").replace(/\s/g, ""),
    };
    if (body.action !== "later") {
      const errors = validate(form);
      if (Object.keys(errors).length > 0) return c.html(renderForm(opened.link.email, form, errors), 400);
      await db
        .update(sandboxAccounts)
        .set({
          legalName: form.legal_name,
          bankLast4: form.account_number.slice(-4),
          detailsSubmitted: true,
          payoutsEnabled: true,
        })
        .where(eq(sandboxAccounts.id, opened.link.accountId));
    }
    await db.update(sandboxAccountLinks).set({ usedAt: sql`now()` }).where(eq(sandboxAccountLinks.token, token));
    return c.redirect(opened.link.returnUrl, 303);
  });

  return app;
}
