import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { apiKeyScopes } from "../../core/api-keys.js";
import type { PageEvidence, StoredRequest } from "../../core/click-evidence.js";
import type { RulesSection, RulesSettings } from "../../core/official-rules.js";
import {
  campaignStatus,
  campaignStatuses,
  clickReasons,
  clickVerdicts,
  exclusionReasons,
  flagSeverities,
  flagStatuses,
  flagTypes,
  identityMarkKinds,
  payoutHoldReasons,
  payoutStatuses,
  refundReasons,
  refundStatuses,
  verificationProblems,
} from "../../core/vocabulary.js";
import { user } from "./auth-schema.js";

export { type OptionalEmailKind, optionalEmailKinds } from "../../core/api/accounts.js";

/**
 * The tables of SPEC.md section 3, with the columns PRODUCT.md needs.
 * Money is integer cents; statuses are text with a check constraint so later values are a plain migration.
 */

/** SQL literals of a vocabulary list, for a check constraint (`'a', 'b'`): the constraint follows the list. */
const literals = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));
const oneOf = (column: AnyPgColumn, values: readonly string[]) => sql`${column} in (${literals(values)})`;

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    artistName: text("artist_name").notNull(),
    genre: text("genre"),
    description: text("description"),
    songLink: text("song_link").notNull(),
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    isPublic: boolean("is_public").notNull().default(true),
    status: text("status", { enum: campaignStatuses }).notNull().default(campaignStatus.draft),
    prizeCents: integer("prize_cents").notNull().default(0),
    platformFeeCents: integer("platform_fee_cents").notNull().default(0),
    durationDays: integer("duration_days").notNull().default(7),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    paymentIntentId: text("payment_intent_id"),
    /** The artist's cover image in the artwork store; none: a cover generated from the title and genre. */
    artworkKey: text("artwork_key"),
    /**
     * The countries whose residents may join (ISO codes), chosen by the artist in the draft; none chosen: the payout
     * countries, written here when the campaign launches, as its official rules state them.
     */
    allowedCountries: text("allowed_countries").array(),
    /** The promoter leading when `campaign.leader_changed` was last sent (webhooks/leader-watch.ts). */
    webhookLeaderId: uuid("webhook_leader_id"),
    /**
     * Set when the campaign ends: until then its result is under review (fraud review, REVIEW_HOURS) and no payout of
     * it can be paid; voiding clicks recomputes the winners. An admin's release sets it to the release time.
     */
    reviewUntil: timestamp("review_until", { withTimezone: true }),
    /** When the final result was announced (winner and result emails): once, after the review. */
    resultsAnnouncedAt: timestamp("results_announced_at", { withTimezone: true }),
    /** When its promoters were reminded that it ends within a day: once, whoever runs the job. */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    /**
     * Denormalized from tracking_links (kept in the same transactions), so lists sort and page without aggregating.
     * Click counters are in no index, here or on links and promoters: every click batch updates them, and an update
     * that touches no indexed column is a HOT update, which writes none of the table's indexes (ADR 010).
     */
    totalClicks: integer("total_clicks").notNull().default(0),
    promoterCount: integer("promoter_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("campaigns_status_check", oneOf(t.status, campaignStatuses)),
    check("campaigns_money_check", sql`${t.prizeCents} >= 0 and ${t.platformFeeCents} >= 0`),
    check("campaigns_duration_check", sql`${t.durationDays} > 0`),
    uniqueIndex("campaigns_payment_intent_id_key").on(t.paymentIntentId),
    index("campaigns_public_listing_idx").on(t.status, t.isPublic, t.publishedAt.desc()),
    index("campaigns_created_by_idx").on(t.createdBy),
    index("campaigns_ends_at_idx").on(t.endsAt),
    index("campaigns_live_prize_idx")
      .on(t.prizeCents.desc(), t.publishedAt.desc())
      .where(sql`${t.status} = 'active' and ${t.isPublic}`),
    index("campaigns_live_promoters_idx")
      .on(t.promoterCount.desc(), t.publishedAt.desc())
      .where(sql`${t.status} = 'active' and ${t.isPublic}`),
    /**
     * Trigram indexes for the case-insensitive substring search of /join-campaign (pg_trgm). Campaigns' indexed
     * columns are written rarely (click counters move by HOT updates), so the indexes skip GIN's pending list
     * (fastupdate): always current, always priced right by the planner.
     */
    index("campaigns_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("campaigns_artist_trgm_idx").using("gin", t.artistName.op("gin_trgm_ops")).with({ fastupdate: false }),
  ],
);

