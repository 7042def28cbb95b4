import { sql } from "drizzle-orm";
import { z } from "zod";
import { formatCents } from "../../core/money.js";
import { approvalPath } from "../../core/routes.js";
import { resultApprovalMode } from "../../core/vocabulary.js";
import { linkedAccounts } from "../accounts/account-links.js";
import { type Actor, recordAdminAction } from "../audit/record-audit.js";
import type { ServerContext } from "../context/server-context.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { DomainError } from "../errors.js";
import { campaignRisks } from "../fraud/promoter-risk.js";
import { announceResult } from "./campaign-results.js";
import { releaseFlagHolds } from "./flag-holds.js";
import { reviewOver } from "./pay-payouts.js";
import { approvalDigestMail, approvalNeededMail, prizeApprovedMail } from "./verification-mail.js";

/**
 * Approval before money (PRODUCT.md Winner verification): when a result's review window ends, each candidate's payout
 * waits for an admin's approval (its `approval` hold); nothing pays it before. The admins are told when a result starts
 * waiting, and once a day while any waits. With `RESULT_APPROVAL=auto` the server approves by itself a candidate with no
 * risk reason, no linked account, no open flag and no verification problem, and tells the admins of the others.
 */

export const approvalMessages = {
  notWaiting: "This prize is not waiting for approval",
} as const;

/** A payout that waits for an admin's approval now: held for it, unpaid, its result's review over. */
const awaitingApproval = sql`'approval' = any (po.hold_reasons) and po.status in ('pending', 'failed') and ${reviewOver}`;

const DIGEST_KEY = "approval-digest";

/** What stands against approving a candidate by itself: each is evidence an admin must weigh. */
export async function candidateConcerns(db: Database, campaignId: string, promoterId: string) {
  const [candidate] = await queryParsed(
    db,
    z.object({
      link_id: column.text,
      user_id: column.text,
      open_flags: column.number,
      problem: column.textOrNull,
    }),
    sql`select tl.id as link_id, p.auth_user_id as user_id,
          (select count(*) from suspicious_activity s where s.tracking_link_id = tl.id and s.status = 'open') as open_flags,
          (select v.problem from winner_verifications v where v.campaign_id = tl.campaign_id and v.promoter_id = p.id)
            as problem
        from tracking_links tl join promoters p on p.id = tl.promoter_id
        where tl.campaign_id = ${campaignId} and tl.promoter_id = ${promoterId}`,
  );
  if (!candidate) return null;
  const assessed = (await campaignRisks(db, campaignId)).find(({ link }) => link.linkId === candidate.link_id);
  return {
    riskReasons: assessed?.risk.reasons ?? [],
    links: await linkedAccounts(db, candidate.user_id),
    openFlags: candidate.open_flags,
    verificationProblem: candidate.problem,
  };
}

const isClean = (concerns: Awaited<ReturnType<typeof candidateConcerns>>) =>
  concerns !== null &&
  concerns.riskReasons.length === 0 &&
  concerns.links.length === 0 &&
  concerns.openFlags === 0 &&
  concerns.verificationProblem === null;

const claimedRow = z.object({
  id: column.text,
  campaign_id: column.text,
  promoter_id: column.text,
  amount_cents: column.number,
  handle: column.text,
  clicks: column.number,
  title: column.text,
});

const adminEmails = (tx: Database) =>
  queryParsed(
    tx,
    z.object({ email: column.text }),
    sql`select u.email from admins a join "user" u on u.id = a.auth_user_id
        where u.banned_at is null and u.deleted_at is null order by u.email`,
  );

