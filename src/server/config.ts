import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { join, resolve } from "node:path";
import { z } from "zod";
import { defaultSongLinkHosts } from "../core/campaign-rules.js";
import { isCountryCode } from "../core/eligibility.js";
import { SANDBOX_PAYOUT_COUNTRIES, STRIPE_PAYOUT_COUNTRIES } from "../core/payout-countries.js";
import { type ResultApprovalMode, resultApprovalModes } from "../core/vocabulary.js";

/** The only module that reads `process.env`. Everything else receives a `Config`. */

export type Env = Record<string, string | undefined>;

export type TrustProxy = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "cidrs"; cidrs: string[] };

/** A comma-separated list of at least one item, each trimmed, normalized by `normalize` and checked by `item`. */
const commaList = (normalize: (item: string) => string, item: z.ZodType<string, string>) =>
  z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((part) => normalize(part.trim()))
        .filter(Boolean),
    )
    .pipe(z.array(item).min(1));

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const cidrPattern = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]+)(\/\d{1,3})?$/;

const trustProxySchema = z
  .string()
  .trim()
  .transform((raw, ctx): TrustProxy => {
    const value = raw.toLowerCase();
    if (value === "" || value === "false" || value === "0") return { kind: "none" };
    if (/^\d+$/.test(value)) return { kind: "hops", hops: Number(value) };
    const cidrs = value.split(",").map((part) => part.trim());
    if (cidrs.every((cidr) => cidrPattern.test(cidr))) return { kind: "cidrs", cidrs };
    ctx.addIssue({
      code: "custom",
      message: "expected false, a hop count or a comma-separated list of addresses/CIDRs",
    });
    return z.NEVER;
  });

const weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

/** A range a deployment (or a test, with loopback addresses) names to an autonomous system itself. */
export type NetworkOverride = { cidr: string; asn: number; org: string; hosting: boolean };

/**
 * `NETWORK_OVERRIDES`: ranges named to an autonomous system, `cidr=asn:organisation[:hosting]`, comma-separated (a
 * deployment's own networks, or loopback ranges standing in for networks in tests).
 */
const networkOverrides = z.string().transform((value, ctx) =>
  value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .flatMap((entry): NetworkOverride[] => {
      const match = /^([0-9a-fA-F:.]+\/\d{1,3})=(\d+):([^:]+)(:hosting)?$/.exec(entry);
      const [cidr = "", prefix = ""] = match?.[1]?.split("/") ?? [];
      const family = isIP(cidr);
      if (!match || family === 0 || Number(prefix) > (family === 4 ? 32 : 128)) {
        ctx.addIssue({ code: "custom", message: `expected cidr=asn:organisation[:hosting], got "${entry}"` });
        return [];
      }
      return [
        {
          cidr: match[1] as string,
          asn: Number(match[2]),
          org: (match[3] as string).trim(),
          hosting: Boolean(match[4]),
        },
      ];
    }),
);

const emailList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ message: "expected comma-separated email addresses" })));

