import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { uuidPattern } from "../../core/ids.js";
import { formatCents, MIN_PAYOUT_CENTS } from "../../core/money.js";
import { payoutHoldReason } from "../../core/vocabulary.js";
import { findPromoterProfile } from "../accounts/promoter-profile.js";
import { type Actor, auditInsert } from "../audit/record-audit.js";
import type { ServerContext } from "../context/server-context.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { DomainError } from "../errors.js";
import { TransferDeclinedError } from "../payments/provider.js";
import { enqueueWebhookEvent } from "../webhooks/webhook-outbox.js";
import { refreshPayoutAccount } from "./payout-accounts.js";
import { notHeld, notHeldByPeople } from "./payout-holds.js";
import { payoutAccountReminderMail, payoutFailedMail, payoutSentMail, taxInfoNeededMail } from "./payout-mail.js";
import { nowPlus, retryDelayMs, STUCK_AFTER_MS } from "./retry-policy.js";

const payoutMessages = {
  minimum: "Minimum payout is $50",
  accountRequired: "Set up your payout account first: your payout stays pending until you do.",
  winnerAccountRequired: "The winner has not set up a payout account yet. The payout stays pending until they do.",
  alreadyPaid: "This payout has already been paid",
  held: "This payout is on hold: its winner was banned, or a fraud flag about their link is open. Unban them or dismiss the flags, or pass the prize on to the next eligible promoter.",
  awaitingApproval:
    "This result waits for an admin's approval: open it from the approval queue, weigh the evidence and approve it, or pass the prize on.",
  awaitingVerification:
    "The winner has not verified their eligibility yet: they are asked to on their Earnings page, and the payout is paid once they have.",
  verifying:
    "Verifying the winner: FanBoost approves every result with its evidence before a prize is paid, and you confirm on your Earnings page that you still qualify. You can request your payout once both are done.",
  taxInfoNeeded: (thresholdCents: number) =>
    `Tax information needed: this payout brings your prizes paid this year to ${formatCents(thresholdCents)} or more, so the payment provider needs your tax form first. Choose Give Tax Information on your Earnings page, then request your payout again.`,
  winnerTaxInfoNeeded: (thresholdCents: number) =>
    `Tax information needed: this payout brings the winner's prizes paid this year to ${formatCents(thresholdCents)} or more, and the payment provider does not have their tax form yet. They have been asked for it; the payout is paid once they give it.`,
  inProgress: "This payout is already being processed",
  underReview: (until: Date) =>
    `Results are under review until ${until.toUTCString()}: the payout can be paid after that, or once an admin releases it.`,
} as const;

/** Payouts of campaigns whose result is still under review (campaign-results.ts) are not paid by any path. */
export const reviewOver = sql`not exists (select 1 from campaigns rc where rc.id = po.campaign_id and rc.review_until > now())`;

type PayoutOutcome =
  | { kind: "paid"; payoutId: string; transferId: string; amountCents: number }
  | { kind: "failed"; payoutId: string; reason: string }
  | { kind: "account_required"; payoutId: string }
  | { kind: "under_review"; payoutId: string; until: Date }
  | { kind: "held"; payoutId: string; holds: readonly string[] }
  /** The year's prizes reach the reporting threshold and the provider does not have the winner's tax form. */
  | { kind: "tax_info_needed"; payoutId: string }
  /** Paid already, or claimed by another process right now. */
  | { kind: "skipped"; payoutId: string };

const payoutRow = z.object({
  id: column.text,
  campaign_id: column.text,
  promoter_id: column.text,
  amount_cents: column.number,
  status: column.text,
  user_id: column.text,
  email: column.text,
  title: column.text,
  handle: column.text,
  review_until: column.timestampOrNull,
  under_review: column.boolean,
  held: column.boolean,
  hold_reasons: z.array(column.text),
  tax_held: column.boolean,
  artist_id: column.text,
});

const claimedRow = z.object({
  id: column.text,
  amount_cents: column.number,
  attempts: column.number,
  transfer_key: column.text,
});