/**
 * A campaign's official rules, generated from its settings and frozen when it launches (src/core/official-rules.ts):
 * the template's version, the settings they state (the review window and click rules among them, which decide the
 * campaign's review and clicks from then on), the text, and the SHA-256 of version and text.
 */
export const campaignRules = pgTable("campaign_rules", {
  campaignId: uuid("campaign_id")
    .primaryKey()
    .references(() => campaigns.id, { onDelete: "cascade" }),
  version: integer("version").notNull(),
  hash: text("hash").notNull(),
  settings: jsonb("settings").$type<RulesSettings>().notNull(),
  sections: jsonb("sections").$type<RulesSection[]>().notNull(),
  frozenAt: timestamp("frozen_at", { withTimezone: true }).notNull().defaultNow(),
});

export const promoters = pgTable(
  "promoters",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    handle: text("handle").notNull(),
    authUserId: text("auth_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    totalClicksAllTime: integer("total_clicks_all_time").notNull().default(0),
    createdAt: createdAt(),
  },
  // A handle is one person's in any letter case ("Alice" and "alice" are one handle).
  (t) => [
    uniqueIndex("promoters_handle_lower_key").on(sql`lower(${t.handle})`),
    uniqueIndex("promoters_auth_user_id_key").on(t.authUserId),
  ],
);

export const trackingLinks = pgTable(
  "tracking_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    promoterId: uuid("promoter_id")
      .notNull()
      .references(() => promoters.id, { onDelete: "cascade" }),
    shortCode: text("short_code").notNull(),
    totalClicks: integer("total_clicks").notNull().default(0),
    /** The hash of the campaign's official rules the promoter accepted by joining (none: joined before rules were kept). */
    rulesHash: text("rules_hash"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("tracking_links_short_code_key").on(t.shortCode),
    uniqueIndex("tracking_links_campaign_promoter_key").on(t.campaignId, t.promoterId),
    index("tracking_links_promoter_idx").on(t.promoterId),
  ],
);

