import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { escapeHtml } from "../../core/escape-html.js";
import type { Database } from "../db/client.js";
import { sandboxAccountLinks, sandboxAccounts } from "../db/schema.js";
import type { AppEnv } from "../http/app-env.js";

/**
 * The sandbox provider's hosted onboarding, standing in for Stripe Connect Express: a single-use, expiring link
 * opens a form for the account holder's details; submitting it enables payouts and returns to the app, an expired or
 * used link goes to the refresh address, "Finish later" returns without enabling payouts. It also asks for the
 * holder's tax information (a W-9 in the United States, a W-8BEN elsewhere, by the account's country): optional at
 * the first setup, the whole form once the bank details are in. Only which form was completed is kept, never its
 * contents, as with Stripe, where FanBoost sees only that the requirement is met.
 */

type Form = {
  legal_name: string;
  birth_date: string;
  routing_number: string;
  account_number: string;
  tax_id: string;
  tax_certified: string;
};
const blankForm: Form = {
  legal_name: "",
  birth_date: "",
  routing_number: "",
  account_number: "",
  tax_id: "",
  tax_certified: "",
};
type Errors = Partial<Record<keyof Form, string>>;

/** What the link asks for: the bank details until they are in, then the tax form if it is not. */
type Steps = { bank: boolean; tax: "w9" | "w8ben" | null };

export const sandboxTaxMessages = {
  w9Id: "Enter a 9-digit taxpayer identification number (SSN or EIN)",
  w8benId: "Enter your tax identification number in your country (4 to 20 letters or digits)",
  certify: "Certify that the information on the tax form is correct",
} as const;

const styles = `*{box-sizing:border-box}body{margin:0;min-height:100vh;background:#f1f5f9;color:#0f172a;
font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;display:flex;justify-content:center;padding:24px 16px}
main{background:#fff;border-radius:16px;max-width:480px;width:100%;padding:28px;box-shadow:0 10px 30px rgba(15,23,42,.12)}
.tag{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:4px 10px;font-size:12px;font-weight:600}
h1{font-size:22px;margin:14px 0 6px}h2{font-size:17px;margin:22px 0 4px}p{color:#475569;font-size:14px;line-height:1.5}
label{display:block;font-size:14px;font-weight:600;margin:14px 0 6px}.check{display:flex;gap:8px;align-items:flex-start;font-weight:500}
.check input{width:auto;margin-top:3px}
input{width:100%;padding:10px 12px;border-radius:10px;border:1px solid #cbd5e1;font-size:15px}input:focus{outline:2px solid #7c3aed;outline-offset:1px}
.hint{font-size:12px;color:#64748b;margin:4px 0 0}.error{color:#b91c1c;font-size:13px;margin:4px 0 0}
.actions{display:flex;gap:10px;margin-top:22px;flex-wrap:wrap}button{border:0;border-radius:10px;padding:11px 18px;font-weight:600;font-size:15px;cursor:pointer}
.primary{background:#7c3aed;color:#fff}.secondary{background:#fff;color:#0f172a;box-shadow:inset 0 0 0 1px #cbd5e1}`;

/**
 * The bank details each country's accounts are paid to, as Stripe asks for them, with its test values: a bank code
 * and an account number, or an IBAN alone. The sandbox's countries (SANDBOX_PAYOUT_COUNTRIES); the United States'
 * form for an account without a country.
 */
type BankScheme =
  | {
      code: { label: string; digits: number; test: string };
      account: { min: number; max: number; test: string };
    }
  | { iban: { test: string } };

const bankSchemes: Record<string, BankScheme> = {
  US: {
    code: { label: "Routing number", digits: 9, test: "110000000" },
    account: { min: 4, max: 17, test: "000123456789" },
  },
  GB: { code: { label: "Sort code", digits: 6, test: "108800" }, account: { min: 8, max: 8, test: "00012345" } },
  AU: { code: { label: "BSB", digits: 6, test: "110000" }, account: { min: 4, max: 9, test: "000123456" } },
  NZ: {
    code: { label: "Bank and branch number", digits: 6, test: "110000" },
    account: { min: 8, max: 10, test: "0000000010" },
  },
  CA: {
    code: { label: "Transit and institution number", digits: 8, test: "11000000" },
    account: { min: 7, max: 12, test: "000123456789" },
  },
  DE: { iban: { test: "DE89370400440532013000" } },
  ES: { iban: { test: "ES0700120345030000067890" } },
  FR: { iban: { test: "FR1420041010050500013M02606" } },
  IE: { iban: { test: "IE29AIBK93115212345678" } },
  IT: { iban: { test: "IT60X0542811101000000123456" } },
  NL: { iban: { test: "NL39RABO0300065264" } },
  SE: { iban: { test: "SE3550000000054910000003" } },
};
const bankSchemeOf = (country: string | null): BankScheme =>
  bankSchemes[country ?? "US"] ?? (bankSchemes.US as BankScheme);