const idRow = z.object({ id: column.text });

/**
 * The promoter's prizes paid or being paid this calendar year (UTC), as the prize ledger counts them: what a payout
 * adds to before the reporting threshold is compared.
 */
async function paidThisYearCents(tx: Database, promoterId: string): Promise<number> {
  const [row] = await queryParsed(
    tx,
    z.object({ cents: column.number }),
    sql`select coalesce(sum(amount_cents), 0) as cents from payouts
        where promoter_id = ${promoterId}
          and (status = 'processing'
               or (status = 'paid' and paid_at >= date_trunc('year', now() at time zone 'UTC') at time zone 'UTC'))`,
  );
  return row?.cents ?? 0;
}

/** `manual`: an admin or the promoter asked now, so a failed payout is retried without waiting for its backoff. */
type PayMode = "manual" | "scheduled";

/**
 * The one code path that pays a payout, used by the weekly run, the retry job, Pay Winner and Request Payout.
 * `pending`/`failed` → `processing` by a conditional update, so one process at a time owns it; the transfer carries
 * the payout's idempotency key, so even a retry after an unknown outcome cannot pay twice; then `paid` or `failed`.
 */
export async function payPayout(
  deps: ServerContext,
  payoutId: string,
  mode: PayMode,
  /** An admin's Pay Winner: the audit row is written by the statement that claims the payout. */
  actor?: Actor,
): Promise<PayoutOutcome> {
  const [payout] = await queryParsed(
    deps.db,
    payoutRow,
    sql`select po.id, po.campaign_id, po.promoter_id, po.amount_cents, po.status, pr.auth_user_id as user_id, u.email,
               c.title, pr.handle, c.review_until, coalesce(c.review_until > now(), false) as under_review,
               not ${notHeldByPeople} as held, po.hold_reasons, 'tax_info' = any (po.hold_reasons) as tax_held,
               c.created_by as artist_id
        from payouts po
        join promoters pr on pr.id = po.promoter_id
        join "user" u on u.id = pr.auth_user_id
        join campaigns c on c.id = po.campaign_id
        where po.id = ${payoutId}`,
  );
  if (!payout || payout.status === "paid" || payout.status === "processing") return { kind: "skipped", payoutId };
  if (payout.under_review && payout.review_until) return { kind: "under_review", payoutId, until: payout.review_until };
  if (payout.held) return { kind: "held", payoutId, holds: payout.hold_reasons };
  const account = await refreshPayoutAccount(deps, payout.user_id);
  if (!account?.payoutsEnabled) return { kind: "account_required", payoutId };

  const due = mode === "manual" ? sql`true` : sql`po.next_attempt_at <= now()`;
  const audit = actor
    ? sql`, audited as (${auditInsert(
        actor,
        {
          action: "pay",
          subjectType: "payout",
          summary: `Paid ${formatCents(payout.amount_cents)} to @${payout.handle} for "${payout.title}"`,
        },
        sql`claimed.id::text`,
      )} from claimed)`
    : sql``;
  const claim = await deps.db.transaction(async (tx) => {
    // Claims of one promoter's payouts take turns, so that two of them cannot both pass under the threshold.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout-claims:${payout.promoter_id}`}))`);
    const needsTaxInfo =
      !account.taxInfoOnFile &&
      (await paidThisYearCents(tx, payout.promoter_id)) + payout.amount_cents >= deps.prizeReportingThresholdCents;
    if (needsTaxInfo) {
      const [newlyHeld] = await queryParsed(
        tx,
        idRow,
        sql`update payouts po set hold_reasons = array_append(po.hold_reasons, 'tax_info'), updated_at = now()
            where po.id = ${payoutId} and po.status in ('pending', 'failed') and not ('tax_info' = any (po.hold_reasons))
            returning po.id`,
      );
      if (newlyHeld) {
        await deps.mailer.send(
          await taxInfoNeededMail({
            to: payout.email,
            title: payout.title,
            amountCents: payout.amount_cents,
            thresholdCents: deps.prizeReportingThresholdCents,
            publicUrl: deps.publicUrl,
          }),
          tx,
        );
      }
      return "tax_info_needed" as const;
    }
    if (payout.tax_held) {
      await tx.execute(
        sql`update payouts set hold_reasons = array_remove(hold_reasons, 'tax_info'), updated_at = now()
            where id = ${payoutId}`,
      );
    }
    const [row] = await queryParsed(
      tx,
      claimedRow,
      sql`with claimed as (
            update payouts po set status = 'processing', attempts = po.attempts + 1, updated_at = now(),
              claimed_at = clock_timestamp(), transfer_key = coalesce(po.transfer_key, 'payout-' || po.id::text)
            where po.id = ${payoutId} and (po.status = 'pending' or (po.status = 'failed' and ${due}))
              and ${reviewOver} and ${notHeld}
            returning po.id, po.amount_cents, po.attempts, po.transfer_key
          )${audit}
          select * from claimed`,
    );
    return row ?? null;
  });
  if (claim === "tax_info_needed") return { kind: "tax_info_needed", payoutId };
  const claimed = claim;
  if (!claimed) return { kind: "skipped", payoutId };

  try {
    const transfer = await deps.payments.createTransfer({
      amountCents: claimed.amount_cents,
      destinationAccountId: account.accountId,
      description: `FanBoost prize: ${payout.title}`,
      idempotencyKey: claimed.transfer_key,
      metadata: { payout_id: claimed.id, campaign_id: payout.campaign_id, promoter_id: payout.promoter_id },
    });
    // Paid, and the winner's email in the outbox, in one transaction.
    await deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`update payouts set status = 'paid', transfer_id = ${transfer.id}, paid_at = now(), failure_reason = null,
              next_attempt_at = null, updated_at = now()
            where id = ${claimed.id} and status = 'processing'`,
      );
      await enqueueWebhookEvent(tx, payout.artist_id, "payout.paid", {
        payout: { id: claimed.id, amount_cents: claimed.amount_cents, transfer_id: transfer.id },
        campaign: { id: payout.campaign_id, title: payout.title },
        winner: { handle: payout.handle },
      });
      await tx.execute(
        sql`update campaigns set status = 'completed', updated_at = now()
            where id = ${payout.campaign_id} and status = 'ended'
              and not exists (select 1 from payouts where campaign_id = ${payout.campaign_id} and status <> 'paid')`,
      );
      await deps.mailer.send(
        await payoutSentMail({
          to: payout.email,
          title: payout.title,
          amountCents: claimed.amount_cents,
          publicUrl: deps.publicUrl,
        }),
        tx,
      );
    });
    deps.log.info({ payoutId: claimed.id, transferId: transfer.id, amountCents: claimed.amount_cents }, "payout paid");
    return { kind: "paid", payoutId: claimed.id, transferId: transfer.id, amountCents: claimed.amount_cents };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // Refused outright: nothing moved, so the next attempt may use a new key. Unknown outcome: keep the key.
    const nextKey =
      error instanceof TransferDeclinedError ? `payout-${claimed.id}-${claimed.attempts}` : claimed.transfer_key;
    // Failed, and on the first failure the winner's notice, in one transaction.
    await deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`update payouts set status = 'failed', failure_reason = ${reason}, transfer_key = ${nextKey},
              next_attempt_at = ${nowPlus(retryDelayMs(claimed.attempts))}, updated_at = now()
            where id = ${claimed.id} and status = 'processing'`,
      );
      if (claimed.attempts === 1) {
        await deps.mailer.send(
          await payoutFailedMail({
            to: payout.email,
            title: payout.title,
            amountCents: claimed.amount_cents,
            publicUrl: deps.publicUrl,
          }),
          tx,
        );
      }
    });
    deps.log.error({ err: error, payoutId: claimed.id }, "payout transfer failed");
    return { kind: "failed", payoutId: claimed.id, reason };
  }
}