export const clickEvents = pgTable(
  "click_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /**
     * No foreign key, which would be checked click by click: each click batch locks its links once and refuses an
     * unknown one, and deleting a link deletes its clicks (a trigger, migration 0010; ADR 010).
     */
    trackingLinkId: uuid("tracking_link_id").notNull(),
    /** The link's campaign and promoter, copied for the counters and reports. */
    campaignId: uuid("campaign_id").notNull(),
    promoterId: uuid("promoter_id").notNull(),
    verdict: text("verdict", { enum: clickVerdicts }).notNull(),
    /** Raw address, kept for admins and cleared after 30 days (privacy policy). */
    ip: text("ip"),
    /** Keyed hash of the address: de-duplication keeps working after the raw address is cleared. */
    ipHash: text("ip_hash").notNull(),
    userAgent: text("user_agent"),
    country: text("country"),
    referrer: text("referrer"),
    fingerprint: text("fingerprint"),
    /** The address's network (IPv4 /24, IPv6 /48): kept after the raw address is cleared, as it names no one. */
    network: text("network"),
    /** The autonomous system announcing the address, when known (networks.ts). */
    asn: integer("asn"),
    /** The version of the fraud rules that decided the verdict (fraud/rules.ts); none before versions were kept. */
    rulesVersion: integer("rules_version"),
    /** Why the rules treated the visit as they did, beyond its verdict (clickReasons); none for most clicks. */
    reasons: text("reasons", { enum: clickReasons }).array(),
    /**
     * When the tracking page's script confirmed the visit with its signed beacon (click-confirmations.ts): a browser
     * that runs JavaScript was there. Changes no verdict; a link's share of unconfirmed counted clicks is a risk signal.
     */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /**
     * The request's own facts beside the verdict (fraud/request-facts.ts): the agent's claim, client hints, Fetch
     * Metadata, language and referrer's host; the fraud engine compares each link's against its campaign's.
     */
    request: jsonb("request").$type<StoredRequest>(),
    /** What the tracking page's script found in the browser, sent with the visit's confirmation. */
    pageEvidence: jsonb("page_evidence").$type<PageEvidence>(),
    ts: timestamp("ts", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("click_events_verdict_check", oneOf(t.verdict, clickVerdicts)),
    check("click_events_reasons_check", sql`${t.reasons} <@ array[${literals(clickReasons)}]::text[]`),
    /** The database, not process memory, decides duplicates: one counted click per campaign and address. */
    uniqueIndex("click_events_counted_once_key").on(t.campaignId, t.ipHash).where(sql`${t.verdict} = 'counted'`),
    /** A link's events newest first (a campaign's last clicks, a challenge's visit) straight from the index. */
    index("click_events_link_id_idx").on(t.trackingLinkId, t.id),
    /**
     * Rows arrive in time order, so a block-range index finds a time range (IP retention, the roll-up) at almost no
     * cost per insert; each filled range is summarized as it completes, not only at the next vacuum. The raw tail
     * after the roll-up's mark is read by id too (`tail_from_id`): its ranges also hold older rows.
     */
    index("click_events_ts_brin").using("brin", t.ts).with({ autosummarize: true }),
  ],
);

/**
 * Counts of clicks per UTC hour and per UTC day, by verdict, by country (counted clicks), by user agent and by address
 * (every visit), for the admin analytics: the raw events since the last roll-up are added at query time, so figures
 * are always current. Agents and addresses keep only each hour's 50 and each day's 100 largest (the heavy hitters an
 * admin looks for); hours go after 31 days, addresses after 30 like the raw ones (privacy policy).
 */
export const clickRollups = pgTable(
  "click_rollups",
  {
    dimension: text("dimension", { enum: ["verdict", "country", "agent", "address"] }).notNull(),
    span: text("span", { enum: ["hour", "day"] }).notNull(),
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    value: text("value").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dimension, t.span, t.bucket, t.value] }),
    check("click_rollups_span_check", sql`${t.span} in ('hour', 'day')`),
  ],
);

/**
 * Per campaign and UTC hour, its visits by verdict, its counted clicks by country, and its visits by referrer domain;
 * per campaign and UTC day and month, its counted clicks by promoter: the artist's analytics (ADR 019) read these and
 * the raw events since the roll-up's mark, so a campaign's figures never scan its events. Filled by the same roll-up
 * run as `click_rollups`, adjusted in the same statements when a verdict changes (a void, a solved challenge).
 */
export const campaignClickRollups = pgTable(
  "campaign_click_rollups",
  {
    campaignId: uuid("campaign_id").notNull(),
    dimension: text("dimension", { enum: ["verdict", "country", "promoter", "promoter_month", "referrer"] }).notNull(),
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    value: text("value").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.dimension, t.bucket, t.value] })],
);

