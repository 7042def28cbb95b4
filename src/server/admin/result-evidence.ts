import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AccountLinkView, ApprovalCandidate, ApprovalView, TrafficProfile } from "../../core/api/admin.js";
import {
  campaignStatuses,
  clickReason,
  exclusionReasons,
  lastingExclusionReasons,
  payoutHoldReasons,
  verificationProblems,
} from "../../core/vocabulary.js";
import { linkedAccounts } from "../accounts/account-links.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { suspiciousActivity } from "../db/schema.js";
import { DomainError } from "../errors.js";
import { divergenceView } from "../fraud/divergence.js";
import { listedHostingAsns } from "../fraud/network-classes.js";
import { campaignRisks } from "../fraud/promoter-risk.js";
import { fraudRules } from "../fraud/rules.js";
import { suspiciousItemView } from "./fraud-review.js";

/**
 * The evidence beside the Approve button (PRODUCT.md Winner verification): each candidate against the runner-up and
 * the campaign's other links, with the risk and its reasons, open flags, linked accounts, the winner's verification
 * and payout account. Read only; the actions are Approve, Pass On and Void clicks.
 */

const campaignRow = z.object({
  id: column.text,
  title: column.text,
  artist_name: column.text,
  status: column.oneOf(campaignStatuses),
  prize_cents: column.number,
  ends_at: column.timestampOrNull,
  review_until: column.timestampOrNull,
  under_review: column.boolean,
});

const standingRow = z.object({
  promoter_id: column.text,
  user_id: column.text,
  link_id: column.text,
  handle: column.text,
  name: column.text,
  email: column.text,
  clicks: column.number,
  payout_id: column.textOrNull,
  amount_cents: column.numberOrNull,
  hold_reasons: z.array(z.enum(payoutHoldReasons)).nullable(),
  approved_at: column.timestampOrNull,
  waiting_since: column.timestampOrNull,
  excluded: column.boolean,
  account_ready: column.boolean,
  account_country: column.textOrNull,
  account_legal_name: column.textOrNull,
});

const trafficRow = z.object({
  key: column.text,
  links: column.number,
  counted: column.number,
  confirmable: column.number,
  confirmed: column.number,
  checked: column.number,
  could_count: column.number,
  hosting: column.number,
  networks: column.number,
  top_network: column.textOrNull,
  top_network_clicks: column.number,
  agents: column.number,
  top_country: column.textOrNull,
  top_country_clicks: column.number,
  no_referrer: column.number,
  top_referrer: column.textOrNull,
  top_referrer_clicks: column.number,
});

