import { sql } from "drizzle-orm";
import { z } from "zod";
import { clickReason, type DivergenceDimension, flagType, type RiskReason } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { campaignDivergence, type LinkDivergence } from "./divergence.js";
import { fraudRules } from "./rules.js";

/** The reason codes of a request that contradicts itself (request-facts.ts). */
const inconsistencyReasons = [clickReason.hints_contradict, clickReason.hints_missing, clickReason.mobile_contradicts];

import { listedHostingAsns } from "./network-classes.js";

/**
 * A promoter's risk on a campaign (PRODUCT.md Fraud engine): how much their link's clicks look bought, from the
 * distributions of those clicks, as a score with the reasons behind it and the evidence of each. Computed live for the
 * console and fixed at the campaign's end for its winners.
 */

/** What the link's clicks looked like: the inputs of the score (one SQL statement for every link of a campaign). */
export type LinkClickStats = {
  linkId: string;
  promoterId: string;
  handle: string;
  counted: number;
  /** Challenged visits never solved. */
  challenged: number;
  /** Counted clicks that needed the browser check first (near none on a link fans share). */
  checked: number;
  /** Counted clicks whose request contradicted itself (request-facts.ts). */
  inconsistent: number;
  /** Counted clicks from a cross-site navigation no person started. */
  forced: number;
  /** Counted clicks whose page's script found automation in the browser. */
  automated: number;
  /** Counted and challenged visits from data centres' networks (the shipped list, or as the rules saw them then). */
  hosting: number;
  /** Counted clicks whose pages asked the browser to confirm them (since the rules' `confirmationSince`)… */
  confirmable: number;
  /** …and of those, the ones no browser confirmed (click-confirmations.ts). */
  unconfirmed: number;
  topNetwork: string | null;
  topNetworkClicks: number;
  topNetworkAgents: number;
  topAsn: number | null;
  topAsnClicks: number;
  /** Seconds between consecutive counted clicks: mean and standard deviation. */
  gapMean: number | null;
  gapStddev: number | null;
  topCountry: string | null;
  topCountryClicks: number;
  /** The share of the campaign's other links' counted clicks from `topCountry`. */
  topCountryElsewhere: number;
};

export type RiskAssessment = {
  score: number;
  /** At or over the threshold: a winner so assessed is flagged and their prize waits for an admin. */
  risky: boolean;
  reasons: Array<{ code: RiskReason; points: number; evidence: string }>;
};

const percent = (share: number) => `${Math.round(share * 100)} %`;

const dimensionWords: Record<DivergenceDimension, string> = {
  referrer: "referrers",
  browser: "browsers",
  language: "languages",
  operator: "network operators",
  country: "countries",
  hour: "hours",
  activation: "who started the navigation",
  in_app: "in-app browsers",
  confirmation: "confirmations",
  checks: "checks needed",
};

/** The most frequent value of a distribution, in words: "100 % none". */
const topOf = (distribution: LinkDivergence["dimensions"][number]["link"]) => {
  const top = distribution[0];
  return top ? `${percent(top.share)} ${top.value}` : "none";
};

/**
 * The score of a link's clicks under the current rules (pure: the replay runs it over stored clicks too), with how
 * its traffic diverges from its campaign's when that was measured (divergence.ts).
 */