function renderForm(
  accountEmail: string,
  scheme: BankScheme,
  steps: Steps,
  form: Form,
  errors: Errors,
  formError?: string,
) {
  const described = (name: keyof Form, hint?: string) => {
    const error = errors[name];
    const ids = [hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ");
    return {
      attrs: `${error ? ' aria-invalid="true"' : ""}${ids ? ` aria-describedby="${ids}"` : ""}`,
      after: `${hint ? `<p class="hint" id="${name}-hint">${hint}</p>` : ""}${
        error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ""
      }`,
    };
  };
  const field = (name: keyof Form, label: string, attrs: string, hint?: string) => {
    const { attrs: aria, after } = described(name, hint);
    return `<label for="${name}">${label}</label><input id="${name}" name="${name}" value="${escapeHtml(form[name])}" ${attrs}${aria}>${after}`;
  };
  const certify = () => {
    const { attrs: aria, after } = described("tax_certified");
    return `<label class="check" for="tax_certified"><input type="checkbox" id="tax_certified" name="tax_certified" value="yes"${
      form.tax_certified === "yes" ? " checked" : ""
    }${aria}>I certify, under penalties of perjury, that the information on this form is true, correct and complete.</label>${after}`;
  };
  const taxOptional = steps.bank;
  const tax =
    steps.tax === "w9"
      ? `<h2>Tax information: Form W-9</h2><p>For US persons. ${
          taxOptional
            ? "You may give it now or later: it is needed before your prizes in a calendar year reach the reporting threshold."
            : "Your next payout waits for it."
        }</p>
${field("tax_id", "Taxpayer identification number (SSN or EIN)", `inputmode="numeric" maxlength="11" autocomplete="off"${taxOptional ? "" : " required"}`, "Test number: 123-45-6789. It is checked and not kept.")}
${certify()}`
      : steps.tax === "w8ben"
        ? `<h2>Tax information: Form W-8BEN</h2><p>For people who live outside the United States. ${
            taxOptional
              ? "You may give it now or later: it is needed before your prizes in a calendar year reach the reporting threshold."
              : "Your next payout waits for it."
          }</p>
${field("tax_id", "Tax identification number in your country", `maxlength="20" autocomplete="off"${taxOptional ? "" : " required"}`, "Test number: AB123456. It is checked and not kept.")}
${certify()}`
        : "";
  const bank = steps.bank
    ? `${field("legal_name", "Legal name", 'autocomplete="name" required maxlength="120"')}
${field("birth_date", "Date of birth", 'type="date" required', "You must be 18 or older to receive payouts.")}
${
  "iban" in scheme
    ? field("account_number", "IBAN", 'required maxlength="34" autocomplete="off"', `Test IBAN: ${scheme.iban.test}`)
    : `${field("routing_number", scheme.code.label, `inputmode="numeric" required maxlength="${scheme.code.digits}"`, `Test ${scheme.code.label.toLowerCase()}: ${scheme.code.test}`)}
${field("account_number", "Account number", `inputmode="numeric" required maxlength="${scheme.account.max}"`, `Test account number: ${scheme.account.test}`)}`
}`
    : "";
  const heading = steps.bank ? "Set up your payout account" : "Give your tax information";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${heading} · FanBoost sandbox</title><style>${styles}</style></head>
<body><main><span class="tag">Sandbox payouts: no real money moves</span><h1>${heading}</h1>
<p>FanBoost runs without a payment provider configured, so this sandbox stands in for Stripe's onboarding. Use test
details only. Account: ${escapeHtml(accountEmail)}</p>
${formError ? `<p class="error" role="alert">${escapeHtml(formError)}</p>` : ""}<form method="post">
${bank}
${tax}
<div class="actions"><button class="primary" type="submit" name="action" value="submit">Agree and submit</button>
<button class="secondary" type="submit" name="action" value="later" formnovalidate>Finish later</button></div>
</form></main></body></html>`;
}

/**
 * The sandbox's bank fingerprint, as Stripe gives one: the same routing and account numbers give the same value in any
 * connected account, and the value does not give the numbers back.
 */
function bankFingerprintOf(routingNumber: string, accountNumber: string) {
  return createHash("sha256").update(`sandbox-bank:${routingNumber}:${accountNumber}`).digest("base64url").slice(0, 16);
}

function validateBank(form: Form, scheme: BankScheme, today = new Date()): Errors {
  const errors: Errors = {};
  if (!form.legal_name.trim()) errors.legal_name = "Legal name is required";
  const birth = /^\d{4}-\d{2}-\d{2}$/.test(form.birth_date) ? new Date(`${form.birth_date}T00:00:00Z`) : null;
  if (!birth || Number.isNaN(birth.getTime())) errors.birth_date = "Date of birth is required";
  else {
    const adult = new Date(Date.UTC(birth.getUTCFullYear() + 18, birth.getUTCMonth(), birth.getUTCDate()));
    if (adult > today) errors.birth_date = "You must be 18 or older to receive payouts";
  }
  if ("iban" in scheme) {
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(form.account_number)) errors.account_number = "Enter your IBAN";
    return errors;
  }
  const { code, account } = scheme;
  if (!new RegExp(`^\\d{${code.digits}}$`).test(form.routing_number)) {
    errors.routing_number = `Enter a ${code.digits}-digit ${code.label.toLowerCase()}`;
  }
  if (!new RegExp(`^\\d{${account.min},${account.max}}$`).test(form.account_number)) {
    errors.account_number =
      account.min === account.max
        ? `Enter an account number of ${account.max} digits`
        : `Enter an account number of ${account.min} to ${account.max} digits`;
  }
  return errors;
}

/** The tax form's errors; a blank optional form is no error (nothing is recorded). */
function validateTax(form: Form, kind: "w9" | "w8ben", optional: boolean): Errors {
  if (optional && !form.tax_id && form.tax_certified !== "yes") return {};
  const errors: Errors = {};
  const id = form.tax_id.replace(/[\s-]/g, "");
  if (kind === "w9" ? !/^\d{9}$/.test(id) : !/^[A-Za-z0-9]{4,20}$/.test(id)) {
    errors.tax_id = kind === "w9" ? sandboxTaxMessages.w9Id : sandboxTaxMessages.w8benId;
  }
  if (form.tax_certified !== "yes") errors.tax_certified = sandboxTaxMessages.certify;
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
        country: sandboxAccounts.country,
        detailsSubmitted: sandboxAccounts.detailsSubmitted,
        taxForm: sandboxAccounts.taxForm,
      })
      .from(sandboxAccountLinks)
      .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxAccountLinks.accountId))
      .where(eq(sandboxAccountLinks.token, token))
      .limit(1);
    if (!link) return { gone: "missing" as const };
    if (link.usedAt || link.expiresAt.getTime() <= Date.now()) return { gone: "expired" as const, link };
    const taxKind = link.country && link.country !== "US" ? ("w8ben" as const) : ("w9" as const);
    // Once everything is in, the link edits the bank details again, as Stripe's update link does.
    const steps: Steps = {
      bank: !link.detailsSubmitted || link.taxForm !== null,
      tax: link.taxForm ? null : taxKind,
    };
    return { link, steps, scheme: bankSchemeOf(link.country) };
  };

  app.get("/sandbox/connect/:token", async (c) => {
    const opened = await openLink(c.req.param("token"));
    if (opened.gone === "missing") return c.text("This onboarding link does not exist.", 404);
    if (opened.gone === "expired") return c.redirect(opened.link.refreshUrl, 303);
    c.header("Cache-Control", "no-store");
    return c.html(renderForm(opened.link.email, opened.scheme, opened.steps, blankForm, {}));
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
        renderForm(
          opened.link.email,
          opened.scheme,
          opened.steps,
          blankForm,
          {},
          "The form could not be read. Please fill it in again.",
        ),
        400,
      );
    }
    const text = (key: keyof Form) => (typeof body[key] === "string" ? (body[key] as string).trim().slice(0, 200) : "");
    const form: Form = {
      legal_name: text("legal_name"),
      birth_date: text("birth_date"),
      routing_number: text("routing_number").replace(/\s/g, ""),
      account_number: text("account_number").replace(/\s/g, "").toUpperCase(),
      tax_id: text("tax_id"),
      tax_certified: text("tax_certified"),
    };
    const { steps, scheme } = opened;
    if (body.action !== "later") {
      const errors = {
        ...(steps.bank ? validateBank(form, scheme) : {}),
        ...(steps.tax ? validateTax(form, steps.tax, steps.bank) : {}),
      };
      if (Object.keys(errors).length > 0) {
        // The tax number is never sent back, not even into the form.
        return c.html(renderForm(opened.link.email, scheme, steps, { ...form, tax_id: "" }, errors), 400);
      }
      await db
        .update(sandboxAccounts)
        .set({
          ...(steps.bank
            ? {
                legalName: form.legal_name,
                bankLast4: form.account_number.slice(-4),
                bankFingerprint: bankFingerprintOf(form.routing_number, form.account_number),
                detailsSubmitted: true,
                payoutsEnabled: true,
              }
            : {}),
          ...(steps.tax && form.tax_id ? { taxForm: steps.tax } : {}),
        })
        .where(eq(sandboxAccounts.id, opened.link.accountId));
    }
    await db.update(sandboxAccountLinks).set({ usedAt: sql`now()` }).where(eq(sandboxAccountLinks.token, token));
    return c.redirect(opened.link.returnUrl, 303);
  });

  return app;
}