const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The traffic of groups of a campaign's links (`groups`: link id → group key), in one statement. */
async function trafficProfiles(db: Database, campaignId: string, groups: Map<string, string>) {
  const linkIds = [...groups.keys()];
  const keys = linkIds.map((id) => groups.get(id) as string);
  const rows = await queryParsed(
    db,
    trafficRow,
    sql`with grouped as (
          select * from unnest(${sql.param(linkIds)}::uuid[], ${sql.param(keys)}::text[]) as g(link_id, key)
        ),
        clicks as (
          select g.key, e.verdict, e.network, e.asn, e.user_agent, e.country, e.reasons, e.confirmed_at,
            e.rules_version, nullif(substring(e.referrer from '^[a-z][a-z0-9+.-]*://([^/:?#]+)'), '') as referrer_host
          from click_events e join grouped g on g.link_id = e.tracking_link_id
          where e.campaign_id = ${campaignId} and e.verdict in ('counted', 'challenged')
        ),
        counted as (select * from clicks where verdict = 'counted'),
        tops as (
          select key,
            (select network from counted c2 where c2.key = k.key and network is not null
              group by network order by count(*) desc, network limit 1) as top_network,
            (select country from counted c2 where c2.key = k.key and country is not null and country <> 'Unknown'
              group by country order by count(*) desc, country limit 1) as top_country,
            (select referrer_host from counted c2 where c2.key = k.key and referrer_host is not null
              group by referrer_host order by count(*) desc, referrer_host limit 1) as top_referrer
          from (select distinct key from grouped) k
        )
        select t.key,
          (select count(*) from grouped g where g.key = t.key) as links,
          count(c.*) filter (where c.verdict = 'counted') as counted,
          count(c.*) filter (where c.verdict = 'counted' and c.rules_version >= ${fraudRules.confirmationSince}) as confirmable,
          count(c.*) filter (where c.verdict = 'counted' and c.rules_version >= ${fraudRules.confirmationSince} and c.confirmed_at is not null) as confirmed,
          count(c.*) filter (where c.verdict = 'counted' and ${clickReason.challenge_solved} = any(c.reasons)) as checked,
          count(c.*) as could_count,
          count(c.*) filter (
            where c.asn = any(${sql.param([...listedHostingAsns])}::int[]) or ${clickReason.hosting_network} = any(c.reasons)
          ) as hosting,
          count(distinct c.network) filter (where c.verdict = 'counted') as networks,
          t.top_network,
          count(c.*) filter (where c.verdict = 'counted' and c.network = t.top_network) as top_network_clicks,
          count(distinct c.user_agent) filter (where c.verdict = 'counted') as agents,
          t.top_country,
          count(c.*) filter (where c.verdict = 'counted' and c.country = t.top_country) as top_country_clicks,
          count(c.*) filter (where c.verdict = 'counted' and c.referrer_host is null) as no_referrer,
          t.top_referrer,
          count(c.*) filter (where c.verdict = 'counted' and c.referrer_host = t.top_referrer) as top_referrer_clicks
        from tops t left join clicks c on c.key = t.key
        group by t.key, t.top_network, t.top_country, t.top_referrer`,
  );
  const profiles = new Map<string, TrafficProfile>();
  for (const row of rows) {
    profiles.set(row.key, {
      links: row.links,
      counted: row.counted,
      confirmed_share: share(row.confirmed, row.confirmable),
      checked_share: share(row.checked, row.counted),
      hosting_share: share(row.hosting, row.could_count),
      networks: row.networks,
      top_network: row.top_network,
      top_network_share: share(row.top_network_clicks, row.counted),
      user_agents: row.agents,
      top_country: row.top_country,
      top_country_share: share(row.top_country_clicks, row.counted),
      no_referrer_share: share(row.no_referrer, row.counted),
      top_referrer: row.top_referrer,
      top_referrer_share: share(row.top_referrer_clicks, row.counted),
    });
  }
  return profiles;
}

const emptyTraffic: TrafficProfile = {
  links: 0,
  counted: 0,
  confirmed_share: null,
  checked_share: null,
  hosting_share: null,
  networks: 0,
  top_network: null,
  top_network_share: null,
  user_agents: 0,
  top_country: null,
  top_country_share: null,
  no_referrer_share: null,
  top_referrer: null,
  top_referrer_share: null,
};

const verificationRow = z.object({
  promoter_id: column.text,
  country: column.text,
  state: column.textOrNull,
  minimum_age: column.number,
  stated_legal_name: column.text,
  account_country: column.textOrNull,
  account_legal_name: column.textOrNull,
  problem: z.enum(verificationProblems).nullable(),
  created_at: column.timestamp,
});

/** The accounts linked to a user, as the approval view and the admin's users view show them. */
export async function userLinkViews(db: Database, userId: string): Promise<AccountLinkView[]> {
  return (await linkedAccounts(db, userId)).map((link) => ({
    user_id: link.userId,
    email: link.email,
    name: link.name,
    handle: link.handle,
    banned: link.banned,
    evidence: link.evidence,
  }));
}