async function payEach(deps: ServerContext, where: SQL, mode: PayMode): Promise<PayoutOutcome[]> {
  const rows = await queryParsed(
    deps.db,
    idRow,
    sql`select po.id from payouts po where ${where} and ${reviewOver} and ${notHeldByPeople}
        order by po.created_at, po.id limit 500`,
  );
  const outcomes: PayoutOutcome[] = [];
  for (const { id } of rows) outcomes.push(await payPayout(deps, id, mode));
  return outcomes;
}

const unpaid = sql`po.status in ('pending', 'failed')`;

/** Admin Pay Winner: pays one payout now (each winner of a tie has their own), with its audit row. */
export async function payPayoutNow(deps: ServerContext, payoutId: string | undefined, actor: Actor) {
  if (!payoutId || !uuidPattern.test(payoutId)) throw new DomainError("validation", "Invalid payout ID");
  const outcome = await payPayout(deps, payoutId, "manual", actor);
  if (outcome.kind === "paid") return { ok: true as const, transfer_id: outcome.transferId };
  if (outcome.kind === "failed") throw new DomainError("provider_error", `Payout failed: ${outcome.reason}`);
  if (outcome.kind === "account_required") throw new DomainError("conflict", payoutMessages.winnerAccountRequired);
  if (outcome.kind === "under_review") throw new DomainError("conflict", payoutMessages.underReview(outcome.until));
  if (outcome.kind === "held") {
    const message = outcome.holds.includes(payoutHoldReason.approval)
      ? payoutMessages.awaitingApproval
      : outcome.holds.includes(payoutHoldReason.verification)
        ? payoutMessages.awaitingVerification
        : payoutMessages.held;
    throw new DomainError("conflict", message);
  }
  if (outcome.kind === "tax_info_needed") {
    throw new DomainError("conflict", payoutMessages.winnerTaxInfoNeeded(deps.prizeReportingThresholdCents));
  }
  const [row] = await queryParsed(
    deps.db,
    z.object({ status: column.text }),
    sql`select status from payouts where id = ${payoutId}`,
  );
  if (!row) throw new DomainError("not_found", "Payout not found");
  throw new DomainError("conflict", row.status === "paid" ? payoutMessages.alreadyPaid : payoutMessages.inProgress);
}