/** Where the roll-up stands (one row): events before `rolled_until` are in `click_rollups`, later ones are not. */
export const clickRollupState = pgTable(
  "click_rollup_state",
  {
    id: integer("id").primaryKey(),
    rolledUntil: timestamp("rolled_until", { withTimezone: true }),
    /** Distinct addresses (keyed hashes) among the rolled-up events. */
    uniqueAddresses: bigint("unique_addresses", { mode: "number" }).notNull().default(0),
    /**
     * No event at or after `rolled_until` has a smaller id: the raw tail is read by the primary key as well as the
     * time index, whose ranges hold older rows too (click-rollups.ts, ADR 033).
     */
    tailFromId: bigint("tail_from_id", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("click_rollup_state_single_row", sql`${t.id} = 1`)],
);

/** Every address hash that ever clicked, once: the Unique IPs figure. */
export const seenAddresses = pgTable("seen_addresses", { ipHash: text("ip_hash").primaryKey() });

export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "restrict" }),
    promoterId: uuid("promoter_id")
      .notNull()
      .references(() => promoters.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: payoutStatuses }).notNull().default("pending"),
    transferId: text("transfer_id"),
    /** Idempotency key of the transfer: the payout id, versioned only after the provider refused a transfer outright. */
    transferKey: text("transfer_key"),
    failureReason: text("failure_reason"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When a process last claimed it for a transfer: a claim after its winner's ban would be a payment after it. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    /** When the winner, still without a payout account 3 days on, was reminded to set one up (once). */
    accountReminderSentAt: timestamp("account_reminder_sent_at", { withTimezone: true }),
    /**
     * Holds on the payout: no path pays it while any is set. On the row itself, so the conditional update that claims
     * a payout re-reads them when a hold is written at the same moment (payout-holds.ts).
     */
    holdReasons: text("hold_reasons", { enum: payoutHoldReasons }).array().notNull().default(sql`'{}'::text[]`),
    /**
     * When the result was approved for this winner (PRODUCT.md Winner verification), and by which admin; approved with
     * no admin: the server's automatic approval (`RESULT_APPROVAL=auto`).
     */
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    approvedBy: text("approved_by").references(() => user.id, { onDelete: "set null" }),
    /** When the admins were told that this candidate waits for approval (once; then the daily digest). */
    approvalRequestedAt: timestamp("approval_requested_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payouts_status_check", oneOf(t.status, payoutStatuses)),
    check("payouts_hold_reasons_check", sql`${t.holdReasons} <@ array[${literals(payoutHoldReasons)}]::text[]`),
    check("payouts_amount_check", sql`${t.amountCents} > 0`),
    uniqueIndex("payouts_campaign_promoter_key").on(t.campaignId, t.promoterId),
    index("payouts_promoter_idx").on(t.promoterId),
    index("payouts_status_idx").on(t.status),
  ],
);

/** A promoter's connected account at the payment provider, where their prize money is transferred. */
export const payoutAccounts = pgTable(
  "payout_accounts",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["stripe", "sandbox"] }).notNull(),
    accountId: text("account_id").notNull(),
    detailsSubmitted: boolean("details_submitted").notNull().default(false),
    payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
    /** The provider has the holder's tax information (a W-9 or W-8BEN): FanBoost keeps only that it does. */
    taxInfoOnFile: boolean("tax_info_on_file").notNull().default(false),
    /** The country of residence the account was created for (the holder's stated one); none for older accounts. */
    country: text("country"),
    /** The holder's legal name and the bank account's fingerprint, as the provider reports them once onboarded. */
    legalName: text("legal_name"),
    bankFingerprint: text("bank_fingerprint"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payout_accounts_account_id_key").on(t.accountId)],
);

/**
 * A promoter's statement of where they live and that they are of age there (PRODUCT.md Official rules and
 * eligibility): once per account, checked at every join. `minimum_age`: the age they confirmed reaching.
 */
export const eligibilityStatements = pgTable(
  "eligibility_statements",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    country: text("country").notNull(),
    state: text("state"),
    minimumAge: integer("minimum_age").notNull(),
    statedAt: timestamp("stated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("eligibility_statements_state_check", sql`(${t.country} = 'US') = (${t.state} is not null)`)],
);

/** Money returned to an artist: the prize when nobody won, prize and fee when a funded campaign is cancelled. */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "restrict" }),
    reason: text("reason", { enum: refundReasons }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: refundStatuses }).notNull().default("pending"),
    providerRefundId: text("provider_refund_id"),
    failureReason: text("failure_reason"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("refunds_status_check", oneOf(t.status, refundStatuses)),
    check("refunds_amount_check", sql`${t.amountCents} > 0`),
    /** A campaign is refunded at most once. */
    uniqueIndex("refunds_campaign_key").on(t.campaignId),
    index("refunds_status_idx").on(t.status),
  ],
);

