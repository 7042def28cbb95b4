import { sql } from "drizzle-orm";
import { z } from "zod";
import type { CampaignRiskView, FraudReplay } from "../../core/api/admin.js";
import { campaignStatuses, clickReason, clickVerdict } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { DomainError } from "../errors.js";
import { divergenceView } from "./divergence.js";
import { listedHostingAsns, networkDataSources } from "./network-classes.js";
import { campaignRisks } from "./promoter-risk.js";
import { fraudRules } from "./rules.js";

/**
 * A campaign's promoters by risk under the current rules (PRODUCT.md Fraud engine), as the admin console shows them:
 * live while it runs, and the same figures a winner was judged by at its end.
 */
export async function campaignRiskView(db: Database, campaignId: string): Promise<CampaignRiskView> {
  const [campaign] = await queryParsed(
    db,
    z.object({ id: column.text }),
    sql`select id from campaigns where id = ${campaignId}`,
  );
  if (!campaign) throw new DomainError("not_found", "Campaign not found");
  const risks = await campaignRisks(db, campaignId);
  return {
    rules_version: fraudRules.version,
    threshold: fraudRules.risk.threshold,
    min_clicks: fraudRules.risk.minClicks,
    network_data: [...networkDataSources],
    promoters: risks.map(({ link, risk }) => ({
      promoter_id: link.promoterId,
      handle: link.handle,
      link_id: link.linkId,
      counted: link.counted,
      challenged: link.challenged,
      score: risk.score,
      risky: risk.risky,
      reasons: risk.reasons,
    })),
  };
}

const hostingSet = new Set(listedHostingAsns);

/** One stored click as the replay reads it: what the current rules look at. */
export type ReplayClick = {
  linkId: string;
  handle: string;
  verdict: string;
  ts: Date;
  network: string | null;
  asn: number | null;
  rulesVersion: number | null;
  /** Its reason codes: a visit whose check was solved stays counted, whatever would challenge it now. */
  reasons: readonly string[];
};

/**
 * The verdict the current network rules give each stored counted click, in the order they arrived (pure): a click from
 * a data centre's or a VPN's network does not count (`hosting`), and one from a network that already gave its link
 * `networkLimit` counted clicks within the rules' window is challenged. A challenged visit counts only once solved, which a stored click that was
 * never challenged cannot tell, so the replay reports it as challenged: the most the rules would take away. A click
 * that did solve its check stays counted.
 */
export function replayVerdicts(clicks: readonly ReplayClick[], networkLimit: number) {
  const counted = new Map<string, number[]>();
  return clicks.map((click) => {
    if (click.verdict !== clickVerdict.counted) return { click, verdict: click.verdict, rule: null };
    const solved = click.reasons.includes(clickReason.challenge_solved);
    // A data centre's or a VPN's visit never counts toward a prize, solved or not.
    if (click.asn !== null && hostingSet.has(click.asn)) {
      return { click, verdict: clickVerdict.hosting, rule: "data centre or VPN network" };
    }
    if (click.network === null) return { click, verdict: click.verdict, rule: null };
    const key = `${click.linkId} ${click.network}`;
    const since = click.ts.getTime() - fraudRules.networkWindowMs;
    const recent = (counted.get(key) ?? []).filter((time) => time > since);
    if (!solved && recent.length >= networkLimit) {
      counted.set(key, recent);
      return { click, verdict: clickVerdict.challenged, rule: `over ${networkLimit} counted clicks from one network` };
    }
    counted.set(key, [...recent, click.ts.getTime()]);
    return { click, verdict: click.verdict, rule: null };
  });
}

/** The promoters with the most counted clicks: the winners before exclusions (a tie shares the prize). */
function leaders(counts: ReadonlyMap<string, number>) {
  const top = Math.max(0, ...counts.values());
  return top === 0
    ? []
    : [...counts]
        .filter(([, clicks]) => clicks === top)
        .map(([handle]) => handle)
        .sort();
}

const clickRow = z.object({
  link_id: column.text,
  handle: column.text,
  verdict: column.text,
  ts: column.timestamp,
  network: column.textOrNull,
  asn: column.numberOrNull,
  rules_version: column.numberOrNull,
  reasons: z.array(z.string()).nullable(),
});

/**
 * Runs the current rules over a campaign's stored clicks and reports what would change (PRODUCT.md Fraud engine):
 * verdicts, counted clicks and risk per promoter, and whether the leaders would differ. Reads only.
 */
