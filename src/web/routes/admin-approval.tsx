import { RefreshCw } from "lucide-react";
import { useParams } from "react-router";
import { type ApprovalView, adminApi } from "../../core/api/admin";
import { formatCents } from "../../core/money";
import { AdminShell } from "../components/admin/admin-shell";
import { CandidateEvidence } from "../components/admin-approvals/candidate-evidence";
import { TrafficComparison } from "../components/admin-approvals/traffic-comparison";
import { useApprovalActions } from "../components/admin-approvals/use-approval-actions";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { Panel } from "../components/ui/panel";
import { QueryState } from "../components/ui/query-state";
import { usePageMeta } from "../lib/page-meta";
import { timeAgo } from "../lib/time-ago";
import { useApi } from "../lib/use-api";
import { exclusionLabels } from "../lib/vocabulary-labels";

function Evidence({ view }: { view: ApprovalView }) {
  const actions = useApprovalActions(view);
  const { campaign, candidates, runner_up: runnerUp } = view;
  const columns = [
    ...candidates.map((candidate) => ({
      key: candidate.promoter_id,
      label: `@${candidate.handle}`,
      traffic: candidate.traffic,
    })),
    ...(runnerUp
      ? [{ key: runnerUp.promoter_id, label: `@${runnerUp.handle} (runner-up)`, traffic: runnerUp.traffic }]
      : []),
    { key: "others", label: "Other links", traffic: view.others },
  ];
  return (
    <>
      <Card>
        <CardBody className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <span>
            Prize <strong className="text-slate-900">{formatCents(campaign.prize_cents)}</strong>
          </span>
          {campaign.ends_at ? <span>Ended {timeAgo(campaign.ends_at)}</span> : null}
          {campaign.under_review && campaign.review_until ? (
            <Badge tone="warning">Under review until {new Date(campaign.review_until).toLocaleString()}</Badge>
          ) : (
            <Badge tone="neutral">Review over</Badge>
          )}
          <span className="basis-full text-slate-600">
            No prize is paid until an admin approves it here and its winner has verified their eligibility. Weigh each
            candidate against the runner-up and the campaign's other links.
          </span>
        </CardBody>
      </Card>

      {candidates.length === 0 ? (
        <Card>
          <CardBody className="py-10 text-center text-slate-600">
            No prize of this campaign waits for a decision.
          </CardBody>
        </Card>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-2">
        {candidates.map((candidate) => (
          <CandidateEvidence
            key={candidate.promoter_id}
            candidate={candidate}
            standing="candidate"
            actions={
              <>
                {candidate.approved_at ? null : (
                  <Button
                    size="sm"
                    loading={actions.approving(candidate)}
                    onClick={() => void actions.approveCandidate(candidate)}
                  >
                    Approve
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="secondary"
                  loading={actions.passingOn(candidate)}
                  onClick={() => actions.passOnCandidate(candidate)}
                >
                  Pass Prize On
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  loading={actions.voiding(candidate)}
                  onClick={() => void actions.voidCandidate(candidate)}
                >
                  Void Clicks
                </Button>
              </>
            }
          />
        ))}
        {runnerUp ? (
          <CandidateEvidence
            candidate={runnerUp}
            standing="runner-up"
            actions={
              <Button
                size="sm"
                variant="danger"
                loading={actions.voiding(runnerUp)}
                onClick={() => void actions.voidCandidate(runnerUp)}
              >
                Void Clicks
              </Button>
            }
          />
        ) : null}
      </div>

      <Panel
        title="Traffic, side by side"
        note="Shares are of each link's counted clicks unless its row says otherwise."
      >
        <TrafficComparison columns={columns} />
      </Panel>

      {view.passed_over.length > 0 ? (
        <Panel title="Passed over">
          <ul className="flex flex-col gap-2 text-sm text-slate-700">
            {view.passed_over.map((passed) => (
              <li key={`${passed.handle}:${passed.decided_at}`}>
                <span className="font-semibold text-slate-900">@{passed.handle}</span>: {exclusionLabels[passed.reason]}
                {passed.note ? ` (${passed.note})` : ""}, {timeAgo(passed.decided_at)}
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
      {actions.dialog}
    </>
  );
}

/** A result's approval view (PRODUCT.md Winner verification): the evidence beside Approve, Pass On and Void Clicks. */
export default function AdminApprovalPage() {
  const { campaignId = "" } = useParams();
  const view = useApi(adminApi.approvalView, { params: { campaignId } });
  const title = view.data ? `Approve "${view.data.campaign.title}"` : "Approve a result";
  usePageMeta(title);
  return (
    <AdminShell
      title={title}
      lead={
        view.data
          ? `by ${view.data.campaign.artist_name}: the winner against the runner-up, with the evidence.`
          : "The evidence of a result."
      }
      actions={
        <Button variant="secondary" onClick={() => view.refetch()} loading={view.isFetching}>
          <RefreshCw className="h-4 w-4" aria-hidden /> Refresh
        </Button>
      }
    >
      <QueryState query={view} loadingLabel="Loading the evidence" errorTitle="Failed to load the result">
        {(data) => <Evidence view={data} />}
      </QueryState>
    </AdminShell>
  );
}