/** Request Payout: a promoter with at least $50 unpaid asks for it now. */
export async function requestPayout(deps: ServerContext, userId: string) {
  const promoter = await findPromoterProfile(deps.db, userId);
  if (!promoter) throw new DomainError("validation", payoutMessages.minimum);
  const [owed] = await queryParsed(
    deps.db,
    z.object({
      cents: column.number,
      held_cents: column.number,
      held_until: column.timestampOrNull,
      verifying_cents: column.number,
    }),
    sql`select coalesce(sum(amount_cents) filter (where ${reviewOver} and ${notHeldByPeople}), 0) as cents,
               coalesce(sum(amount_cents) filter (where not ${reviewOver}), 0) as held_cents,
               (select max(c.review_until) from payouts held join campaigns c on c.id = held.campaign_id
                where held.promoter_id = ${promoter.id} and held.status = 'pending' and c.review_until > now()) as held_until,
               coalesce(sum(amount_cents) filter (
                 where po.hold_reasons && array['approval', 'verification']::text[]), 0) as verifying_cents
        from payouts po where po.promoter_id = ${promoter.id} and ${unpaid}`,
  );
  const owedCents = owed?.cents ?? 0;
  if (owedCents < MIN_PAYOUT_CENTS) {
    if (owed?.held_until && owedCents + owed.held_cents >= MIN_PAYOUT_CENTS) {
      throw new DomainError("conflict", payoutMessages.underReview(owed.held_until));
    }
    if (owed && owedCents + owed.verifying_cents >= MIN_PAYOUT_CENTS) {
      throw new DomainError("conflict", payoutMessages.verifying);
    }
    throw new DomainError("validation", payoutMessages.minimum);
  }
  const account = await refreshPayoutAccount(deps, userId);
  if (!account?.payoutsEnabled) throw new DomainError("conflict", payoutMessages.accountRequired);
  const outcomes = await payEach(deps, sql`po.promoter_id = ${promoter.id} and ${unpaid}`, "manual");
  const paidCents = outcomes.reduce((sum, outcome) => sum + (outcome.kind === "paid" ? outcome.amountCents : 0), 0);
  const failed = outcomes.find((outcome) => outcome.kind === "failed");
  if (failed && paidCents === 0) throw new DomainError("provider_error", `Payout failed: ${failed.reason}`);
  const taxHeld = outcomes.some((outcome) => outcome.kind === "tax_info_needed");
  const taxMessage = payoutMessages.taxInfoNeeded(deps.prizeReportingThresholdCents);
  if (taxHeld && paidCents === 0) throw new DomainError("conflict", taxMessage);
  return {
    paid_cents: paidCents,
    message:
      paidCents > 0
        ? `${formatCents(paidCents)} is on its way to your payout account.${taxHeld ? ` ${taxMessage}` : ""}`
        : payoutMessages.inProgress,
  };
}