/** Removes the approval hold, records who approved (none: the server's automatic approval), tells the winner. */
async function approveInside(deps: ServerContext, tx: Database, payoutId: string, actor: Actor | null) {
  const [approved] = await queryParsed(
    tx,
    z.object({ amount_cents: column.number, verified: column.boolean, email: column.text, title: column.text }),
    sql`update payouts po set hold_reasons = array_remove(po.hold_reasons, 'approval'), approved_at = now(),
          approved_by = ${actor?.id ?? null}, updated_at = now()
        from promoters p, "user" u, campaigns c
        where po.id = ${payoutId} and p.id = po.promoter_id and u.id = p.auth_user_id and c.id = po.campaign_id
          and 'approval' = any (po.hold_reasons) and po.status in ('pending', 'failed')
        returning po.amount_cents, not ('verification' = any (po.hold_reasons)) as verified, u.email, c.title`,
  );
  if (!approved) throw new DomainError("conflict", approvalMessages.notWaiting);
  await deps.mailer.send(
    await prizeApprovedMail({
      to: approved.email,
      title: approved.title,
      amountCents: approved.amount_cents,
      verified: approved.verified,
      publicUrl: deps.publicUrl,
    }),
    tx,
  );
  return approved;
}

/**
 * The scheduler's job: claims the candidates whose wait for approval has just begun (once each, whatever the number of
 * instances), approves the clean ones when approval is automatic, and tells the admins of the others in the same
 * transaction (an email and a bell notice per result). How many were claimed.
 */
export async function requestApprovals(deps: ServerContext): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const claimed = await queryParsed(
      tx,
      claimedRow,
      sql`with due as (
            select po.id from payouts po
            where ${awaitingApproval} and po.approval_requested_at is null
            order by po.created_at limit 100
            for update of po skip locked
          )
          update payouts po set approval_requested_at = now()
          from due, promoters p, tracking_links tl, campaigns c
          where po.id = due.id and p.id = po.promoter_id and c.id = po.campaign_id
            and tl.campaign_id = po.campaign_id and tl.promoter_id = po.promoter_id
          returning po.id, po.campaign_id, po.promoter_id, po.amount_cents, p.handle, tl.total_clicks as clicks, c.title`,
    );
    const waiting: typeof claimed = [];
    for (const candidate of claimed) {
      const automatic =
        deps.resultApproval === resultApprovalMode.auto &&
        isClean(await candidateConcerns(tx, candidate.campaign_id, candidate.promoter_id));
      if (automatic) await approveInside(deps, tx, candidate.id, null);
      else waiting.push(candidate);
    }
    if (waiting.length === 0) return claimed.length;
    const admins = await adminEmails(tx);
    for (const campaignId of new Set(waiting.map((candidate) => candidate.campaign_id))) {
      const ofCampaign = waiting.filter((candidate) => candidate.campaign_id === campaignId);
      for (const admin of admins) {
        await deps.mailer.send(
          await approvalNeededMail({
            to: admin.email,
            title: ofCampaign[0]?.title ?? "",
            candidates: ofCampaign.map((candidate) => ({
              handle: candidate.handle,
              clicks: candidate.clicks,
              amountCents: candidate.amount_cents,
            })),
            approvalUrl: `${deps.publicUrl}${approvalPath(campaignId)}`,
          }),
          tx,
        );
      }
    }
    // The daily digest counts from the first result that waited.
    await tx.execute(
      sql`insert into periodic_claims (key, claimed_at) values (${DIGEST_KEY}, now()) on conflict (key) do nothing`,
    );
    return claimed.length;
  });
}

const waitingRow = z.object({ campaign_id: column.text, title: column.text, since: column.timestamp });

/** Every result waiting for approval, oldest wait first: since when each has waited. */
const waitingResults = (db: Database) =>
  queryParsed(
    db,
    waitingRow,
    sql`select po.campaign_id, c.title, min(greatest(po.created_at, coalesce(c.review_until, po.created_at))) as since
        from payouts po join campaigns c on c.id = po.campaign_id
        where ${awaitingApproval}
        group by po.campaign_id, c.title order by 3, 1`,
  );

/**
 * The scheduler's job: while any result waits for approval, the admins get one digest a day of what waits and for how
 * long, claimed by a conditional update so one instance sends it. Whether it was sent.
 */