export function assessRisk(
  stats: LinkClickStats,
  divergence: LinkDivergence | undefined = undefined,
  rules = fraudRules.risk,
): RiskAssessment {
  const reasons: RiskAssessment["reasons"] = [];
  if (stats.counted < rules.minClicks) return { score: 0, risky: false, reasons };
  const add = (code: RiskReason, points: number, evidence: string) => reasons.push({ code, points, evidence });
  const of = `${stats.counted} counted clicks`;
  const networkShare = stats.topNetworkClicks / stats.counted;
  if (networkShare > rules.networkShare.over) {
    add(
      flagType.network_concentration,
      rules.networkShare.points,
      `${percent(networkShare)} of ${of} from ${stats.topNetwork}`,
    );
  }
  const asShare = stats.topAsnClicks / stats.counted;
  if (stats.topAsn !== null && asShare > rules.asShare.over) {
    add("as_concentration", rules.asShare.points, `${percent(asShare)} of ${of} from AS${stats.topAsn}`);
  }
  const couldCount = stats.counted + stats.challenged;
  const hostingShare = stats.hosting / Math.max(couldCount, 1);
  if (hostingShare > rules.hostingShare.over) {
    add(
      "hosting_share",
      rules.hostingShare.points,
      `${percent(hostingShare)} of ${couldCount} visits from data centres`,
    );
  }
  if (
    stats.topNetworkClicks >= rules.agentsPerNetwork.minClicks &&
    stats.topNetworkAgents / stats.topNetworkClicks > rules.agentsPerNetwork.over
  ) {
    add(
      "agents_per_network",
      rules.agentsPerNetwork.points,
      `${stats.topNetworkAgents} different browsers among ${stats.topNetworkClicks} counted clicks from ${stats.topNetwork}`,
    );
  }
  if (stats.gapMean !== null && stats.gapStddev !== null && stats.gapMean > 0) {
    const variation = stats.gapStddev / stats.gapMean;
    if (variation < rules.regularTiming.under) {
      add(
        "regular_timing",
        rules.regularTiming.points,
        `clicks ${stats.gapMean.toFixed(1)} s apart on average, varying by only ${percent(variation)}`,
      );
    }
  }
  const countryShare = stats.topCountryClicks / stats.counted;
  if (
    stats.topCountry !== null &&
    countryShare > rules.countryMix.over &&
    stats.topCountryElsewhere < rules.countryMix.othersUnder
  ) {
    add(
      "country_mix",
      rules.countryMix.points,
      `${percent(countryShare)} of ${of} from ${stats.topCountry}, against ${percent(stats.topCountryElsewhere)} of the campaign's other clicks`,
    );
  }
  const unconfirmedShare = stats.unconfirmed / Math.max(stats.confirmable, 1);
  if (stats.confirmable >= rules.minClicks && unconfirmedShare > rules.unconfirmedShare.over) {
    add(
      "unconfirmed_share",
      rules.unconfirmedShare.points,
      `${percent(unconfirmedShare)} of ${stats.confirmable} counted clicks never confirmed by a browser running the page`,
    );
  }
  if (
    stats.challenged >= rules.challengesFailed.minChallenged &&
    stats.challenged / couldCount > rules.challengesFailed.over
  ) {
    add(
      "challenges_failed",
      rules.challengesFailed.points,
      `${stats.challenged} of ${couldCount} visits left the browser check unsolved`,
    );
  }
  const shareOfCounted = (part: number) => part / stats.counted;
  if (shareOfCounted(stats.checked) > rules.checksNeeded.over) {
    add(
      "checks_needed",
      rules.checksNeeded.points,
      `${percent(shareOfCounted(stats.checked))} of ${of} counted only after solving the browser check`,
    );
  }
  if (shareOfCounted(stats.inconsistent) > rules.inconsistentRequests.over) {
    add(
      "inconsistent_requests",
      rules.inconsistentRequests.points,
      `${percent(shareOfCounted(stats.inconsistent))} of ${of} came from browsers whose own headers contradict what they claim to be`,
    );
  }
  if (shareOfCounted(stats.forced) > rules.forcedNavigation.over) {
    add(
      "forced_navigation",
      rules.forcedNavigation.points,
      `${percent(shareOfCounted(stats.forced))} of ${of} were sent on by another site without a tap or a click`,
    );
  }
  if (shareOfCounted(stats.automated) > rules.automation.over) {
    add(
      "automation",
      rules.automation.points,
      `${percent(shareOfCounted(stats.automated))} of ${of} came from browsers the page found automated`,
    );
  }
  const diverging = divergence?.dimensions ?? [];
  if (diverging.length > 0) {
    add(
      "divergence",
      Math.min(rules.divergence.maxPoints, rules.divergence.perDimension * diverging.length),
      `unlike the campaign's other traffic in ${diverging
        .map(
          (dimension) =>
            `${dimensionWords[dimension.dimension]} (${topOf(dimension.link)} against ${topOf(dimension.pool)})`,
        )
        .join(", ")}`,
    );
  }
  const score = Math.min(
    100,
    reasons.reduce((sum, reason) => sum + reason.points, 0),
  );
  return { score, risky: score >= rules.threshold, reasons };
}