/** The retry job: failed payouts whose backoff is over, and ones whose process died during the transfer call. */
export async function retryDuePayouts(deps: ServerContext): Promise<PayoutOutcome[]> {
  await deps.db.execute(
    sql`update payouts set status = 'failed', failure_reason = 'Transfer outcome unknown; checking again',
          next_attempt_at = now(), updated_at = now()
        where status = 'processing' and updated_at < now() - make_interval(secs => ${STUCK_AFTER_MS / 1000})`,
  );
  return payEach(deps, sql`po.status = 'failed' and po.next_attempt_at <= now()`, "scheduled");
}

/**
 * The weekly payout run: on the payout weekday (UTC), every pending payout whose promoter has a payout account
 * (its status is refreshed from the provider before paying; one still onboarding stays pending).
 */
export async function runWeeklyPayouts(deps: ServerContext, payoutWeekday: number, now = new Date()) {
  if (now.getUTCDay() !== payoutWeekday) return [];
  return payEach(
    deps,
    sql`po.status = 'pending' and exists (
          select 1 from promoters pr join payout_accounts pa on pa.user_id = pr.auth_user_id
          where pr.id = po.promoter_id)`,
    "scheduled",
  );
}

/**
 * Three days after a win, a winner who still has no payout account is reminded once; the payout row is claimed in
 * the transaction that writes the email. The claim waits for a row another job holds (the approval request claims the
 * same rows) rather than skipping it, as this job runs only hourly; a second instance's claim, waiting on the first,
 * finds the reminder sent and takes nothing. How many were reminded.
 */
export async function remindPayoutAccounts(deps: ServerContext): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const due = await queryParsed(
      tx,
      z.object({ amount_cents: column.number, email: column.text, title: column.text }),
      sql`with due as (
            select po.id from payouts po
            join promoters p on p.id = po.promoter_id
            left join payout_accounts pa on pa.user_id = p.auth_user_id
            where po.status = 'pending' and po.account_reminder_sent_at is null
              and po.created_at < now() - interval '3 days'
              and not coalesce(pa.details_submitted and pa.payouts_enabled, false)
            order by po.created_at limit 100
            for update of po
          )
          update payouts po set account_reminder_sent_at = now()
          from due, promoters p, "user" u, campaigns c
          where po.id = due.id and p.id = po.promoter_id and u.id = p.auth_user_id and c.id = po.campaign_id
          returning po.amount_cents, u.email, c.title`,
    );
    for (const payout of due) {
      await deps.mailer.send(
        await payoutAccountReminderMail({
          to: payout.email,
          title: payout.title,
          amountCents: payout.amount_cents,
          publicUrl: deps.publicUrl,
        }),
        tx,
      );
    }
    return due.length;
  });
}