/** The result of a campaign as the admin who approves it sees it. */
export async function approvalView(db: Database, campaignId: string): Promise<ApprovalView> {
  const [campaign] = await queryParsed(
    db,
    campaignRow,
    sql`select id, title, artist_name, status, prize_cents, ends_at, review_until,
          coalesce(review_until > now(), false) as under_review
        from campaigns where id = ${campaignId}`,
  );
  if (!campaign) throw new DomainError("not_found", "Campaign not found");
  const standings = await queryParsed(
    db,
    standingRow,
    sql`select p.id as promoter_id, u.id as user_id, tl.id as link_id, p.handle, u.name, u.email,
          tl.total_clicks as clicks, po.id as payout_id, po.amount_cents, po.hold_reasons, po.approved_at,
          case when po.id is not null then greatest(po.created_at, coalesce(c.review_until, po.created_at)) end
            as waiting_since,
          exists (select 1 from result_exclusions x where x.campaign_id = c.id and x.promoter_id = p.id) as excluded,
          coalesce(pa.details_submitted and pa.payouts_enabled, false) as account_ready,
          pa.country as account_country, pa.legal_name as account_legal_name
        from tracking_links tl
        join campaigns c on c.id = tl.campaign_id
        join promoters p on p.id = tl.promoter_id
        join "user" u on u.id = p.auth_user_id
        left join payouts po on po.campaign_id = tl.campaign_id and po.promoter_id = tl.promoter_id
          and po.status in ('pending', 'failed', 'processing')
        left join payout_accounts pa on pa.user_id = u.id
        where tl.campaign_id = ${campaignId}
        order by tl.total_clicks desc, tl.created_at, tl.id`,
  );
  const candidates = standings.filter((row) => row.payout_id !== null);
  const runnerUp = standings.find((row) => row.payout_id === null && !row.excluded && row.clicks > 0) ?? null;
  const shown = [...candidates, ...(runnerUp ? [runnerUp] : [])];
  const groups = new Map<string, string>(standings.map((row) => [row.link_id, "others"]));
  for (const row of shown) groups.set(row.link_id, row.link_id);
  const traffic = standings.length > 0 ? await trafficProfiles(db, campaignId, groups) : new Map();
  const risks = await campaignRisks(db, campaignId);
  const openFlags = await db
    .select()
    .from(suspiciousActivity)
    .where(
      sql`${suspiciousActivity.status} = 'open' and ${suspiciousActivity.trackingLinkId} in (select id from tracking_links where campaign_id = ${campaignId})`,
    );
  const verifications = await queryParsed(
    db,
    verificationRow,
    sql`select promoter_id, country, state, minimum_age, stated_legal_name, account_country, account_legal_name,
          problem, created_at
        from winner_verifications where campaign_id = ${campaignId}`,
  );
  const evidenceOf = async (row: (typeof standings)[number]): Promise<ApprovalCandidate> => {
    const assessed = risks.find(({ link }) => link.linkId === row.link_id);
    const verification = verifications.find((found) => found.promoter_id === row.promoter_id);
    return {
      payout_id: row.payout_id,
      promoter_id: row.promoter_id,
      user_id: row.user_id,
      handle: row.handle,
      name: row.name,
      email: row.email,
      clicks: row.clicks,
      amount_cents: row.amount_cents,
      holds: row.hold_reasons ?? [],
      approved_at: row.approved_at?.toISOString() ?? null,
      waiting_since: row.waiting_since?.toISOString() ?? null,
      risk: assessed?.risk ?? { score: 0, risky: false, reasons: [] },
      divergence: divergenceView(assessed?.divergence),
      traffic: traffic.get(row.link_id) ?? emptyTraffic,
      open_flags: openFlags.filter((flag) => flag.trackingLinkId === row.link_id).map(suspiciousItemView),
      linked_accounts: await userLinkViews(db, row.user_id),
      verification: verification
        ? {
            country: verification.country,
            state: verification.state,
            minimum_age: verification.minimum_age,
            stated_legal_name: verification.stated_legal_name,
            account_country: verification.account_country,
            account_legal_name: verification.account_legal_name,
            problem: verification.problem,
            at: verification.created_at.toISOString(),
          }
        : null,
      payout_account: {
        ready: row.account_ready,
        country: row.account_country,
        legal_name: row.account_legal_name,
      },
    };
  };
  const passedOver = await queryParsed(
    db,
    z.object({
      handle: column.text,
      reason: z.enum(exclusionReasons),
      note: column.textOrNull,
      decided_at: column.timestamp,
    }),
    sql`select p.handle, x.reason, x.note, x.decided_at from result_exclusions x
        join promoters p on p.id = x.promoter_id
        where x.campaign_id = ${campaignId}
          and x.reason in (${sql.join(
            lastingExclusionReasons.map((reason) => sql`${reason}`),
            sql`, `,
          )})
        order by x.decided_at`,
  );
  return {
    campaign: {
      id: campaign.id,
      title: campaign.title,
      artist_name: campaign.artist_name,
      status: campaign.status,
      prize_cents: campaign.prize_cents,
      ends_at: campaign.ends_at?.toISOString() ?? null,
      review_until: campaign.review_until?.toISOString() ?? null,
      under_review: campaign.under_review,
    },
    candidates: await Promise.all(candidates.map(evidenceOf)),
    runner_up: runnerUp ? await evidenceOf(runnerUp) : null,
    others: traffic.get("others") ?? emptyTraffic,
    passed_over: passedOver.map((row) => ({ ...row, decided_at: row.decided_at.toISOString() })),
  };
}
