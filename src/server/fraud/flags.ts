import { type SQL, sql } from "drizzle-orm";
import { flagType } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import type { suspiciousActivity } from "../db/schema.js";
import { isBotUserAgent } from "./click-signals.js";
import type { ClickObservation } from "./observation.js";
import { fraudRules } from "./rules.js";

/** The flags the click path raises (PRODUCT.md Fraud engine), and the claims that record each once across instances. */

/**
 * What a bot flag says of its request. A visit is a bot by its user agent or by being a HEAD request (a link checker's
 * or a preview's first look); when the user agent is a browser's, it was the HEAD, and the flag says so.
 */
export function botFlagDetails(userAgent: string): string {
  const agent = userAgent.slice(0, 200);
  if (agent.trim() === "") return "Bot or link preview: (no user agent)";
  return isBotUserAgent(userAgent)
    ? `Bot or link preview: ${agent}`
    : `HEAD request (a link check, not a visit) from a browser's user agent: ${agent}`;
}

/** The click a flag is about. */
export const flagged = (click: ClickObservation) => ({
  campaignId: click.campaignId,
  trackingLinkId: click.trackingLinkId,
  ipHash: click.ipHash,
});

/** A flag's row as the click path raises it: the columns `flagIfClaimed` writes. */
export type FlagRow = Pick<
  typeof suspiciousActivity.$inferInsert,
  "type" | "severity" | "details" | "campaignId" | "trackingLinkId" | "ipHash" | "fingerprint" | "network"
>;

/** Claims an address's flag for the hour: a row for exactly one instance however many see the crossing. */
export const addressClaim = (ipHash: string, kind: "burst" | "limit") => {
  const column = sql.raw(kind === "burst" ? "burst_flagged_at" : "limit_flagged_at");
  return sql`update address_clicks set ${column} = now()
    where ip_hash = ${ipHash} and (${column} is null or ${column} <= now() - interval '1 hour')
    returning ip_hash`;
};

/** Claims a flag key for the hour: a row for exactly one instance. */
export const keyClaim = (key: string) =>
  sql`insert into flag_claims (key, claimed_at) values (${key}, now())
    on conflict (key) do update set claimed_at = now() where flag_claims.claimed_at <= now() - interval '1 hour'
    returning key`;

/**
 * Records the flag when this instance wins its claim, in one statement: one commit instead of two for each flag a farm
 * raises (ADR 033), and a claim is never kept without its flag.
 */
export const flagIfClaimed = (db: Database, claim: SQL, row: FlagRow) =>
  db.execute(sql`with claimed as (${claim})
    insert into suspicious_activity (type, severity, details, campaign_id, tracking_link_id, ip_hash, fingerprint, network)
    select ${row.type}, ${row.severity}, ${row.details}, ${row.campaignId ?? null}::uuid,
      ${row.trackingLinkId ?? null}::uuid, ${row.ipHash ?? null}, ${row.fingerprint ?? null}, ${row.network ?? null}
    from claimed`);

export const limitFlag = (click: ClickObservation) => ({
  ...flagged(click),
  type: flagType.rate_limit,
  severity: "high" as const,
  details: `More than ${fraudRules.rateLimit.max} clicks in a minute from one address: its clicks are refused`,
});
export const burstFlag = (click: ClickObservation, burst: number) => ({
  ...flagged(click),
  type: flagType.rate_limit,
  severity: "medium" as const,
  details: `More than ${fraudRules.ipBurst.max} clicks in 5 minutes from one address (${burst} so far)`,
});
