import { type SQL, sql } from "drizzle-orm";

/**
 * The SQL side of the rank rule (`rankOf` in src/core/vocabulary.ts): how many links of `campaignId` have more counted
 * clicks than `clicks`. A rank is `rankOf(clicks, thisCount)`: one more, and none without a click.
 */
export const linksAhead = (campaignId: SQL, clicks: SQL) =>
  sql`(select count(*) from tracking_links ahead where ahead.campaign_id = ${campaignId} and ahead.total_clicks > ${clicks})`;

/** `linksAhead` of the link aliased `tl`. */
export const linksAheadOfTl = linksAhead(sql`tl.campaign_id`, sql`tl.total_clicks`);