export async function replayCampaign(
  db: Database,
  campaignId: string,
  options: { networkLimit: number },
): Promise<FraudReplay> {
  const [campaign] = await queryParsed(
    db,
    z.object({ id: column.text, title: column.text, status: column.oneOf(campaignStatuses) }),
    sql`select id, title, status from campaigns where id = ${campaignId}`,
  );
  if (!campaign) throw new DomainError("not_found", "Campaign not found");
  const rows = await queryParsed(
    db,
    clickRow,
    sql`select e.tracking_link_id as link_id, p.handle, e.verdict, e.ts, e.network, e.asn, e.rules_version, e.reasons
        from click_events e join promoters p on p.id = e.promoter_id
        where e.campaign_id = ${campaignId} order by e.ts, e.id`,
  );
  const replayed = replayVerdicts(
    rows.map((row) => ({
      linkId: row.link_id,
      handle: row.handle,
      verdict: row.verdict,
      ts: row.ts,
      network: row.network,
      asn: row.asn,
      rulesVersion: row.rules_version,
      reasons: row.reasons ?? [],
    })),
    options.networkLimit,
  );
  const versions = new Map<number | null, number>();
  const changes = new Map<string, FraudReplay["changes"][number]>();
  const before = new Map<string, number>();
  const after = new Map<string, number>();
  for (const { click, verdict, rule } of replayed) {
    versions.set(click.rulesVersion, (versions.get(click.rulesVersion) ?? 0) + 1);
    if (click.verdict === clickVerdict.counted) before.set(click.handle, (before.get(click.handle) ?? 0) + 1);
    if (verdict === clickVerdict.counted) after.set(click.handle, (after.get(click.handle) ?? 0) + 1);
    if (rule === null) continue;
    const key = `${click.handle} ${rule}`;
    const change = changes.get(key) ?? {
      handle: click.handle,
      from: clickVerdict.counted,
      to: clickVerdict.challenged,
      rule,
      clicks: 0,
    };
    changes.set(key, { ...change, clicks: change.clicks + 1 });
  }
  const risks = await campaignRisks(db, campaignId);
  const leadersBefore = leaders(before);
  const leadersAfter = leaders(after);
  return {
    campaign,
    rules_version: fraudRules.version,
    network_limit: options.networkLimit,
    clicks_by_version: [...versions]
      .map(([version, clicks]) => ({ version, clicks }))
      .sort((a, b) => (a.version ?? 0) - (b.version ?? 0)),
    changes: [...changes.values()].sort((a, b) => b.clicks - a.clicks),
    promoters: risks.map(({ link, risk, divergence }) => ({
      handle: link.handle,
      counted_before: before.get(link.handle) ?? 0,
      counted_after: after.get(link.handle) ?? 0,
      score: risk.score,
      risky: risk.risky,
      reasons: risk.reasons,
      divergence: divergenceView(divergence),
    })),
    leaders_before: leadersBefore,
    leaders_after: leadersAfter,
    leaders_change: leadersBefore.join(" ") !== leadersAfter.join(" "),
  };
}

const shares = (distribution: ReadonlyArray<{ value: string; share: number }>) =>
  distribution.map((entry) => `${Math.round(entry.share * 100)} % ${entry.value}`).join(", ");
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
const handles = (list: readonly string[]) =>
  list.length === 0 ? "nobody" : list.map((handle) => `@${handle}`).join(", ");

/** The replay as `npm run fraud:replay` prints it. */
export function formatReplay(report: FraudReplay): string {
  const lines = [
    `Replay of "${report.campaign.title}" (${report.campaign.status}) under the fraud rules version ${report.rules_version} (network limit ${report.network_limit}); nothing was written.`,
    `Stored clicks: ${report.clicks_by_version
      .map(
        (entry) =>
          `${entry.clicks} decided by ${entry.version === null ? "rules before versions" : `version ${entry.version}`}`,
      )
      .join(", ")}.`,
    "",
    "Verdict changes:",
    ...(report.changes.length === 0
      ? ["  none"]
      : report.changes.map(
          (change) =>
            `  @${change.handle}: ${plural(change.clicks, "click")} ${change.from} -> ${change.to} (${change.rule})`,
        )),
    "",
    "Promoters (counted clicks stored -> under the current rules; risk of 100):",
    ...report.promoters.map(
      (promoter) =>
        `  @${promoter.handle}: ${promoter.counted_before} -> ${promoter.counted_after}; risk ${promoter.score}${promoter.risky ? " (over the threshold: a winner would be held)" : ""}` +
        promoter.reasons.map((reason) => `\n    ${reason.code} (+${reason.points}): ${reason.evidence}`).join("") +
        (promoter.divergence?.dimensions ?? [])
          .map(
            (dimension) =>
              `\n      ${dimension.dimension}, apart by ${Math.round(dimension.distance * 100)} %: this link ${shares(dimension.link)}; ${promoter.divergence?.pool === "campaign" ? "the campaign's other links" : "the campaign's other links and the platform"} ${shares(dimension.pool)}`,
          )
          .join(""),
    ),
    "",
    `Leaders as stored: ${handles(report.leaders_before)}.`,
    `Leaders under the current rules: ${handles(report.leaders_after)}${report.leaders_change ? " (the winner would change)" : " (no change)"}.`,
  ];
  return lines.join("\n");
}
