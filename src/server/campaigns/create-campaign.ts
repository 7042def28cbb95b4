import type { CreateCampaignInput } from "../../core/campaign-rules.js";
import { platformFeeCents } from "../../core/money.js";
import { campaignStatus } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { campaigns } from "../db/schema.js";

/** Creates an unpaid draft: only a confirmed payment makes it live (PRODUCT.md lifecycle). */
export async function createDraftCampaign(db: Database, artistUserId: string, input: CreateCampaignInput) {
  const [created] = await db
    .insert(campaigns)
    .values({
      title: input.title,
      artistName: input.artist_name,
      songLink: input.song_link,
      genre: input.genre,
      description: input.description,
      artworkKey: input.artwork_key ?? null,
      allowedCountries: input.allowed_countries ?? null,
      prizeCents: input.prize_cents,
      platformFeeCents: platformFeeCents(input.prize_cents),
      durationDays: input.duration_days,
      createdBy: artistUserId,
      status: campaignStatus.draft,
      isPublic: true,
    })
    .returning();
  if (!created) throw new Error("campaign insert returned nothing");
  return created;
}
