import { sql } from "drizzle-orm";
import { z } from "zod";
import { formatCents } from "../../core/money.js";
import { type ExclusionReason, exclusionReason, type PassOnGround } from "../../core/vocabulary.js";
import { type Actor, recordAdminAction } from "../audit/record-audit.js";
import type { ServerContext } from "../context/server-context.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { DomainError } from "../errors.js";
import { eligibleLeaders } from "./campaign-results.js";
import type { Candidate } from "./candidates.js";
import { awardCandidates } from "./candidates.js";
import { winnerMail } from "./payout-mail.js";
import { processRefund, recordRefund } from "./refunds.js";
import { passedOverMail } from "./verification-mail.js";

/**
 * Passing a candidate over (PRODUCT.md Winner verification): an admin's Pass On, with a reason, or a verification that
 * found they no longer qualify. The decision is recorded for the board and shown to them, their open flags are closed
 * by it, and their prize goes to the next eligible promoters (a tie splits it), who become candidates waiting for
 * approval and verification in turn; with nobody left, it goes back to the artist. Pass On for fraud also skips every
 * account linked to the one passed over (campaign-results.ts).
 */

export const passOnMessages = {
  unpaidOnly: "Only an unpaid prize can be passed on",
  nobodyElse: "Nobody else can win this campaign, and its prize has already been refunded once",
  reasonNeeded: "Give a reason for passing the prize on",
} as const;

const passedPayout = z.object({
  id: column.text,
  campaign_id: column.text,
  promoter_id: column.text,
  amount_cents: column.number,
  handle: column.text,
  email: column.text,
  title: column.text,
  artist_name: column.text,
});

const contactRow = z.object({ email: column.text, email_verified: column.boolean });

export type PassedOver = {
  campaignId: string;
  refundId: string | null;
  candidates: Candidate[];
  handle: string;
  amountCents: number;
};

/**
 * Inside the caller's transaction: passes the unpaid payout `payoutId` over for `reason` (`note`: why, in words the
 * promoter reads) to the next eligible promoters, and tells everyone concerned. `decidedBy`: the admin, or none when a
 * verification decided it.
 */
export async function passOver(
  deps: ServerContext,
  tx: Database,
  input: { payoutId: string; reason: ExclusionReason; note: string; decidedBy: Actor | null },
): Promise<PassedOver> {
  // The campaign first, as results and click batches lock it: one lock order.
  const [found] = await queryParsed(
    tx,
    z.object({ id: column.text }),
    sql`select c.id from campaigns c join payouts po on po.campaign_id = c.id where po.id = ${input.payoutId}
        for update of c`,
  );
  if (!found) throw new DomainError("not_found", "Payout not found");
  const [passed] = await queryParsed(
    tx,
    passedPayout,
    sql`select po.id, po.campaign_id, po.promoter_id, po.amount_cents, p.handle, u.email, c.title, c.artist_name
        from payouts po join promoters p on p.id = po.promoter_id join "user" u on u.id = p.auth_user_id
        join campaigns c on c.id = po.campaign_id
        where po.id = ${input.payoutId} and po.status in ('pending', 'failed')
        for update of po`,
  );
  if (!passed) throw new DomainError("conflict", passOnMessages.unpaidOnly);
  await tx.execute(
    sql`insert into result_exclusions (campaign_id, promoter_id, reason, note, decided_by)
        values (${passed.campaign_id}, ${passed.promoter_id}, ${input.reason}, ${input.note}, ${input.decidedBy?.id ?? null})
        on conflict (campaign_id, promoter_id) do update
          set reason = excluded.reason, note = excluded.note, decided_by = excluded.decided_by, decided_at = now()`,
  );
  await tx.execute(
    sql`update suspicious_activity s set status = 'actioned', resolved_at = now(),
          resolved_by = ${input.decidedBy?.id ?? null}, resolution = ${`Passed over: ${input.note}`}
        from tracking_links tl
        where tl.campaign_id = ${passed.campaign_id} and tl.promoter_id = ${passed.promoter_id}
          and s.tracking_link_id = tl.id and s.status = 'open'`,
  );
  await tx.execute(sql`delete from payouts where id = ${input.payoutId}`);
  const leaders = await eligibleLeaders(tx, passed.campaign_id, true);
  let refundId: string | null = null;
  if (leaders.length === 0) {
    refundId = await recordRefund(tx, {
      campaignId: passed.campaign_id,
      reason: "no_winner",
      amountCents: passed.amount_cents,
    });
    if (!refundId) throw new DomainError("conflict", passOnMessages.nobodyElse);
  }
  const candidates = await awardCandidates(tx, passed.campaign_id, leaders, passed.amount_cents);
  await tellCandidates(
    deps,
    tx,
    { id: passed.campaign_id, title: passed.title, artistName: passed.artist_name },
    candidates,
    "passed_on",
  );
  await deps.mailer.send(
    await passedOverMail({ to: passed.email, title: passed.title, why: input.note, publicUrl: deps.publicUrl }),
    tx,
  );
  await tx.execute(
    sql`update campaigns set status = 'completed', updated_at = now()
        where id = ${passed.campaign_id} and status = 'ended'
          and not exists (select 1 from payouts where campaign_id = ${passed.campaign_id} and status <> 'paid')`,
  );
  return {
    campaignId: passed.campaign_id,
    refundId,
    candidates,
    handle: passed.handle,
    amountCents: passed.amount_cents,
  };
}

/** Tells promoters who became candidates after the result was announced (a pass on, a recount) that they won. */
export async function tellCandidates(
  deps: ServerContext,
  tx: Database,
  campaign: { id: string; title: string; artistName: string },
  candidates: readonly Candidate[],
  after: "passed_on" | "recounted",
) {
  for (const candidate of candidates) {
    const [contact] = await queryParsed(
      tx,
      contactRow,
      sql`select u.email, u.email_verified from promoters p join "user" u on u.id = p.auth_user_id
          where p.id = ${candidate.promoterId}`,
    );
    if (!contact) continue;
    await deps.mailer.send(
      await winnerMail({
        to: contact.email,
        title: campaign.title,
        artistName: campaign.artistName,
        share: candidate,
        winnerCount: candidates.length,
        publicUrl: deps.publicUrl,
        emailVerified: contact.email_verified,
        after,
      }),
      tx,
    );
  }
}

const exclusionOf: Record<PassOnGround, ExclusionReason> = {
  fraud: exclusionReason.disqualified,
  ineligible: exclusionReason.passed_over,
};

/** An admin's Pass On: one transaction with its audit row; the refund, if nobody is left, is sent after it commits. */
export async function passOnPrize(
  deps: ServerContext,
  payoutId: string,
  actor: Actor,
  decision: { grounds: PassOnGround; reason: string },
) {
  const outcome = await deps.db.transaction(async (tx) => {
    const passed = await passOver(deps, tx, {
      payoutId,
      reason: exclusionOf[decision.grounds],
      note: decision.reason,
      decidedBy: actor,
    });
    const to =
      passed.candidates.length === 0 ? "its artist" : passed.candidates.map((winner) => `@${winner.handle}`).join(", ");
    await recordAdminAction(tx, actor, {
      action: "pass_on",
      subjectType: "payout",
      subjectId: payoutId,
      summary: `Passed the ${formatCents(passed.amountCents)} of @${passed.handle} on to ${to} (${decision.grounds}): ${decision.reason}`,
    });
    return passed;
  });
  if (outcome.refundId) await processRefund(deps, outcome.refundId);
  return {
    ok: true as const,
    winners: outcome.candidates.map((winner) => winner.handle),
    campaignId: outcome.campaignId,
  };
}
