import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Candidacies, VerificationResult } from "../../core/api/payouts.js";
import { minimumAge, verificationMessages } from "../../core/eligibility.js";
import { normalizeLegalName } from "../../core/identity.js";
import {
  exclusionReason,
  exclusionReasons,
  lastingExclusionReasons,
  payoutHoldReason,
  payoutHoldReasons,
  type VerificationProblem,
} from "../../core/vocabulary.js";
import { eligibilityOf } from "../accounts/eligibility.js";
import { recordIdentityMark } from "../accounts/identity-marks.js";
import { findPromoterProfile } from "../accounts/promoter-profile.js";
import type { ServerContext } from "../context/server-context.js";
import { column, queryParsed } from "../db/rows.js";
import { DomainError } from "../errors.js";
import { passOver } from "./pass-on.js";
import { refreshPayoutAccount } from "./payout-accounts.js";
import { processRefund } from "./refunds.js";

/**
 * The winner's verification (PRODUCT.md Winner verification): a candidate confirms, in the app, that their residence
 * and age still meet the campaign's frozen rules and that the payout account is in their own legal name. What they
 * confirm is checked against the rules and against what the payment provider says of the account now; one who no
 * longer qualifies is passed over with that reason, recorded and shown to them. Approval by an admin is separate
 * (result-approval.ts): a prize is paid once both are done.
 */

const candidacyRow = z.object({
  payout_id: column.text,
  campaign_id: column.text,
  campaign_title: column.text,
  amount_cents: column.number,
  review_until: column.timestampOrNull,
  hold_reasons: z.array(z.enum(payoutHoldReasons)),
  allowed_countries: z.array(column.text).nullable(),
});

const passedOverRow = z.object({
  campaign_id: column.text,
  campaign_title: column.text,
  reason: z.enum(exclusionReasons),
  note: column.textOrNull,
  decided_at: column.timestamp,
});

const PASSED_OVER_SHOWN_DAYS = 90;

/** The promoter's candidacies and the pass-overs of the last 90 days, with what the verification form starts from. */
export async function candidaciesOf(deps: ServerContext, userId: string): Promise<Candidacies> {
  const promoter = await findPromoterProfile(deps.db, userId);
  const residence = await eligibilityOf(deps.db, userId);
  const account = promoter ? await refreshPayoutAccount(deps, userId) : null;
  const rows = promoter
    ? await queryParsed(
        deps.db,
        candidacyRow,
        sql`select po.id as payout_id, c.id as campaign_id, c.title as campaign_title, po.amount_cents,
              case when c.review_until > now() then c.review_until end as review_until, po.hold_reasons,
              c.allowed_countries
            from payouts po join campaigns c on c.id = po.campaign_id
            where po.promoter_id = ${promoter.id} and po.status in ('pending', 'failed')
              and (po.approved_at is null or 'verification' = any (po.hold_reasons))
            order by po.created_at desc`,
      )
    : [];
  const passed = promoter
    ? await queryParsed(
        deps.db,
        passedOverRow,
        sql`select x.campaign_id, c.title as campaign_title, x.reason, x.note, x.decided_at
            from result_exclusions x join campaigns c on c.id = x.campaign_id
            where x.promoter_id = ${promoter.id}
              and x.reason in (${sql.join(
                lastingExclusionReasons.map((reason) => sql`${reason}`),
                sql`, `,
              )})
              and x.decided_at > now() - make_interval(days => ${PASSED_OVER_SHOWN_DAYS})
            order by x.decided_at desc`,
      )
    : [];
  const waitingFor = new Set<string>([payoutHoldReason.approval, payoutHoldReason.verification]);
  return {
    candidacies: rows.map((row) => ({
      payout_id: row.payout_id,
      campaign_id: row.campaign_id,
      campaign_title: row.campaign_title,
      amount_cents: row.amount_cents,
      review_until: row.review_until?.toISOString() ?? null,
      approved: !row.hold_reasons.includes(payoutHoldReason.approval),
      verified: !row.hold_reasons.includes(payoutHoldReason.verification),
      allowed_countries: row.allowed_countries ?? [...deps.payoutCountries],
      other_holds: row.hold_reasons.filter((reason) => !waitingFor.has(reason)),
    })),
    passed_over: passed.map((row) => ({ ...row, decided_at: row.decided_at.toISOString() })),
    residence: residence ? { country: residence.country, state: residence.state } : null,
    payout_account: { ready: account?.payoutsEnabled ?? false, country: account?.country ?? null },
  };
}