/** A number of seconds (fractions allowed) from `min` to `max`. */
const seconds = (min: number, max: number, fallback: number) => {
  const message = `expected a number of seconds from ${min} to ${max}`;
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+(\.\d+)?$/, message)
      .transform(Number)
      .pipe(z.number().min(min, message).max(max, message))
      .default(fallback),
  );
};

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d+$/, "expected a whole number between 0 and 65535")
        .transform(Number)
        .pipe(z.number().max(65535, "expected a whole number between 0 and 65535"))
        .default(3000),
    ),
    HOST: z.preprocess(blankToUndefined, z.string().default("0.0.0.0")),
    PUBLIC_URL: optional(
      z.url({ protocol: /^https?$/, message: "expected an http(s) URL such as https://fanboost.example" }),
    ),
    DATA_DIR: z.preprocess(blankToUndefined, z.string().default("./data")),
    DATABASE_URL: optional(
      z.url({ protocol: /^postgres(ql)?$/, message: "expected a postgres:// or postgresql:// connection URL" }),
    ),
    AUTH_SECRET: optional(z.string().min(32, "expected at least 32 characters")),
    TRUST_PROXY: z.preprocess(blankToUndefined, trustProxySchema.default({ kind: "none" })),
    LOG_LEVEL: z.preprocess(
      blankToUndefined,
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ),
    ADMIN_EMAILS: z.preprocess(blankToUndefined, emailList.default([])),
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/, message: "expected an smtp:// or smtps:// URL" })),
    MAIL_FROM: z.preprocess(blankToUndefined, z.string().default("FanBoost <no-reply@fanboost.local>")),
    SUPPORT_EMAIL: optional(z.email({ message: "expected an email address" })),
    STRIPE_SECRET_KEY: optional(
      z.string().regex(/^(sk|rk)_(test|live)_\w+$/, "expected a Stripe secret key (sk_test_... or sk_live_...)"),
    ),
    STRIPE_PUBLISHABLE_KEY: optional(
      z.string().regex(/^pk_(test|live)_\w+$/, "expected a Stripe publishable key (pk_...)"),
    ),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\w+$/, "expected a Stripe webhook secret (whsec_...)")),
    PAYOUT_WEEKDAY: z.preprocess(
      (value) => (typeof value === "string" ? value.trim().toLowerCase() || undefined : value),
      z
        .enum(weekdays, { error: `expected a weekday: ${weekdays.join(", ")}` })
        .default("friday")
        .transform((day) => weekdays.indexOf(day)),
    ),
    REVIEW_HOURS: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d+(\.\d+)?$/, "expected a number of hours from 0 to 720, such as 48 or 0.5")
        .transform(Number)
        .pipe(z.number().max(720, "expected a number of hours from 0 to 720, such as 48 or 0.5"))
        .default(48),
    ),
    COUNTRY_HEADER: optional(z.string().regex(/^[A-Za-z0-9-]+$/, "expected a header name such as CF-IPCountry")),
    NETWORK_CLICK_LIMIT: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d+$/, "expected a whole number of counted clicks from 1 to 10000")
        .transform(Number)
        .pipe(z.number().min(1).max(10_000, "expected a whole number of counted clicks from 1 to 10000"))
        .default(10),
    ),
    NETWORK_OVERRIDES: z.preprocess(blankToUndefined, networkOverrides.default([])),
    PRIZE_REPORTING_THRESHOLD: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d+$/, "expected whole US dollars, such as 2000")
        .transform((dollars) => Number(dollars) * 100)
        .default(2_000_00),
    ),
    RESULT_APPROVAL: z.preprocess(
      (value) => (typeof value === "string" ? value.trim().toLowerCase() || undefined : value),
      z.enum(resultApprovalModes, { error: "expected admin or auto" }).default("admin"),
    ),
    EXPOSE_CLICK_VERDICTS: z.preprocess(
      (value) => (typeof value === "string" ? value.trim().toLowerCase() || undefined : value),
      z
        .enum(["true", "false"], { error: "expected true or false" })
        .default("false")
        .transform((flag) => flag === "true"),
    ),
    DRAIN_DELAY_SECONDS: seconds(0, 300, 0),
    SHUTDOWN_TIMEOUT_SECONDS: seconds(1, 600, 30),
    METRICS_PORT: optional(
      z
        .string()
        .regex(/^\d+$/, "expected a whole number between 1 and 65535")
        .transform(Number)
        .pipe(z.number().min(1).max(65535, "expected a whole number between 1 and 65535")),
    ),
    METRICS_TOKEN: optional(z.string().min(32, "expected at least 32 characters")),
    PAYOUT_COUNTRIES: optional(
      commaList(
        (code) => code.toUpperCase(),
        z.string().refine(isCountryCode, "expected comma-separated ISO country codes such as US,CA,GB"),
      ),
    ),
    WEBHOOK_LOCAL_RECEIVERS: z.preprocess(
      (value) => (typeof value === "string" ? value.trim().toLowerCase() || undefined : value),
      z
        .enum(["true", "false"], { error: "expected true or false" })
        .default("false")
        .transform((value) => value === "true"),
    ),
    SONG_LINK_HOSTS: optional(
      commaList(
        (host) => host.toLowerCase(),
        z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, "expected comma-separated host names"),
      ),
    ),
  })
  .superRefine((env, ctx) => {
    const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
    if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "is set only partly: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together",
      });
    }
    if (env.DRAIN_DELAY_SECONDS >= env.SHUTDOWN_TIMEOUT_SECONDS) {
      ctx.addIssue({
        code: "custom",
        path: ["DRAIN_DELAY_SECONDS"],
        message: "is not shorter than SHUTDOWN_TIMEOUT_SECONDS: the drain must fit in the shutdown deadline",
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: "custom",
        path: ["METRICS_PORT"],
        message: "is the same as PORT: metrics need a port of their own",
      });
    }
    if (env.NODE_ENV === "production" && env.WEBHOOK_LOCAL_RECEIVERS) {
      ctx.addIssue({
        code: "custom",
        path: ["WEBHOOK_LOCAL_RECEIVERS"],
        message: "is for development only: in production webhooks go to public internet addresses only",
      });
    }
    if (env.NODE_ENV === "production" && !env.AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "is required when NODE_ENV=production" });
    }
  });

