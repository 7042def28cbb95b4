import { type SQL, sql } from "drizzle-orm";

/**
 * The SQL side of the rank rule (`rankOf` in src/core/vocabulary.ts): how many links of `campaignId` have more counted
 * clicks than `clicks`. A rank is `rankOf(clicks, thisCount)`: one more, and none without a click. A promoter the
 * result passed over (the 30-day rule, a ban, Pass On) is ahead of nobody: the winner is #1 wherever a rank is shown.
 */
export const linksAhead = (campaignId: SQL, clicks: SQL) =>
  sql`(select count(*) from tracking_links ahead where ahead.campaign_id = ${campaignId} and ahead.total_clicks > ${clicks}
        and not exists (select 1 from result_exclusions x
          where x.campaign_id = ahead.campaign_id and x.promoter_id = ahead.promoter_id))`;

/** `linksAhead` of the link aliased `tl`. */
export const linksAheadOfTl = linksAhead(sql`tl.campaign_id`, sql`tl.total_clicks`);