const waitingPayout = z.object({
  id: column.text,
  promoter_id: column.text,
  allowed_countries: z.array(column.text).nullable(),
});

/** What the verification finds wrong, in the order a person would fix it: none when they qualify. */
function problemOf(
  statement: { country: string; legalName: string },
  allowed: readonly string[],
  account: { country: string | null; legalName: string | null },
): VerificationProblem | null {
  if (!allowed.includes(statement.country)) return "residence";
  if (account.country && (account.country !== statement.country || !allowed.includes(account.country))) {
    return "account_country";
  }
  if (account.legalName && normalizeLegalName(account.legalName) !== normalizeLegalName(statement.legalName)) {
    return "account_name";
  }
  return null;
}

/**
 * A candidate verifies for a campaign: the statement is recorded with what the payout account says; with no problem
 * the payout's verification hold goes, otherwise the candidate is passed over with the problem in words.
 */
export async function verifyCandidacy(
  deps: ServerContext,
  userId: string,
  campaignId: string,
  statement: { country: string; state: string | null; legalName: string },
): Promise<VerificationResult> {
  const promoter = await findPromoterProfile(deps.db, userId);
  const [payout] = promoter
    ? await queryParsed(
        deps.db,
        waitingPayout,
        sql`select po.id, po.promoter_id, c.allowed_countries
            from payouts po join campaigns c on c.id = po.campaign_id
            where po.campaign_id = ${campaignId} and po.promoter_id = ${promoter.id}
              and po.status in ('pending', 'failed') and 'verification' = any (po.hold_reasons)`,
      )
    : [];
  if (!payout) throw new DomainError("not_found", verificationMessages.nothingToVerify);
  const account = await refreshPayoutAccount(deps, userId, { fresh: true });
  if (!account?.payoutsEnabled) throw new DomainError("conflict", verificationMessages.accountNeeded);
  const allowed = payout.allowed_countries ?? deps.payoutCountries;
  const problem = problemOf(statement, allowed, account);
  const outcome = await deps.db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into winner_verifications (campaign_id, promoter_id, country, state, minimum_age, stated_legal_name,
            account_country, account_legal_name, problem)
          values (${campaignId}, ${payout.promoter_id}, ${statement.country}, ${statement.state},
            ${minimumAge(statement.country, statement.state)}, ${statement.legalName}, ${account.country},
            ${account.legalName}, ${problem})
          on conflict (campaign_id, promoter_id) do update set country = excluded.country, state = excluded.state,
            minimum_age = excluded.minimum_age, stated_legal_name = excluded.stated_legal_name,
            account_country = excluded.account_country, account_legal_name = excluded.account_legal_name,
            problem = excluded.problem, created_at = now()`,
    );
    await recordIdentityMark(tx, userId, "legal_name", normalizeLegalName(statement.legalName));
    if (problem === null) {
      await tx.execute(
        sql`update payouts set hold_reasons = array_remove(hold_reasons, 'verification'), updated_at = now()
            where id = ${payout.id}`,
      );
      return { refundId: null, result: { outcome: "verified" as const, message: "Thank you: you are verified." } };
    }
    const why =
      problem === "residence"
        ? verificationMessages.problems.residence(allowed, statement.country)
        : problem === "account_country"
          ? verificationMessages.problems.account_country(account.country ?? statement.country)
          : verificationMessages.problems.account_name;
    const passed = await passOver(deps, tx, {
      payoutId: payout.id,
      reason: exclusionReason.not_verified,
      note: why,
      decidedBy: null,
    });
    return {
      refundId: passed.refundId,
      result: { outcome: "passed_over" as const, message: `${why} The prize passes to the next eligible promoter.` },
    };
  });
  if (outcome.refundId) await processRefund(deps, outcome.refundId);
  return outcome.result;
}