/** Every environment variable the server reads (the README's Configuration table). */
export type EnvVariable = keyof z.input<typeof envSchema>;

/** The variables in the order config.ts declares them. */
export const envVariables = Object.keys(envSchema.shape) as EnvVariable[];

export type Config = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  /**
   * Origins whose pages may call the API (and sign in): the public URL's; without PUBLIC_URL, also the loopback
   * addresses of the embedded set-up, so http://127.0.0.1:PORT works as well as http://localhost:PORT.
   */
  trustedOrigins: readonly string[];
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  /** Where AUTH_SECRET came from: the environment, or the file the embedded set-up keeps in DATA_DIR. */
  authSecretSource: "env" | "data-dir";
  trustProxy: TrustProxy;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  adminEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string | undefined;
  /** Stripe when all three keys are set; otherwise the built-in sandbox provider. */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | undefined;
  songLinkHosts: readonly string[];
  /** The countries prizes can be paid to (PAYOUT_COUNTRIES; by default the payment provider's list). */
  payoutCountries: readonly string[];
  /** Day of the weekly payout run, 0 = Sunday (UTC); Friday by default. */
  payoutWeekday: number;
  /** How long an ended campaign's result stays under fraud review before it is final and payable; 0: no review. */
  reviewHours: number;
  /** Who approves a click-decided result before its prize can be paid (RESULT_APPROVAL): always an admin, or `auto`. */
  resultApproval: ResultApprovalMode;
  /**
   * Tracking answers name their verdict in an `X-Click-Verdict` header (EXPOSE_CLICK_VERDICTS): for the test and
   * benchmark harnesses only. Off, a visitor learns nothing of how their visit was judged (PRODUCT.md Fraud engine).
   */
  exposeClickVerdicts: boolean;
  /** Header a trusted proxy sets with the visitor's country (for example CF-IPCountry); unset or not sent: looked up. */
  countryHeader: string | undefined;
  /**
   * The fraud engine's network settings: counted clicks one network may give one link in an hour before its visits to
   * the campaign are challenged, and ranges whose autonomous system is named here instead of looked up.
   */
  networks: { clickLimit: number; overrides: NetworkOverride[] };
  /** A promoter's prizes in a calendar year from which they are reported for tax (PRIZE_REPORTING_THRESHOLD, cents). */
  prizeReportingThresholdCents: number;
  /** At shutdown, how long readiness answers 503 while requests are still served, so the balancer stops sending. */
  drainDelayMs: number;
  /** From the signal to the exit, whatever is still running: the shutdown's deadline. */
  shutdownTimeoutMs: number;
  /**
   * Where Prometheus reads the metrics: a listener of their own on `port` (same HOST), and/or `/metrics` on the app's
   * port for a request bearing `token`. Neither set: no metrics endpoint at all.
   */
  metrics: { port: number | undefined; token: string | undefined };
  /**
   * Development only: webhooks (and every other request sent on a user's behalf) may go to this machine and the
   * private networks, for a receiver beside the app. Link-local, multicast and the rest stay refused (ADR 042).
   */
  webhookLocalReceivers: boolean;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const variable = issue.path.join(".") || "environment";
      const message = issue.message.startsWith("is ") ? issue.message : `invalid value: ${issue.message}`;
      return `${variable} ${message}`;
    })
    .join("; ");
}

