import { createHash } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { OfficialRulesView } from "../../core/api/campaigns.js";
import {
  type CurrentRulesSettings,
  OFFICIAL_RULES_VERSION,
  officialRulesSections,
  type RulesSection,
} from "../../core/official-rules.js";
import type { Database } from "../db/client.js";
import { campaignRules, campaigns } from "../db/schema.js";
import { DomainError } from "../errors.js";
import { fraudRules } from "../fraud/rules.js";

export const officialRulesMessages = {
  notLaunched: "A campaign's official rules are published when it launches",
} as const;

/** The settings of this server that a campaign's rules freeze at launch. */
export type RulesDeps = {
  reviewHours: number;
  networkClickLimit: number;
  payoutCountries: readonly string[];
  prizeReportingThresholdCents: number;
};

export type OfficialRules = typeof campaignRules.$inferSelect;

/** SHA-256 of the template's version and the text, in hex: what a promoter's join records. */
export const officialRulesHash = (version: number, sections: readonly RulesSection[]) =>
  createHash("sha256").update(JSON.stringify({ version, sections })).digest("hex");

export async function officialRulesOf(db: Database, campaignId: string): Promise<OfficialRules | null> {
  const [rules] = await db.select().from(campaignRules).where(eq(campaignRules.campaignId, campaignId));
  return rules ?? null;
}

/**
 * Generates a launched campaign's official rules from its settings and this server's, and stores them unless they were
 * stored already (the first freeze wins, so a campaign's rules never change). Returns the stored rules; none for a
 * campaign that never launched.
 */
export async function freezeOfficialRules(
  db: Database,
  campaignId: string,
  deps: RulesDeps,
): Promise<OfficialRules | null> {
  const [campaign] = await db
    .select({
      title: campaigns.title,
      artistName: campaigns.artistName,
      prizeCents: campaigns.prizeCents,
      publishedAt: campaigns.publishedAt,
      endsAt: campaigns.endsAt,
      allowedCountries: campaigns.allowedCountries,
    })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  if (!campaign?.publishedAt || !campaign.endsAt) return null;
  const allowedCountries = campaign.allowedCountries ?? [...deps.payoutCountries];
  const settings: CurrentRulesSettings = {
    title: campaign.title,
    artistName: campaign.artistName,
    prizeCents: campaign.prizeCents,
    startsAt: campaign.publishedAt.toISOString(),
    endsAt: campaign.endsAt.toISOString(),
    reviewHours: deps.reviewHours,
    clickRulesVersion: fraudRules.version,
    networkClickLimit: deps.networkClickLimit,
    challengeBurst: fraudRules.challengeBurst,
    rateLimitPerMinute: fraudRules.rateLimit.max,
    allowedCountries,
    taxThresholdCents: deps.prizeReportingThresholdCents,
  };
  const sections = officialRulesSections(settings);
  const frozen = await db
    .insert(campaignRules)
    .values({
      campaignId,
      version: OFFICIAL_RULES_VERSION,
      hash: officialRulesHash(OFFICIAL_RULES_VERSION, sections),
      settings,
      sections,
    })
    .onConflictDoNothing()
    .returning({ campaignId: campaignRules.campaignId });
  // The countries the rules state are those joins are checked against from now on.
  if (frozen.length > 0 && !campaign.allowedCountries) {
    await db.update(campaigns).set({ allowedCountries }).where(eq(campaigns.id, campaignId));
  }
  return officialRulesOf(db, campaignId);
}

/**
 * A launched campaign's official rules as its page shows them: as stored, or frozen now for a campaign that launched
 * before rules were kept. "Not found" for a campaign that never launched.
 */
export async function publishedOfficialRules(
  db: Database,
  campaignId: string,
  deps: RulesDeps,
): Promise<OfficialRulesView> {
  const rules = (await officialRulesOf(db, campaignId)) ?? (await freezeOfficialRules(db, campaignId, deps));
  if (!rules) throw new DomainError("not_found", officialRulesMessages.notLaunched);
  return {
    campaign_id: rules.campaignId,
    version: rules.version,
    hash: rules.hash,
    frozen_at: rules.frozenAt.toISOString(),
    settings: rules.settings,
    sections: rules.sections,
  };
}

/**
 * Freezes the rules of launched campaigns that have none: those launched before rules were kept, or by an instance
 * that had not yet been upgraded (a job, at start-up and then every few minutes).
 */
export async function freezeMissingOfficialRules(db: Database, deps: RulesDeps): Promise<number> {
  const missing = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        isNotNull(campaigns.publishedAt),
        sql`not exists (select 1 from ${campaignRules} r where r.campaign_id = ${campaigns.id})`,
      ),
    );
  for (const { id } of missing) await freezeOfficialRules(db, id, deps);
  return missing.length;
}