export const admins = pgTable(
  "admins",
  {
    authUserId: text("auth_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.authUserId] })],
);

/** A user's choices about non-essential emails; no row means every kind is on. */
export const emailPreferences = pgTable("email_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  reminders: boolean("reminders").notNull().default(true),
  results: boolean("results").notNull().default(true),
  news: boolean("news").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const mailStatuses = ["queued", "sending", "sent", "failed"] as const;

/** Every email the app sends; in dev-outbox mode this is the only place they go. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    transport: text("transport", { enum: ["outbox", "smtp"] }).notNull(),
    createdAt: createdAt(),
    /**
     * The transactional outbox (ADR 020): a message is written `queued` in the transaction of the change that causes
     * it, and a sender claims it (`sending`), delivers it and marks it `sent`, or `failed` with the reason and when to
     * try again (`next_attempt_at`; none once it gave up).
     */
    status: text("status", { enum: mailStatuses }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Extra headers (List-Unsubscribe on non-essential emails). */
    headers: jsonb("headers").$type<Record<string, string>>(),
  },
  (t) => [
    index("mail_outbox_to_idx").on(t.to, t.createdAt),
    check("mail_outbox_status_check", sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
    /** What the sender looks for: the few messages not yet sent. */
    index("mail_outbox_unsent_idx").on(t.createdAt).where(sql`${t.status} <> 'sent'`),
  ],
);

/**
 * The header bell's notifications: written with the event's email, in the same transaction (ADR 021), and pushed to
 * the user's open pages by NOTIFY when it commits.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** Where the notification leads, a path of this site. */
    link: text("link"),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

export * from "./auth-schema.js";

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    type: text("type").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    ip: text("ip"),
    createdAt: createdAt(),
    /** When an admin marked it handled (null: still open). */
    handledAt: timestamp("handled_at", { withTimezone: true }),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

/**
 * Crashes and serious errors in the browser, as the page reported them (no cookie, token or form value): the id is the
 * error id the crash screen shows; reports of one error share a fingerprint, which the admin list groups by.
 */
export const clientErrorReports = pgTable(
  "client_error_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fingerprint: text("fingerprint").notNull(),
    kind: text("kind", { enum: ["crash", "error"] }).notNull(),
    type: text("type").notNull(),
    severity: text("severity").notNull(),
    name: text("name").notNull(),
    message: text("message").notNull(),
    stack: text("stack"),
    componentStack: text("component_stack"),
    /** The page's path, without its query or fragment (they can hold tokens). */
    path: text("path").notNull(),
    /** The request id of the failing API call, when the error came from one. */
    requestId: text("request_id"),
    userAgent: text("user_agent"),
    release: text("release"),
    createdAt: createdAt(),
  },
  (t) => [
    index("client_error_reports_fingerprint_idx").on(t.fingerprint, t.createdAt),
    index("client_error_reports_created_idx").on(t.createdAt),
  ],
);

/**
 * Writes a client may repeat (a retry, the offline queue): the first answer to a key, per caller, so a replay gets it
 * again instead of doing the thing twice. `status` is null while the first request runs.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** The method, path and a hash of the body: a key reused for another request is refused. */
    request: text("request").notNull(),
    status: integer("status"),
    body: text("body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);

/** Fixed-window request counters for our own limits (contact form, tracking), shared by every instance. */
export const requestLimits = pgTable("request_limits", {
  key: text("key").primaryKey(),
  windowStart: bigint("window_start", { mode: "number" }).notNull(),
  count: integer("count").notNull(),
});

/**
 * Token buckets for the limits that must not leak at a window's edge (API keys, webhook test events), shared by every
 * instance: `full_at` is when the key's bucket is full again (ms since the epoch); each request moves it one
 * interval later, and a request that would move it more than the bucket's span ahead of now is refused.
 */
export const tokenBuckets = pgTable("token_buckets", {
  key: text("key").primaryKey(),
  fullAt: bigint("full_at", { mode: "number" }).notNull(),
});

/**
 * Sign-in attempts per account (by email, whether or not it exists), so guessing one account's password from many
 * addresses is held too: five failures in 15 minutes hold its sign-in for 15 minutes; a success or a reset clears it.
 */
export const signInAttempts = pgTable("sign_in_attempts", {
  email: text("email").primaryKey(),
  /** Attempts in the current window that did not succeed (or are still being checked). */
  attempts: integer("attempts").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  heldUntil: timestamp("held_until", { withTimezone: true }),
});

/**
 * A change of a user's email address (email-change.ts): confirmed by a link to the new address, then undoable for a
 * week by a link to the old one. Only hashes of the links' tokens are kept. A password reset voids a change not yet
 * confirmed, so a stolen session cannot finish one after its owner took the account back.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    oldEmail: text("old_email").notNull(),
    newEmail: text("new_email").notNull(),
    confirmTokenHash: text("confirm_token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    undoTokenHash: text("undo_token_hash"),
    undoExpiresAt: timestamp("undo_expires_at", { withTimezone: true }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    /** A newer request, a password reset or the account's deletion made its links void. */
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_changes_confirm_token_key").on(t.confirmTokenHash),
    uniqueIndex("email_changes_undo_token_key").on(t.undoTokenHash),
    index("email_changes_user_idx").on(t.userId),
  ],
);

/** The sandbox payment provider's own records: what a real provider would keep on its side. */
export const sandboxPayments = pgTable(
  "sandbox_payments",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["payment_intent", "refund", "transfer"] }).notNull(),
    campaignId: uuid("campaign_id"),
    paymentIntentId: text("payment_intent_id"),
    /** A transfer's connected account. */
    destination: text("destination"),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: ["requires_payment_method", "succeeded", "failed", "canceled"] }).notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    clientSecret: text("client_secret"),
    failureMessage: text("failure_message"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sandbox_payments_idempotency_key").on(t.idempotencyKey)],
);

