import { CheckCircle2, Link2, ShieldAlert, UserCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AccountLinkView, ApprovalCandidate } from "../../../core/api/admin";
import { residenceName } from "../../../core/eligibility";
import { countOf, formatCents } from "../../../core/money";
import { timeAgo } from "../../lib/time-ago";
import {
  divergenceDimensionLabels,
  holdLabels,
  identityMarkLabels,
  riskReasonLabels,
  verificationProblemLabels,
} from "../../lib/vocabulary-labels";
import { FlagCard } from "../admin/flag-card";
import { investigatePath } from "../admin/investigate-path";
import { Badge } from "../ui/badge";
import { Card, CardBody } from "../ui/card";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1.5 border-t border-slate-100 pt-3">
      <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h4>
      {children}
    </section>
  );
}

function Risk({ candidate }: { candidate: ApprovalCandidate }) {
  const { risk } = candidate;
  if (risk.reasons.length === 0) return <p className="text-sm text-slate-600">No risk reason: nothing stands out.</p>;
  return (
    <>
      <p className="text-sm font-semibold text-slate-900">
        Risk {risk.score} of 100{risk.risky ? ": over the threshold" : ""}
      </p>
      <ul className="flex flex-col gap-1 text-sm text-slate-700">
        {risk.reasons.map((reason) => (
          <li key={reason.code}>
            <span className="font-semibold text-slate-900">{riskReasonLabels[reason.code]}</span>: {reason.evidence}
          </li>
        ))}
      </ul>
    </>
  );
}

const shares = (distribution: Array<{ value: string; share: number }>) =>
  distribution.map((entry) => `${Math.round(entry.share * 100)} % ${entry.value}`).join(", ");