export async function sendApprovalDigest(deps: ServerContext): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const waiting = await waitingResults(tx);
    if (waiting.length === 0) return false;
    const [claimed] = await queryParsed(
      tx,
      z.object({ key: column.text }),
      sql`insert into periodic_claims (key, claimed_at) values (${DIGEST_KEY}, now())
          on conflict (key) do update set claimed_at = now()
            where periodic_claims.claimed_at <= now() - interval '1 day'
          returning key`,
    );
    if (!claimed) return false;
    const now = Date.now();
    for (const admin of await adminEmails(tx)) {
      await deps.mailer.send(
        await approvalDigestMail({
          to: admin.email,
          waiting: waiting.map((result) => ({
            title: result.title,
            hours: (now - result.since.getTime()) / 3_600_000,
          })),
          queueUrl: `${deps.publicUrl}/admin?tab=approvals`,
        }),
        tx,
      );
    }
    return true;
  });
}

/** The console's queue: each result waiting for approval with its candidates, the longest wait first. */
export async function approvalQueue(db: Database) {
  const waiting = await waitingResults(db);
  const candidates = await queryParsed(
    db,
    z.object({
      campaign_id: column.text,
      payout_id: column.text,
      handle: column.text,
      clicks: column.number,
      amount_cents: column.number,
      verified: column.boolean,
      open_flags: column.number,
    }),
    sql`select po.campaign_id, po.id as payout_id, p.handle, tl.total_clicks as clicks, po.amount_cents,
          not ('verification' = any (po.hold_reasons)) as verified,
          (select count(*) from suspicious_activity s where s.tracking_link_id = tl.id and s.status = 'open') as open_flags
        from payouts po join promoters p on p.id = po.promoter_id
        join tracking_links tl on tl.campaign_id = po.campaign_id and tl.promoter_id = po.promoter_id
        where ${awaitingApproval}
        order by tl.created_at, po.id`,
  );
  return waiting.map((result) => ({
    campaign_id: result.campaign_id,
    title: result.title,
    waiting_since: result.since.toISOString(),
    candidates: candidates
      .filter((candidate) => candidate.campaign_id === result.campaign_id)
      .map(({ campaign_id: _campaign, ...candidate }) => candidate),
  }));
}

/**
 * An admin approves the result for one candidate, with the evidence in front of them: the payout loses its approval
 * hold (it is paid once the winner has verified), the open flags about the candidate's link are dismissed by the
 * decision, and a result still under review is released by it. One transaction with its audit row.
 */
export async function approveCandidate(deps: ServerContext, payoutId: string, actor: Actor) {
  const campaignId = await deps.db.transaction(async (tx) => {
    const [candidate] = await queryParsed(
      tx,
      z.object({ campaign_id: column.text, link_id: column.text, handle: column.text, title: column.text }),
      sql`select po.campaign_id, tl.id as link_id, p.handle, c.title
          from payouts po join campaigns c on c.id = po.campaign_id join promoters p on p.id = po.promoter_id
          join tracking_links tl on tl.campaign_id = po.campaign_id and tl.promoter_id = po.promoter_id
          where po.id = ${payoutId}
          for no key update of c`,
    );
    if (!candidate) throw new DomainError("not_found", "Payout not found");
    await tx.execute(
      sql`update campaigns set review_until = now(), updated_at = now()
          where id = ${candidate.campaign_id} and review_until > now()`,
    );
    const approved = await approveInside(deps, tx, payoutId, actor);
    await tx.execute(
      sql`update suspicious_activity set status = 'dismissed', resolved_at = now(), resolved_by = ${actor.id},
            resolution = 'Dismissed by approving the result after review'
          where tracking_link_id = ${candidate.link_id} and status = 'open'`,
    );
    await releaseFlagHolds(tx, candidate.link_id);
    await recordAdminAction(tx, actor, {
      action: "approve",
      subjectType: "payout",
      subjectId: payoutId,
      summary: `Approved the ${formatCents(approved.amount_cents)} of @${candidate.handle} for "${candidate.title}"`,
    });
    return candidate.campaign_id;
  });
  // Approving ends the review: the result is announced now if it was not.
  await announceResult(deps, campaignId);
  return { ok: true as const, campaignId };
}