const statsRow = z.object({
  link_id: column.text,
  promoter_id: column.text,
  handle: column.text,
  counted: column.number,
  challenged: column.number,
  checked: column.number,
  inconsistent: column.number,
  forced: column.number,
  automated: column.number,
  hosting: column.number,
  confirmable: column.number,
  unconfirmed: column.number,
  top_network: column.textOrNull,
  top_network_clicks: column.number,
  top_network_agents: column.number,
  top_asn: column.numberOrNull,
  top_asn_clicks: column.number,
  gap_mean: column.numberOrNull,
  gap_stddev: column.numberOrNull,
  top_country: column.textOrNull,
  top_country_clicks: column.number,
  top_country_elsewhere: column.number,
});

/** The click statistics of a campaign's links (all of them, or `linkIds`), from the stored clicks. */
export async function linkClickStats(db: Database, campaignId: string, linkIds?: readonly string[]) {
  const hosting = [...listedHostingAsns];
  const confirmationSince = fraudRules.confirmationSince;
  const only = linkIds ? sql`and tl.id = any(${sql.param([...linkIds])}::uuid[])` : sql``;
  const rows = await queryParsed(
    db,
    statsRow,
    sql`with links as (
          select tl.id, tl.promoter_id, p.handle from tracking_links tl join promoters p on p.id = tl.promoter_id
          where tl.campaign_id = ${campaignId} ${only}
        ),
        clicks as (
          select e.tracking_link_id as link_id, e.verdict, e.network, e.asn, e.user_agent, e.country, e.ts,
            e.reasons, e.confirmed_at, e.rules_version
          from click_events e where e.campaign_id = ${campaignId} and e.tracking_link_id in (select id from links)
            and e.verdict in ('counted', 'challenged', 'hosting')
        ),
        totals as (
          select link_id, count(*) filter (where verdict = 'counted') as counted,
            count(*) filter (where verdict in ('challenged', 'hosting')) as challenged,
            count(*) filter (where verdict = 'counted' and ${clickReason.challenge_solved} = any(reasons)) as checked,
            count(*) filter (
              where verdict = 'counted' and reasons && ${sql.param([...inconsistencyReasons])}::text[]
            ) as inconsistent,
            count(*) filter (where verdict = 'counted' and ${clickReason.no_activation} = any(reasons)) as forced,
            count(*) filter (where verdict = 'counted' and ${clickReason.automation} = any(reasons)) as automated,
            count(*) filter (
              where verdict = 'hosting' or asn = any(${sql.param(hosting)}::int[])
                or ${clickReason.hosting_network} = any(reasons)
            ) as hosting,
            count(*) filter (where verdict = 'counted' and rules_version >= ${confirmationSince}) as confirmable,
            count(*) filter (
              where verdict = 'counted' and rules_version >= ${confirmationSince} and confirmed_at is null
            ) as unconfirmed
          from clicks group by link_id
        ),
        networks as (
          select distinct on (link_id) link_id, network, count(*) as clicks, count(distinct user_agent) as agents
          from clicks where verdict = 'counted' and network is not null
          group by link_id, network order by link_id, count(*) desc, network
        ),
        systems as (
          select distinct on (link_id) link_id, asn, count(*) as clicks
          from clicks where verdict = 'counted' and asn is not null
          group by link_id, asn order by link_id, count(*) desc, asn
        ),
        gaps as (
          select link_id, extract(epoch from ts - lag(ts) over (partition by link_id order by ts)) as gap
          from clicks where verdict = 'counted'
        ),
        timing as (
          select link_id, avg(gap) as mean, stddev_samp(gap) as sd from gaps where gap is not null group by link_id
        ),
        countries as (
          select distinct on (link_id) link_id, country, count(*) as clicks
          from clicks where verdict = 'counted' and country is not null and country <> 'Unknown'
          group by link_id, country order by link_id, count(*) desc, country
        ),
        campaign_countries as (
          select e.tracking_link_id as link_id, e.country from click_events e
          where e.campaign_id = ${campaignId} and e.verdict = 'counted'
        )
        select l.id as link_id, l.promoter_id, l.handle,
          coalesce(t.counted, 0) as counted, coalesce(t.challenged, 0) as challenged, coalesce(t.hosting, 0) as hosting,
          coalesce(t.checked, 0) as checked, coalesce(t.inconsistent, 0) as inconsistent,
          coalesce(t.forced, 0) as forced, coalesce(t.automated, 0) as automated,
          coalesce(t.confirmable, 0) as confirmable, coalesce(t.unconfirmed, 0) as unconfirmed,
          n.network as top_network, coalesce(n.clicks, 0) as top_network_clicks, coalesce(n.agents, 0) as top_network_agents,
          s.asn as top_asn, coalesce(s.clicks, 0) as top_asn_clicks,
          tm.mean as gap_mean, tm.sd as gap_stddev,
          c.country as top_country, coalesce(c.clicks, 0) as top_country_clicks,
          coalesce((select count(*) filter (where cc.country = c.country)::float / nullif(count(*), 0)
                    from campaign_countries cc where cc.link_id <> l.id), 0) as top_country_elsewhere
        from links l
        left join totals t on t.link_id = l.id
        left join networks n on n.link_id = l.id
        left join systems s on s.link_id = l.id
        left join timing tm on tm.link_id = l.id
        left join countries c on c.link_id = l.id`,
  );
  return rows.map(
    (row): LinkClickStats => ({
      linkId: row.link_id,
      promoterId: row.promoter_id,
      handle: row.handle,
      counted: row.counted,
      challenged: row.challenged,
      checked: row.checked,
      inconsistent: row.inconsistent,
      forced: row.forced,
      automated: row.automated,
      hosting: row.hosting,
      confirmable: row.confirmable,
      unconfirmed: row.unconfirmed,
      topNetwork: row.top_network,
      topNetworkClicks: row.top_network_clicks,
      topNetworkAgents: row.top_network_agents,
      topAsn: row.top_asn,
      topAsnClicks: row.top_asn_clicks,
      gapMean: row.gap_mean,
      gapStddev: row.gap_stddev,
      topCountry: row.top_country,
      topCountryClicks: row.top_country_clicks,
      topCountryElsewhere: row.top_country_elsewhere,
    }),
  );
}

/**
 * Every promoter's risk on a campaign, riskiest first (the console's view, the replay's, a result's and its approval's),
 * with how each link's traffic diverges from that of the campaign's links that raise no other reason.
 */
export async function campaignRisks(db: Database, campaignId: string) {
  const stats = await linkClickStats(db, campaignId);
  const clean = new Set(stats.filter((link) => assessRisk(link).reasons.length === 0).map((link) => link.linkId));
  const divergence = await campaignDivergence(db, campaignId, clean);
  return stats
    .map((link) => {
      const diverging = divergence.get(link.linkId);
      return { link, divergence: diverging ?? null, risk: assessRisk(link, diverging) };
    })
    .sort((a, b) => b.risk.score - a.risk.score || b.link.counted - a.link.counted);
}