/** How the link's traffic diverges from its campaign's: each diverging dimension, the two distributions side by side. */
function Divergence({ candidate }: { candidate: ApprovalCandidate }) {
  const divergence = candidate.divergence;
  if (!divergence || divergence.pool === "none") {
    return <p className="text-sm text-slate-600">Too few clicks here or in the campaign to compare.</p>;
  }
  const against =
    divergence.pool === "campaign" ? "the campaign's other links" : "the campaign's other links and the platform";
  if (divergence.dimensions.length === 0) {
    return <p className="text-sm text-slate-600">Like {against} in every dimension.</p>;
  }
  return (
    <ul className="flex flex-col gap-1.5 text-sm text-slate-700">
      {divergence.dimensions.map((dimension) => (
        <li key={dimension.dimension}>
          <span className="font-semibold text-slate-900">{divergenceDimensionLabels[dimension.dimension]}</span>{" "}
          <span className="text-xs text-slate-500">(apart by {Math.round(dimension.distance * 100)} %)</span>
          <span className="block">This link: {shares(dimension.link)}</span>
          <span className="block text-slate-500">
            {against.charAt(0).toUpperCase() + against.slice(1)}: {shares(dimension.pool)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Verification({ candidate }: { candidate: ApprovalCandidate }) {
  const verification = candidate.verification;
  if (!verification) {
    return (
      <p className="text-sm text-slate-600">
        {candidate.payout_id ? "Not yet: the winner has been asked on their Earnings page." : "Not asked: no prize."}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1 text-sm text-slate-700">
      {verification.problem ? (
        <Badge tone="danger">{verificationProblemLabels[verification.problem]}</Badge>
      ) : (
        <span className="inline-flex items-center gap-1 font-semibold text-emerald-800">
          <UserCheck className="h-4 w-4" aria-hidden /> Verified {timeAgo(verification.at)}
        </span>
      )}
      <span>
        Lives in {residenceName(verification.country, verification.state)}, {verification.minimum_age} or older
      </span>
      <span>Legal name stated: {verification.stated_legal_name}</span>
      <span>
        Payout account: {verification.account_legal_name ?? "name not reported"},{" "}
        {verification.account_country ?? "country not reported"}
      </span>
    </div>
  );
}

function LinkedAccount({ link }: { link: AccountLinkView }) {
  return (
    <li className="rounded-xl bg-slate-50 p-2 text-sm">
      <Link className="font-semibold text-brand-700 underline" to={investigatePath({ user: link.user_id })}>
        {link.handle ? `@${link.handle}` : link.name}
      </Link>{" "}
      <span className="text-slate-600">{link.email}</span>
      {link.banned ? (
        <Badge tone="danger" className="ml-1">
          Banned
        </Badge>
      ) : null}
      <ul className="mt-1 flex flex-wrap gap-1">
        {link.evidence.map((mark) => (
          <li key={`${mark.kind}:${mark.value}`}>
            <Badge tone={mark.kind === "network" ? "neutral" : "warning"} title={mark.value}>
              {identityMarkLabels[mark.kind]}
              {mark.kind === "network" || mark.kind === "legal_name" ? `: ${mark.value}` : ""}
            </Badge>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** One candidate (or the runner-up) with every piece of evidence, and the actions the page gives it. */
export function CandidateEvidence({
  candidate,
  standing,
  actions,
}: {
  candidate: ApprovalCandidate;
  standing: "candidate" | "runner-up";
  actions: ReactNode;
}) {
  const waiting = candidate.holds.filter((hold) => hold !== "approval" && hold !== "verification");
  return (
    <Card className="min-w-0" data-candidate={candidate.handle}>
      <CardBody className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <p className="text-xs font-semibold text-slate-500 uppercase">
              {standing === "candidate" ? "Candidate" : "Runner-up"}
            </p>
            <h3 className="text-lg font-bold text-slate-900">@{candidate.handle}</h3>
            <p className="text-sm text-slate-600">
              {candidate.name} · <span className="break-all">{candidate.email}</span>
            </p>
          </div>
          <div className="text-right">
            <p className="text-lg font-bold text-slate-900">{countOf(candidate.clicks, "click")}</p>
            {candidate.amount_cents !== null ? (
              <p className="text-sm text-slate-600">{formatCents(candidate.amount_cents)}</p>
            ) : null}
          </div>
        </div>
        {candidate.payout_id ? (
          <div className="flex flex-wrap gap-1.5">
            {candidate.approved_at ? (
              <Badge tone="success">
                <CheckCircle2 className="h-3.5 w-3.5" aria-hidden /> Approved
              </Badge>
            ) : (
              <Badge tone="warning">Awaiting approval</Badge>
            )}
            {candidate.holds.includes("verification") ? <Badge tone="warning">Not verified yet</Badge> : null}
            {waiting.map((hold) => (
              <Badge key={hold} tone="danger">
                <ShieldAlert className="h-3.5 w-3.5" aria-hidden /> {holdLabels[hold]}
              </Badge>
            ))}
          </div>
        ) : null}

        <Section title="Risk">
          <Risk candidate={candidate} />
        </Section>
        <Section title="Against the campaign">
          <Divergence candidate={candidate} />
        </Section>
        <Section title="Open flags">
          {candidate.open_flags.length === 0 ? (
            <p className="text-sm text-slate-600">None.</p>
          ) : (
            <div className="flex flex-col gap-2">
              {candidate.open_flags.map((flag) => (
                <FlagCard key={flag.id} flag={flag} action={null} />
              ))}
            </div>
          )}
        </Section>
        <Section title="Linked accounts">
          {candidate.linked_accounts.length === 0 ? (
            <p className="text-sm text-slate-600">None found.</p>
          ) : (
            <ul className="flex flex-col gap-1.5">
              {candidate.linked_accounts.map((link) => (
                <LinkedAccount key={link.user_id} link={link} />
              ))}
            </ul>
          )}
        </Section>
        <Section title="Verification">
          <Verification candidate={candidate} />
        </Section>
        <Section title="Payout account">
          <p className="text-sm text-slate-700">
            {candidate.payout_account.ready ? "Ready" : "Not ready"}
            {candidate.payout_account.country ? `, ${candidate.payout_account.country}` : ""}
            {candidate.payout_account.legal_name ? `, in the name of ${candidate.payout_account.legal_name}` : ""}
          </p>
        </Section>
        <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
          {actions}
          <Link
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline"
            to={investigatePath({ promoter: candidate.promoter_id })}
          >
            <Link2 className="h-4 w-4" aria-hidden /> Investigate clicks
          </Link>
        </div>
      </CardBody>
    </Card>
  );
}