/** The sandbox provider's connected accounts: what Stripe Connect would keep on its side. */
export const sandboxAccounts = pgTable(
  "sandbox_accounts",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    legalName: text("legal_name"),
    bankLast4: text("bank_last4"),
    /** Derived from the routing and account numbers, as Stripe gives one per bank account: equal for the same account. */
    bankFingerprint: text("bank_fingerprint"),
    /** The holder's country of residence, as FanBoost passed it when creating the account. */
    country: text("country"),
    /** The tax form the holder completed ('w9' or 'w8ben'); the form's contents are not kept. */
    taxForm: text("tax_form", { enum: ["w9", "w8ben"] }),
    detailsSubmitted: boolean("details_submitted").notNull().default(false),
    payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sandbox_accounts_idempotency_key").on(t.idempotencyKey)],
);

/** Single-use onboarding links of the sandbox provider, like Stripe's account links. */
export const sandboxAccountLinks = pgTable("sandbox_account_links", {
  token: text("token").primaryKey(),
  accountId: text("account_id")
    .notNull()
    .references(() => sandboxAccounts.id, { onDelete: "cascade" }),
  returnUrl: text("return_url").notNull(),
  refreshUrl: text("refresh_url").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * An address's clicks in its current one-minute (rate limit) and five-minute (burst) windows, shared by every instance
 * on one PostgreSQL once the address is busy (over 20 clicks in 5 minutes on one instance), and when each flag about it
 * was last raised, so a burst split across instances raises its flag once. Rows go an hour after their last window.
 */
export const addressClicks = pgTable("address_clicks", {
  ipHash: text("ip_hash").primaryKey(),
  minuteStart: timestamp("minute_start", { withTimezone: true }).notNull(),
  minuteCount: integer("minute_count").notNull(),
  burstStart: timestamp("burst_start", { withTimezone: true }).notNull(),
  burstCount: integer("burst_count").notNull(),
  burstFlaggedAt: timestamp("burst_flagged_at", { withTimezone: true }),
  limitFlaggedAt: timestamp("limit_flagged_at", { withTimezone: true }),
});

/**
 * Device-fingerprint and per-link-country click counts shared by every instance on one PostgreSQL: each instance adds
 * what it saw every couple of seconds, so a fingerprint or a link's countries spread across instances still cross the
 * thresholds of SPEC.md section 9. One row per (kind, subject, detail), each in an hour-long window started by its
 * first click; rows go an hour after their window.
 */
export const signalCounts = pgTable(
  "signal_counts",
  {
    /** `network_place`: the places a network took in a link's counted clicks, the limit's count (migration 0041). */
    kind: text("kind", { enum: ["fingerprint", "geo", "network", "network_place"] }).notNull(),
    /** The fingerprint, or the tracking link's id. */
    subject: text("subject").notNull(),
    /** The country of a geo count, the network of a network count or place; empty for a fingerprint. */
    detail: text("detail").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.subject, table.detail] })],
);

