import { createHmac } from "node:crypto";
import { createChallenge, extractParams, verifySolution } from "altcha-lib/v1";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { clickReason, clickVerdict } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { DomainError } from "../errors.js";
import { holdRollupMark, movedInRollup, rollupDimensions } from "./click-rollups.js";
import { type CountedAddresses, campaignAddressKey } from "./counted-addresses.js";
import type { TrackedLink } from "./link-lookup.js";

/**
 * The proof-of-work a suspicious address solves before its visit can count (PRODUCT.md Fraud review; SPEC.md section 9
 * captcha rule): ALTCHA's SHA-256 puzzle (altcha-lib), self-hosted. The challenge is signed with a key derived from
 * AUTH_SECRET and names the link and the address it was issued to, so it is good for that visit only.
 */

/** The browser tries up to this many hashes; on average half: well under a second on a phone. */
export const CHALLENGE_MAX_NUMBER = 50_000;
/** A challenge is good for ten minutes; its visit can be turned into a count within this window. */
export const CHALLENGE_TTL_MS = 10 * 60_000;

export const challengeMessages = {
  invalid: "The check did not pass, so this visit won't count. You can still listen to the song.",
  notLive: "This campaign isn't counting clicks right now, so this visit won't count.",
  nothingToVerify: "This visit has already been checked.",
} as const;

/** What the tracking page hands the browser: ALTCHA's challenge. */
export type ClickChallenge = {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
};

export type ChallengeOutcome = {
  verdict: typeof clickVerdict.counted | typeof clickVerdict.duplicate;
  /** The click the visit became: its confirmation is bound to it. */
  clickId: number;
  campaignId: string;
};

/** The live campaign's row, held while a solved challenge counts. */
const liveRow = z.object({ id: column.text });
const movedRow = z.object({
  id: column.number,
  verdict: z.enum([clickVerdict.counted, clickVerdict.duplicate]),
  promoter_id: column.text,
});

export function createClickChallenges(deps: {
  db: Database;
  authSecret: string;
  lookup: (shortCode: string) => Promise<TrackedLink | null>;
  countedAddresses: CountedAddresses;
}) {
  const hmacKey = createHmac("sha256", deps.authSecret).update("fanboost click challenge").digest("hex");

  /**
   * Turns the address's newest challenged visit on the link into a counted candidate, in one transaction that holds
   * the campaign row as click batches do: it counts unless the address already counted on the campaign (then it is a
   * duplicate), and the counters and the roll-up follow.
   */
  const countSolved = (link: TrackedLink, ipHash: string, issuedAfter: Date) =>
    deps.db.transaction(async (tx) => {
      const [live] = await queryParsed(
        tx,
        liveRow,
        sql`select id from campaigns
            where id = ${link.campaignId} and status = 'active' and is_public and ends_at > now()
            for no key update`,
      );
      if (!live) throw new DomainError("conflict", challengeMessages.notLive);
      const mark = await holdRollupMark(tx);
      const [moved] = await queryParsed(
        tx,
        movedRow,
        sql`with target as (
              select id from click_events
              where tracking_link_id = ${link.linkId} and ip_hash = ${ipHash} and verdict = 'challenged'
                and ts >= ${issuedAfter}
              order by id desc limit 1
            ), moved as (
              update click_events e
              set verdict = case when exists (
                  select 1 from click_events c
                  where c.campaign_id = e.campaign_id and c.ip_hash = e.ip_hash and c.verdict = 'counted'
                ) then 'duplicate' else 'counted' end,
                reasons = array_append(e.reasons, ${clickReason.challenge_solved})
              from target where e.id = target.id
              returning e.id, e.campaign_id, e.promoter_id, e.ts, ${rollupDimensions.country.value} as country,
                'challenged' as from_verdict, e.verdict as to_verdict
            ), ${movedInRollup(mark)}
            select id, to_verdict as verdict, promoter_id from moved`,
      );
      if (!moved) throw new DomainError("conflict", challengeMessages.nothingToVerify);
      if (moved.verdict === clickVerdict.counted) {
        await tx.execute(sql`update tracking_links set total_clicks = total_clicks + 1 where id = ${link.linkId}`);
        await tx.execute(sql`update campaigns set total_clicks = total_clicks + 1 where id = ${link.campaignId}`);
        await tx.execute(
          sql`update promoters set total_clicks_all_time = total_clicks_all_time + 1 where id = ${moved.promoter_id}`,
        );
      }
      return moved;
    });

  return {
    /** A challenge for this visit of `link` from the address `ipHash`. */
    issue(link: TrackedLink, ipHash: string, now = Date.now()): Promise<ClickChallenge> {
      return createChallenge({
        hmacKey,
        maxnumber: CHALLENGE_MAX_NUMBER,
        expires: new Date(now + CHALLENGE_TTL_MS),
        params: { link: link.linkId, address: ipHash },
      }) as Promise<ClickChallenge>;
    },

    /**
     * Checks a solved challenge sent back from the address `ipHash` for the link `shortCode`, then counts the visit
     * it was issued for (or finds it a duplicate). A solution for another link or address, a forged or expired one,
     * or one already used, counts nothing.
     */
    async solve(input: { shortCode: string; ipHash: string; payload: string }): Promise<ChallengeOutcome> {
      const link = await deps.lookup(input.shortCode);
      if (!link) throw new DomainError("not_found", "Tracking link not found");
      const valid = await verifySolution(input.payload, hmacKey, true).catch(() => false);
      const params = valid ? extractParams(input.payload) : {};
      if (!valid || params.link !== link.linkId || params.address !== input.ipHash) {
        throw new DomainError("validation", challengeMessages.invalid);
      }
      const issuedAfter = new Date(Number(params.expires) * 1000 - CHALLENGE_TTL_MS - 1000);
      const moved = await countSolved(link, input.ipHash, issuedAfter);
      deps.countedAddresses.add(campaignAddressKey(link.campaignId, input.ipHash));
      return { verdict: moved.verdict, clickId: moved.id, campaignId: link.campaignId };
    },
  };
}

export type ClickChallenges = ReturnType<typeof createClickChallenges>;
