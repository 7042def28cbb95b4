import { randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { countOf, formatCents } from "../../core/money.js";
import { campaignStatus } from "../../core/vocabulary.js";
import { assertEligibleToJoin, stateEligibility } from "../accounts/eligibility.js";
import { ensurePromoterProfile } from "../accounts/promoter-profile.js";
import type { Database } from "../db/client.js";
import { campaignRules, campaigns, trackingLinks } from "../db/schema.js";
import { DomainError } from "../errors.js";
import { assertCampaignId } from "../ids.js";
import { recordUserNotification } from "../mail/bell.js";
import { enqueueWebhookEvent } from "../webhooks/webhook-outbox.js";

export const SHORT_CODE_LENGTH = 9;
export const SHORT_CODE_ATTEMPTS = 5;
const CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function randomShortCode(): string {
  return Array.from({ length: SHORT_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
}

export type TrackingLink = typeof trackingLinks.$inferSelect;

export type JoinOptions = {
  /** The countries a campaign without its own list is open to (PAYOUT_COUNTRIES). */
  payoutCountries: readonly string[];
  /** The promoter's eligibility, stated with their first join (the join dialog) and recorded first. */
  eligibility?: { country: string; state: string | null } | undefined;
  generateCode?: () => string;
};

/**
 * Joins a campaign: creates the promoter profile when missing, then the tracking link, and tells the artist in their
 * bell. Joining again returns the same link. Only live public campaigns can be joined, never by their own artist, and
 * only by a promoter who stated their eligibility and lives in a country the campaign is open to.
 */
export async function joinCampaign(
  db: Database,
  userId: string,
  campaignId: string | undefined,
  options: JoinOptions,
): Promise<{ link: TrackingLink; created: boolean }> {
  const id = assertCampaignId(campaignId);
  if (options.eligibility) await stateEligibility(db, userId, options.eligibility);
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1);
  const timerRunning = campaign?.endsAt && campaign.endsAt.getTime() > Date.now();
  if (campaign?.status !== campaignStatus.active || !campaign.isPublic || !timerRunning) {
    throw new DomainError("not_found", "Campaign is not available");
  }
  if (campaign.createdBy === userId) {
    throw new DomainError("forbidden", "Artists cannot join or promote their own campaign");
  }
  await assertEligibleToJoin(db, userId, campaign.allowedCountries ?? options.payoutCountries);
  const promoter = await ensurePromoterProfile(db, userId);
  const findLink = async () => {
    const [link] = await db
      .select()
      .from(trackingLinks)
      .where(and(eq(trackingLinks.campaignId, id), eq(trackingLinks.promoterId, promoter.id)))
      .limit(1);
    return link;
  };
  const existing = await findLink();
  if (existing) return { link: existing, created: false };

  const generateCode = options.generateCode ?? randomShortCode;
  for (let attempt = 0; attempt < SHORT_CODE_ATTEMPTS; attempt++) {
    const created = await db.transaction(async (tx) => {
      const [link] = await tx
        .insert(trackingLinks)
        .values({
          campaignId: id,
          promoterId: promoter.id,
          shortCode: generateCode(),
          // Joining accepts the campaign's official rules as they were frozen at launch.
          rulesHash: sql`(select hash from ${campaignRules} where campaign_id = ${id})`,
        })
        .onConflictDoNothing()
        .returning();
      if (link) {
        const [counted] = await tx
          .update(campaigns)
          .set({ promoterCount: sql`${campaigns.promoterCount} + 1` })
          .where(eq(campaigns.id, id))
          .returning({ promoterCount: campaigns.promoterCount });
        // The artist hears of each join in the bell only: an email per join would be too many.
        await recordUserNotification(tx, campaign.createdBy, {
          title: `@${promoter.handle} joined "${campaign.title}"`,
          body: `Your campaign now has ${countOf(counted?.promoterCount ?? 1, "promoter")} competing for the ${formatCents(campaign.prizeCents)} prize.`,
          link: `/campaigns/${id}`,
        });
        await enqueueWebhookEvent(tx, campaign.createdBy, "campaign.joined", {
          campaign: { id, title: campaign.title },
          promoter: { handle: promoter.handle },
          promoter_count: counted?.promoterCount ?? 1,
        });
      }
      return link;
    });
    if (created) return { link: created, created: true };
    const raced = await findLink();
    if (raced) return { link: raced, created: false };
  }
  throw new DomainError("conflict", "Failed to generate unique short code after multiple attempts");
}