/** Which instance raised a flag for the hour (a bot, a fingerprint, a link's countries): one row per flag key. */
export const flagClaims = pgTable("flag_claims", {
  key: text("key").primaryKey(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull(),
});

/** Fraud signals of SPEC.md section 9, recorded server side for the admin dashboard. */
export const suspiciousActivity = pgTable(
  "suspicious_activity",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    type: text("type", { enum: flagTypes }).notNull(),
    severity: text("severity", { enum: flagSeverities }).notNull(),
    details: text("details").notNull(),
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "cascade" }),
    trackingLinkId: uuid("tracking_link_id").references(() => trackingLinks.id, { onDelete: "cascade" }),
    ipHash: text("ip_hash"),
    fingerprint: text("fingerprint"),
    /** The network a flag is about (a network's clicks concentrated on one link). */
    network: text("network"),
    ts: timestamp("ts", { withTimezone: true }).notNull().defaultNow(),
    /** Open until an admin dismisses it or acts on it (fraud review). */
    status: text("status", { enum: flagStatuses }).notNull().default("open"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by").references(() => user.id, { onDelete: "set null" }),
    /** Why it was dismissed, or what was done. */
    resolution: text("resolution"),
  },
  (t) => [
    index("suspicious_activity_ts_idx").on(t.ts),
    index("suspicious_activity_campaign_idx").on(t.campaignId),
    index("suspicious_activity_open_idx").on(t.ts).where(sql`${t.status} = 'open'`),
    check("suspicious_activity_status_check", oneOf(t.status, flagStatuses)),
  ],
);

/**
 * Every admin action (end, delete, pause, hide, void, dismiss, release, pay, grant, ban and their reversals), written in the same
 * transaction as the action: who did what to which subject, and when.
 */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    /** The actor's email at the time, kept if the account is later deleted. */
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    subjectType: text("subject_type", { enum: ["campaign", "user", "payout", "clicks", "message", "flag"] }).notNull(),
    subjectId: text("subject_id").notNull(),
    summary: text("summary").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("admin_audit_created_idx").on(t.createdAt)],
);

/**
 * Promoters with counted clicks whom the contest rules kept from winning a campaign, decided with its result: one
 * win per promoter per 30 days, no banned user, never the campaign's artist. The board shows them as not eligible.
 */
export const resultExclusions = pgTable(
  "result_exclusions",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    promoterId: uuid("promoter_id")
      .notNull()
      .references(() => promoters.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: exclusionReasons }).notNull(),
    /** A person's decision in words: the admin's reason for passing them over, or what their verification found. */
    note: text("note"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.promoterId] }),
    check("result_exclusions_reason_check", oneOf(t.reason, exclusionReasons)),
  ],
);

/** Admin actions that change who is winning: who voided which clicks, and why. */
export const clickAudit = pgTable(
  "click_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    action: text("action", { enum: ["void_promoter", "void_ip"] }).notNull(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    promoterId: uuid("promoter_id").references(() => promoters.id, { onDelete: "set null" }),
    ipHash: text("ip_hash"),
    clicksVoided: integer("clicks_voided").notNull(),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("click_audit_campaign_idx").on(t.campaignId)],
);

/** Raw bytes: PostgreSQL's driver gives a Buffer, PGlite a Uint8Array; both are handed out as a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Campaign artwork in the database (the default artwork store, so every instance sees it): one row per size of an
 * upload, keyed by the upload's content hash. Uploads no campaign uses are removed after a day.
 */
