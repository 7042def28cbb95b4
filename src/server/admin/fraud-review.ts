import { desc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type {
  InvestigateQuery,
  Investigation,
  InvestigationKind,
  SuspiciousItem,
  VoidClicksResult,
} from "../../core/api/admin.js";
import { uuidPattern } from "../../core/ids.js";
import { campaignStatus, campaignStatuses, clickReasons, clickVerdicts } from "../../core/vocabulary.js";
import { type Actor, recordAdminAction } from "../audit/record-audit.js";
import type { ServerContext } from "../context/server-context.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { clickAudit, suspiciousActivity } from "../db/schema.js";
import { DomainError } from "../errors.js";
import { announceResult, redecideResult } from "../payouts/campaign-results.js";
import { releaseFlagHolds } from "../payouts/flag-holds.js";
import { tellCandidates } from "../payouts/pass-on.js";
import { processRefund } from "../payouts/refunds.js";
import { maskAddress } from "../tracking/click-analytics.js";
import { holdRollupMark, movedInRollup, rollupDimensions } from "../tracking/click-rollups.js";

/**
 * Fraud review (PRODUCT.md): investigate a flag's subject, void clicks, dismiss flags, release a result early. Every
 * action is one transaction with its audit row; voiding inside a result's review window decides its winners again.
 */

type FlagRow = typeof suspiciousActivity.$inferSelect;

/** A suspicious-activity flag as the API shows it (SPEC.md: type, severity, details, timestamp). */
export function suspiciousItemView(row: FlagRow): SuspiciousItem {
  return {
    id: row.id,
    type: row.type,
    severity: row.severity,
    status: row.status,
    resolution: row.resolution,
    details: row.details,
    timestamp: row.ts.toISOString(),
    campaign_id: row.campaignId,
    tracking_link_id: row.trackingLinkId,
  };
}

/** `campaignId` scopes a network to the campaign its flag is about (found through the campaign's clicks index). */
type Subject = { kind: InvestigationKind; key: string; campaignId?: string };

/**
 * What a flag is about: the network of a network-concentration flag (on its campaign; the address it names is only the
 * visit that crossed the limit), else the address, else the device fingerprint, else the link, else the campaign.
 */
function flagSubject(flag: FlagRow): Subject {
  if (flag.network) return { kind: "network", key: flag.network, campaignId: flag.campaignId ?? undefined };
  if (flag.ipHash) return { kind: "address", key: flag.ipHash };
  if (flag.fingerprint) return { kind: "fingerprint", key: flag.fingerprint };
  if (flag.trackingLinkId) return { kind: "link", key: flag.trackingLinkId };
  if (flag.campaignId) return { kind: "campaign", key: flag.campaignId };
  throw new DomainError("conflict", "This flag names nothing to investigate");
}

/** The subject's clicks (as `e`), found through an index: links for promoters, links and campaigns. */
function clicksOf(subject: Subject): SQL {
  switch (subject.kind) {
    case "address":
      return sql`e.ip_hash = ${subject.key}`;
    case "fingerprint":
      return sql`e.fingerprint = ${subject.key}`;
    case "network":
      return subject.campaignId
        ? sql`e.campaign_id = ${subject.campaignId} and e.network = ${subject.key}`
        : sql`e.network = ${subject.key}`;
    case "link":
      return sql`e.tracking_link_id = ${subject.key}`;
    case "promoter":
      return sql`e.tracking_link_id in (select id from tracking_links where promoter_id = ${subject.key})`;
    case "campaign":
      return sql`e.tracking_link_id in (select id from tracking_links where campaign_id = ${subject.key})`;
  }
}

/** Flags about the subject. */
function flagsOf(subject: Subject): SQL {
  switch (subject.kind) {
    case "address":
      return sql`ip_hash = ${subject.key}`;
    case "fingerprint":
      return sql`fingerprint = ${subject.key}`;
    case "network":
      return sql`network = ${subject.key}`;
    case "link":
      return sql`tracking_link_id = ${subject.key}`;
    case "promoter":
      return sql`tracking_link_id in (select id from tracking_links where promoter_id = ${subject.key})`;
    case "campaign":
      return sql`campaign_id = ${subject.key}`;
  }
}

const labelRow = z.object({ label: column.text });

/** How the subject reads on the page; not found when it does not exist. */
async function subjectLabel(db: Database, subject: Subject): Promise<string> {
  const lookup: Partial<Record<InvestigationKind, SQL>> = {
    promoter: sql`select '@' || handle as label from promoters where id = ${subject.key}`,
    link: sql`select '@' || p.handle || ' on "' || c.title || '"' as label
              from tracking_links tl join promoters p on p.id = tl.promoter_id join campaigns c on c.id = tl.campaign_id
              where tl.id = ${subject.key}`,
    campaign: sql`select '"' || title || '" by ' || artist_name as label from campaigns where id = ${subject.key}`,
    network: subject.campaignId
      ? sql`select 'One network, ' || ${subject.key}::text || ', on "' || title || '"' as label from campaigns
            where id = ${subject.campaignId}`
      : sql`select 'One network, ' || ${subject.key}::text as label`,
  };
  const query = lookup[subject.kind];
  if (!query) return subject.kind === "address" ? "One address" : "One device fingerprint";
  const [row] = await queryParsed(db, labelRow, query);
  if (!row) throw new DomainError("not_found", "Nothing to investigate: it does not exist");
  return row.label;
}

async function resolveSubject(
  db: Database,
  query: InvestigateQuery,
): Promise<{ subject: Subject; flag: FlagRow | null }> {
  if (query.flag !== undefined) {
    const [flag] = await db.select().from(suspiciousActivity).where(eq(suspiciousActivity.id, query.flag));
    if (!flag) throw new DomainError("not_found", "Flag not found");
    return { subject: flagSubject(flag), flag };
  }
  if (query.user !== undefined) {
    const [promoter] = await queryParsed(
      db,
      z.object({ id: column.text }),
      sql`select id from promoters where auth_user_id = ${query.user}`,
    );
    if (!promoter) throw new DomainError("not_found", "This user has no promoter profile, so no clicks to investigate");
    return { subject: { kind: "promoter", key: promoter.id }, flag: null };
  }
  const kinds = ["address", "fingerprint", "promoter", "link", "campaign"] as const;
  const kind = kinds.find((candidate) => query[candidate] !== undefined);
  const key = kind ? query[kind] : undefined;
  if (!kind || key === undefined) throw new DomainError("validation", "Choose what to investigate");
  if ((kind === "promoter" || kind === "link" || kind === "campaign") && !uuidPattern.test(key)) {
    throw new DomainError("not_found", "Nothing to investigate: it does not exist");
  }
  return { subject: { kind, key }, flag: null };
}

const RECENT = sql`e.ts >= now() - interval '30 days'`;

const clickRow = z.object({
  id: column.number,
  ts: column.timestamp,
  campaign_id: column.text,
  campaign_title: column.text,
  promoter_id: column.text,
  promoter_handle: column.text,
  verdict: column.oneOf(clickVerdicts),
  country: column.textOrNull,
  user_agent: column.textOrNull,
  referrer: column.textOrNull,
  fingerprint: column.textOrNull,
  ip: column.textOrNull,
  ip_hash: column.text,
  network: column.textOrNull,
  asn: column.numberOrNull,
  reasons: z.array(column.oneOf(clickReasons)).nullable(),
  confirmed: column.boolean,
});
const linkRow = z.object({
  campaign_id: column.text,
  campaign_title: column.text,
  campaign_status: column.oneOf(campaignStatuses),
  review_until: column.timestampOrNull,
  under_review: column.boolean,
  promoter_id: column.text,
  promoter_handle: column.text,
  clicks: column.number,
  counted: column.number,
});
const hourRow = z.object({
  time: column.timestamp,
  clicks: column.number,
  counted: column.number,
  flags: column.number,
});

/** Everything an admin needs to judge a subject: its clicks of the last 30 days, flags, links touched, timeline. */
export async function investigate(db: Database, query: InvestigateQuery): Promise<Investigation> {
  const { subject, flag } = await resolveSubject(db, query);
  const label = await subjectLabel(db, subject);
  const where = clicksOf(subject);
  const clicks = await queryParsed(
    db,
    clickRow,
    sql`select e.id, e.ts, e.campaign_id, c.title as campaign_title, e.promoter_id, p.handle as promoter_handle,
               e.verdict, e.country, e.user_agent, e.referrer, e.fingerprint, e.ip, e.ip_hash, e.network, e.asn,
               e.reasons, e.confirmed_at is not null as confirmed
        from (select * from click_events e where ${where} and ${RECENT} order by e.id desc limit 200) e
        join campaigns c on c.id = e.campaign_id
        join promoters p on p.id = e.promoter_id
        order by e.id desc`,
  );
  const verdicts = await queryParsed(
    db,
    z.object({ verdict: column.oneOf(clickVerdicts), count: column.number }),
    sql`select e.verdict, count(*) as count from click_events e where ${where} and ${RECENT}
        group by e.verdict order by 2 desc, 1`,
  );
  const links = await queryParsed(
    db,
    linkRow,
    sql`select e.campaign_id, c.title as campaign_title, c.status as campaign_status, c.review_until,
               coalesce(c.review_until > now(), false) as under_review,
               e.promoter_id, p.handle as promoter_handle, e.clicks, e.counted
        from (select e.campaign_id, e.promoter_id, count(*) as clicks, count(*) filter (where e.verdict = 'counted') as counted
              from click_events e where ${where} and ${RECENT} group by 1, 2) e
        join campaigns c on c.id = e.campaign_id
        join promoters p on p.id = e.promoter_id
        order by e.counted desc, e.clicks desc, p.handle
        limit 100`,
  );
  const otherFlags = await db
    .select()
    .from(suspiciousActivity)
    .where(sql`${flagsOf(subject)}${flag ? sql` and id <> ${flag.id}` : sql``}`)
    .orderBy(desc(suspiciousActivity.ts))
    .limit(50);
  const timeline = await queryParsed(
    db,
    hourRow,
    sql`with hours as (
          select date_trunc('hour', e.ts, 'UTC') as time, count(*) as clicks,
                 count(*) filter (where e.verdict = 'counted') as counted, 0 as flags
          from click_events e where ${where} and ${RECENT} group by 1
          union all
          select date_trunc('hour', ts, 'UTC'), 0, 0, count(*) from suspicious_activity
          where ${flagsOf(subject)} and ts >= now() - interval '30 days' group by 1
        )
        select time, sum(clicks) as clicks, sum(counted) as counted, sum(flags) as flags
        from hours group by time order by time desc limit 72`,
  );
  return {
    subject: { kind: subject.kind, key: subject.key, label },
    flag: flag ? suspiciousItemView(flag) : null,
    total_clicks: verdicts.reduce((sum, row) => sum + row.count, 0),
    verdicts,
    clicks: clicks.map(({ ip, ts, reasons, ...row }) => ({
      ...row,
      ts: ts.toISOString(),
      masked_ip: maskAddress(ip),
      reasons: reasons ?? [],
    })),
    flags: otherFlags.map(suspiciousItemView),
    links: links.map((row) => ({ ...row, review_until: row.review_until?.toISOString() ?? null })),
    timeline: timeline.map((row) => ({ ...row, time: row.time.toISOString() })),
  };
}

/** Marks the flag an action was taken on, in that action's transaction. */
async function actionFlag(tx: Database, flagId: number, actor: Actor, resolution: string) {
  const [flag] = await queryParsed(
    tx,
    z.object({ id: column.number }),
    sql`update suspicious_activity set status = 'actioned', resolved_at = now(), resolved_by = ${actor.id},
          resolution = ${resolution}
        where id = ${flagId} and status = 'open' returning id`,
  );
  if (!flag) throw new DomainError("conflict", "This flag is not open any more");
}

/**
 * Voids a promoter's or an address's counted clicks on a campaign: they become `voided`, every counter is recomputed
 * from the events, the roll-up follows, and the action is audited; while none of the result's payouts has moved, under
 * review or after it, its candidates and their held payouts are decided again (a payout waiting for approval goes back
 * to waiting). One transaction. A result with a payout made stays as it is.
 */
export async function voidClicks(
  deps: ServerContext,
  input: { campaignId: string; promoterId?: string; ipHash?: string; actor: Actor; reason?: string; flagId?: number },
): Promise<VoidClicksResult> {
  if (!input.promoterId === !input.ipHash)
    throw new DomainError("validation", "Choose a promoter or an address to void");
  const outcome = await deps.db.transaction(async (tx) => {
    // The campaign row first, as click batches and finalization lock it: one lock order, no deadlock. Then the roll-up
    // mark, shared: a roll-up in progress finishes first, and none starts until this commits.
    const [campaign] = await queryParsed(
      tx,
      z.object({ title: column.text, artist_name: column.text, status: column.text }),
      sql`select title, artist_name, status from campaigns where id = ${input.campaignId} for no key update`,
    );
    if (!campaign) throw new DomainError("not_found", "Campaign not found");
    const mark = await holdRollupMark(tx);
    // A promoter's clicks on a campaign are its link's clicks; an address's counted clicks are found by the
    // campaign's unique (campaign, address) index.
    const target = input.promoterId
      ? sql`tracking_link_id = (select id from tracking_links where campaign_id = ${input.campaignId} and promoter_id = ${input.promoterId})`
      : sql`campaign_id = ${input.campaignId} and ip_hash = ${input.ipHash}`;
    // Voided events already in the roll-up move there too: from counted to voided, and out of their country.
    const voided = await queryParsed(
      tx,
      z.object({ promoter_id: column.text }),
      sql`with moved as (
          update click_events set verdict = 'voided' where verdict = 'counted' and ${target}
          returning campaign_id, promoter_id, ts, ${rollupDimensions.country.value} as country,
            'counted' as from_verdict, 'voided' as to_verdict
        ), ${movedInRollup(mark)}
        select promoter_id from moved`,
    );
    await tx.execute(sql`update tracking_links tl set total_clicks = (
        select count(*) from click_events e where e.tracking_link_id = tl.id and e.verdict = 'counted')
      where tl.campaign_id = ${input.campaignId}`);
    await tx.execute(sql`update campaigns c set total_clicks = (
        select count(*) from click_events e where e.campaign_id = c.id and e.verdict = 'counted')
      where c.id = ${input.campaignId}`);
    for (const promoterId of new Set(voided.map((row) => row.promoter_id))) {
      await tx.execute(sql`update promoters p set total_clicks_all_time = (
          select coalesce(sum(tl.total_clicks), 0) from tracking_links tl where tl.promoter_id = p.id)
        where p.id = ${promoterId}`);
    }
    const before = await queryParsed(
      tx,
      z.object({ promoter_id: column.text }),
      sql`select promoter_id from payouts where campaign_id = ${input.campaignId}`,
    );
    const redecided = await redecideResult(tx, input.campaignId);
    if (redecided?.announced) {
      // The result was already announced: whoever the recount made a winner hears it now.
      const fresh = redecided.winners.filter((winner) => !before.some((row) => row.promoter_id === winner.promoterId));
      await tellCandidates(
        deps,
        tx,
        { id: input.campaignId, title: campaign.title, artistName: campaign.artist_name },
        fresh,
        "recounted",
      );
    }
    const whose = input.promoterId
      ? `@${(await queryParsed(tx, labelRow, sql`select handle as label from promoters where id = ${input.promoterId}`))[0]?.label ?? input.promoterId}`
      : "an address";
    const summary =
      `Voided ${voided.length} counted click${voided.length === 1 ? "" : "s"} of ${whose} on "${campaign.title}"` +
      (redecided
        ? `; winners decided again: ${redecided.winners.map((winner) => `@${winner.handle}`).join(", ") || "none, prize refunded"}`
        : "") +
      (input.reason ? `: ${input.reason}` : "");
    if (input.flagId !== undefined) await actionFlag(tx, input.flagId, input.actor, summary);
    await tx.insert(clickAudit).values({
      action: input.promoterId ? "void_promoter" : "void_ip",
      campaignId: input.campaignId,
      promoterId: input.promoterId ?? null,
      ipHash: input.ipHash ?? null,
      clicksVoided: voided.length,
      actorUserId: input.actor.id,
      reason: input.reason ?? null,
    });
    await recordAdminAction(tx, input.actor, {
      action: input.promoterId ? "void_promoter" : "void_address",
      subjectType: "clicks",
      subjectId: input.campaignId,
      summary,
    });
    const live = campaign.status === campaignStatus.active || campaign.status === campaignStatus.paused;
    return {
      refundId: redecided?.refundId ?? null,
      view: {
        clicks_voided: voided.length,
        result: redecided ? ("redecided" as const) : live ? ("live" as const) : ("final" as const),
        winners: (redecided?.winners ?? []).map((winner) => ({
          handle: winner.handle,
          amount_cents: winner.amountCents,
        })),
      },
    };
  });
  // A result left without a winner is final at once: the artist is told (unless they were already) and refunded now.
  if (outcome.refundId) {
    await announceResult(deps, input.campaignId);
    await processRefund(deps, outcome.refundId);
  }
  return outcome.view;
}

/**
 * Dismisses an open flag with the admin's reason, audited; a winner's prize held for flags about their link is released
 * once none is open (flag-holds.ts).
 */
export async function dismissFlag(db: Database, flagId: number, reason: string, actor: Actor) {
  await db.transaction(async (tx) => {
    const [flag] = await queryParsed(
      tx,
      z.object({ type: column.text, status: column.text, tracking_link_id: column.textOrNull }),
      sql`select type, status, tracking_link_id from suspicious_activity where id = ${flagId} for update`,
    );
    if (!flag) throw new DomainError("not_found", "Flag not found");
    if (flag.status !== "open") throw new DomainError("conflict", `This flag is already ${flag.status}`);
    await tx.execute(
      sql`update suspicious_activity set status = 'dismissed', resolved_at = now(), resolved_by = ${actor.id},
            resolution = ${reason}
          where id = ${flagId}`,
    );
    if (flag.tracking_link_id) await releaseFlagHolds(tx, flag.tracking_link_id);
    await recordAdminAction(tx, actor, {
      action: "dismiss_flag",
      subjectType: "flag",
      subjectId: String(flagId),
      summary: `Dismissed a ${flag.type.replace(/_/g, " ")} flag: ${reason}`,
    });
  });
  return { ok: true as const };
}

/** Ends a result's review early, after an admin reviewed it: it is final, announced, and its payouts can be paid. */
export async function releaseResults(deps: ServerContext, campaignId: string, actor: Actor) {
  await deps.db.transaction(async (tx) => {
    const [campaign] = await queryParsed(
      tx,
      z.object({ title: column.text, under_review: column.boolean }),
      sql`select title, coalesce(review_until > now(), false) as under_review from campaigns
          where id = ${campaignId} for no key update`,
    );
    if (!campaign) throw new DomainError("not_found", "Campaign not found");
    if (!campaign.under_review) throw new DomainError("conflict", "This campaign's results are not under review");
    await tx.execute(sql`update campaigns set review_until = now(), updated_at = now() where id = ${campaignId}`);
    await recordAdminAction(tx, actor, {
      action: "release",
      subjectType: "campaign",
      subjectId: campaignId,
      summary: `Released the results of "${campaign.title}" after review`,
    });
  });
  await announceResult(deps, campaignId);
  return { ok: true as const };
}
