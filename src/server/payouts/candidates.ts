import { sql } from "drizzle-orm";
import { z } from "zod";
import { splitPrize } from "../../core/money.js";
import { flagType, payoutHoldReason } from "../../core/vocabulary.js";
import { type AccountLink, linkedAccounts } from "../accounts/account-links.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { payouts } from "../db/schema.js";
import { holdFlaggedWinners } from "./flag-holds.js";
import type { WinnerShare } from "./payout-mail.js";

/**
 * A campaign's candidates (PRODUCT.md Winner verification): the promoters a result names, each with a pending payout
 * that no path pays until an admin approves the result for them and they have verified that they still qualify. Every
 * payout a result, a re-decision or a prize passed on creates is made here, so each goes through the same holds.
 */

export type Candidate = WinnerShare & { promoterId: string };

/** What each candidate's payout waits for from the start. */
const candidateHolds = [payoutHoldReason.approval, payoutHoldReason.verification];

const markLabels: Record<AccountLink["evidence"][number]["kind"], string> = {
  device: "the same browser",
  network: "the same network",
  email: "the same e-mail address",
  payout_account: "the same payout bank account",
  legal_name: "the same legal name",
};

/** What two linked accounts share, in words an admin reads (the values stay in the approval view). */
export function linkEvidence(link: AccountLink): string {
  return [...new Set(link.evidence.map((mark) => markLabels[mark.kind]))].join(", ");
}

const campaignPeople = z.object({ artist_id: column.text });
const promoterUser = z.object({
  promoter_id: column.text,
  user_id: column.text,
  handle: column.text,
  link_id: column.text,
});

/**
 * Flags each candidate whose account is linked to the campaign's artist (`linked_to_artist`) or to another promoter of
 * the campaign (`linked_promoter`), once per link while the flag is open: the flag holds their payout until an admin
 * has looked (flag-holds.ts).
 */
async function flagLinkedCandidates(tx: Database, campaignId: string, candidateIds: readonly string[]) {
  const [campaign] = await queryParsed(
    tx,
    campaignPeople,
    sql`select created_by as artist_id from campaigns where id = ${campaignId}`,
  );
  if (!campaign) return;
  const promoters = await queryParsed(
    tx,
    promoterUser,
    sql`select p.id as promoter_id, p.auth_user_id as user_id, p.handle, tl.id as link_id
        from tracking_links tl join promoters p on p.id = tl.promoter_id where tl.campaign_id = ${campaignId}`,
  );
  for (const candidate of promoters.filter((row) => candidateIds.includes(row.promoter_id))) {
    const links = await linkedAccounts(tx, candidate.user_id);
    const toArtist = links.find((link) => link.userId === campaign.artist_id);
    const toPromoters = links.flatMap((link) => {
      const other = promoters.find((row) => row.user_id === link.userId && row.promoter_id !== candidate.promoter_id);
      return other ? [{ link, handle: other.handle }] : [];
    });
    const flags = [
      ...(toArtist
        ? [
            {
              type: flagType.linked_to_artist,
              details: `@${candidate.handle}'s account is linked to the campaign's artist: ${linkEvidence(toArtist)}`,
            },
          ]
        : []),
      ...(toPromoters.length > 0
        ? [
            {
              type: flagType.linked_promoter,
              details: `@${candidate.handle}'s account is linked to another promoter of this campaign: ${toPromoters
                .map(({ link, handle }) => `@${handle} (${linkEvidence(link)})`)
                .join("; ")}`,
            },
          ]
        : []),
    ];
    for (const flag of flags) {
      await tx.execute(
        sql`insert into suspicious_activity (type, severity, details, campaign_id, tracking_link_id)
            select ${flag.type}, 'high', ${flag.details}, ${campaignId}, ${candidate.link_id}
            where not exists (select 1 from suspicious_activity s where s.tracking_link_id = ${candidate.link_id}
              and s.type = ${flag.type} and s.status = 'open')`,
      );
    }
  }
}

/**
 * Makes `leaders` (best first, as `eligibleLeaders` gives them) the candidates for `amountCents` of a campaign whose row
 * this transaction holds: a tie splits it, each gets a pending payout held for approval and verification, and the
 * fraud engine's and the linked accounts' flags hold theirs too.
 */
export async function awardCandidates(
  tx: Database,
  campaignId: string,
  leaders: ReadonlyArray<{ promoter_id: string; handle: string; clicks: number }>,
  amountCents: number,
): Promise<Candidate[]> {
  if (leaders.length === 0) return [];
  const parts = splitPrize(amountCents, leaders.length);
  const candidates = leaders.map((leader, index) => ({
    promoterId: leader.promoter_id,
    handle: leader.handle,
    clicks: leader.clicks,
    amountCents: parts[index] as number,
  }));
  await tx.insert(payouts).values(
    candidates.map((candidate) => ({
      campaignId,
      promoterId: candidate.promoterId,
      amountCents: candidate.amountCents,
      holdReasons: candidateHolds,
    })),
  );
  // A candidate who verified for this campaign before its result was decided again has nothing more to confirm.
  await tx.execute(
    sql`update payouts po set hold_reasons = array_remove(po.hold_reasons, 'verification')
        from winner_verifications v
        where po.campaign_id = ${campaignId} and v.campaign_id = po.campaign_id and v.promoter_id = po.promoter_id
          and v.problem is null and po.status = 'pending'`,
  );
  await flagLinkedCandidates(
    tx,
    campaignId,
    candidates.map((candidate) => candidate.promoterId),
  );
  await holdFlaggedWinners(tx, campaignId);
  return candidates;
}