export const artworkFiles = pgTable(
  "artwork_files",
  {
    key: text("key").notNull(),
    variant: text("variant").notNull(),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.key, t.variant] }), index("artwork_files_created_idx").on(t.createdAt)],
);

/**
 * API keys (src/core/api-keys.ts): the SHA-256 of the key, never the key; its first characters to recognise it; the
 * scopes it was given; when it was last used; revoked keys stay listed.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    hash: text("hash").notNull(),
    scopes: text("scopes", { enum: apiKeyScopes }).array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_keys_hash_key").on(t.hash),
    index("api_keys_user_idx").on(t.userId),
    check("api_keys_scopes_check", sql`${t.scopes} <@ array[${literals(apiKeyScopes)}]::text[]`),
  ],
);

/** Every request made with an API key: the audit of the public API (`/api/v1`). */
export const apiKeyRequests = pgTable(
  "api_key_requests",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    keyId: uuid("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    path: text("path").notNull(),
    status: integer("status").notNull(),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [
    index("api_key_requests_key_idx").on(t.keyId, t.createdAt),
    // The hourly pruning of requests past their retention.
    index("api_key_requests_created_idx").on(t.createdAt),
  ],
);

/**
 * An artist's webhook endpoints (src/core/webhooks.ts): where events are sent, which ones, and the signing secret
 * (Standard Webhooks `whsec_…`; a rotated-out secret keeps signing beside the new one for a day). Disabled after a
 * run of failures, with why.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    disabledReason: text("disabled_reason"),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_endpoints_user_idx").on(t.userId)],
);

/**
 * The webhook outbox and its log: one row per event per endpoint, written in the transaction of the change (so a
 * change that rolls back sends nothing), delivered by the sender with retries; each attempt is in
 * `webhook_attempts`. `id` is the Standard Webhooks `webhook-id`, the same on every attempt and replay.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["queued", "sending", "delivered", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'failed')`),
    // The hourly pruning of finished deliveries past their retention.
    index("webhook_deliveries_created_idx").on(t.createdAt),
  ],
);

/** One attempt to deliver a webhook: what was answered, how fast, or why it failed. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attemptedAt)],
);

/**
 * What ties accounts to one person (PRODUCT.md Winner verification): each account's devices (a first-party cookie) and
 * networks seen at sign-up and sign-in, its normalised e-mail address, its payout account's bank fingerprint and legal
 * name. Accounts sharing a device, an e-mail or a bank account are linked; sharing a legal name, with a network too.
 */
export const identityMarks = pgTable(
  "identity_marks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: identityMarkKinds }).notNull(),
    value: text("value").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.value] }),
    index("identity_marks_value_idx").on(t.kind, t.value),
    check("identity_marks_kind_check", oneOf(t.kind, identityMarkKinds)),
  ],
);

/**
 * A candidate's verification (PRODUCT.md Winner verification): what they confirmed about where they live, their age and
 * their payout account, what the payout account said, and the outcome: `verified`, or the problem that passed them over.
 */
export const winnerVerifications = pgTable(
  "winner_verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    promoterId: uuid("promoter_id")
      .notNull()
      .references(() => promoters.id, { onDelete: "cascade" }),
    country: text("country").notNull(),
    state: text("state"),
    minimumAge: integer("minimum_age").notNull(),
    statedLegalName: text("stated_legal_name").notNull(),
    accountCountry: text("account_country"),
    accountLegalName: text("account_legal_name"),
    problem: text("problem", { enum: verificationProblems }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("winner_verifications_candidate_key").on(t.campaignId, t.promoterId),
    check("winner_verifications_problem_check", sql`${t.problem} is null or ${oneOf(t.problem, verificationProblems)}`),
  ],
);

/** Periodic work done once across instances: the row's key names it, `claimed_at` when it was last done. */
export const periodicClaims = pgTable("periodic_claims", {
  key: text("key").primaryKey(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull(),
});
