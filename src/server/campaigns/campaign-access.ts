import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { campaigns } from "../db/schema.js";
import { DomainError } from "../errors.js";
import { assertCampaignId } from "../ids.js";

export type CampaignRow = typeof campaigns.$inferSelect;

/** The campaign, only when the user created it: 'Campaign not found or access denied' otherwise. */
export async function findOwnCampaign(
  db: Database,
  userId: string,
  campaignId: string | undefined,
): Promise<CampaignRow> {
  const id = assertCampaignId(campaignId);
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.createdBy, userId)))
    .limit(1);
  if (!row) throw new DomainError("not_found", "Campaign not found or access denied");
  return row;
}