/** Reads the secret kept in DATA_DIR, creating it on first use, so embedded installs keep sessions across restarts. */
function embeddedAuthSecret(dataDir: string): string {
  const file = join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Parses and validates the environment. Throws a `ConfigError` whose message names each bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(`Invalid configuration: ${describeIssues(parsed.error)}`);
  const values = parsed.data;
  const dataDir = resolve(values.DATA_DIR);
  const stripe =
    values.STRIPE_SECRET_KEY && values.STRIPE_PUBLISHABLE_KEY && values.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: values.STRIPE_SECRET_KEY,
          publishableKey: values.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: values.STRIPE_WEBHOOK_SECRET,
        }
      : undefined;
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, "");
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    publicUrl,
    trustedOrigins: values.PUBLIC_URL
      ? [new URL(publicUrl).origin]
      : [new URL(publicUrl).origin, `http://127.0.0.1:${values.PORT}`, `http://[::1]:${values.PORT}`],
    dataDir,
    databaseUrl: values.DATABASE_URL,
    authSecret: values.AUTH_SECRET ?? embeddedAuthSecret(dataDir),
    authSecretSource: values.AUTH_SECRET ? "env" : "data-dir",
    trustProxy: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
    adminEmails: values.ADMIN_EMAILS,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    supportEmail: values.SUPPORT_EMAIL,
    stripe,
    songLinkHosts: values.SONG_LINK_HOSTS ?? defaultSongLinkHosts,
    payoutCountries: [
      ...new Set(values.PAYOUT_COUNTRIES ?? (stripe ? STRIPE_PAYOUT_COUNTRIES : SANDBOX_PAYOUT_COUNTRIES)),
    ],
    countryHeader: values.COUNTRY_HEADER?.toLowerCase(),
    networks: { clickLimit: values.NETWORK_CLICK_LIMIT, overrides: values.NETWORK_OVERRIDES },
    prizeReportingThresholdCents: values.PRIZE_REPORTING_THRESHOLD,
    payoutWeekday: values.PAYOUT_WEEKDAY,
    reviewHours: values.REVIEW_HOURS,
    resultApproval: values.RESULT_APPROVAL,
    exposeClickVerdicts: values.EXPOSE_CLICK_VERDICTS,
    drainDelayMs: values.DRAIN_DELAY_SECONDS * 1000,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    metrics: { port: values.METRICS_PORT, token: values.METRICS_TOKEN },
    webhookLocalReceivers: values.WEBHOOK_LOCAL_RECEIVERS,
  };
}

/** A secure context for the browser (https, or the machine itself), where it sends what only secure origins get. */
export function isSecureOrigin(publicUrl: string): boolean {
  const { protocol, hostname } = new URL(publicUrl);
  return protocol === "https:" || hostname === "localhost" || hostname === "[::1]" || hostname.startsWith("127.");
}

/** Settings used only by the test and benchmark harnesses. */
export function harnessSettings(env: Env = process.env) {
  return {
    testDatabaseUrl: blankToUndefined(env.TEST_DATABASE_URL) as string | undefined,
    benchDatabaseUrl:
      (blankToUndefined(env.BENCH_DATABASE_URL) as string | undefined) ?? "postgres://postgres@127.0.0.1:5432/postgres",
    chromiumPath: (blankToUndefined(env.CHROMIUM_PATH) as string | undefined) ?? "/usr/bin/chromium",
    clusterDatabaseUrl:
      (blankToUndefined(env.CLUSTER_DATABASE_URL) as string | undefined) ??
      "postgres://postgres@127.0.0.1:5432/postgres",
    haproxyPath: (blankToUndefined(env.HAPROXY_PATH) as string | undefined) ?? "/usr/sbin/haproxy",
  };
}

/** This process's environment plus `overrides`, for harnesses that start the server as a child process. */
export function childEnvironment(overrides: Env): Env {
  return { ...process.env, ...overrides };
}
