import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, DollarSign, Loader2, Percent, RefreshCw, ShieldAlert, Timer } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { PayoutList, PayoutListRow as Row } from "../../core/api/payouts";
import { formatCents, formatCount } from "../../core/money";
import { StatTile } from "../components/campaigns/stat-tile";
import { ErrorAlert } from "../components/ui/alert";
import { Badge } from "../components/ui/badge";
import { Button, buttonStyles } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { ApiError, apiFetch } from "../lib/api";
import { usePageMeta } from "../lib/page-meta";
import { useAccount } from "../lib/session";

const queryKey = ["admin-payouts"] as const;
const payoutTone = { paid: "success", pending: "warning", processing: "brand", failed: "danger" } as const;

function AccessDenied() {
  return (
    <section className="container-page flex flex-1 items-center justify-center py-16">
      <Card className="w-full max-w-md text-center">
        <CardBody className="flex flex-col items-center gap-4 py-10">
          <ShieldAlert className="h-12 w-12 text-red-600" aria-hidden />
          <h1 className="text-2xl font-bold text-slate-900">Access Denied</h1>
          <p className="text-slate-600">Only admins can manage payouts.</p>
          <Link to="/" className={buttonStyles("primary")}>
            Go Home
          </Link>
        </CardBody>
      </Card>
    </section>
  );
}

function WinnerCell({ row }: { row: Row }) {
  if (row.winners.length === 0)
    return <span className="text-slate-500">{row.ended ? "No winner" : "No clicks yet"}</span>;
  return (
    <ul className="flex flex-col gap-1">
      {row.winners.map((winner) => (
        <li key={winner.promoter_id}>
          <span className="font-semibold text-slate-900">@{winner.handle}</span>{" "}
          <span className="text-xs text-slate-600">
            {formatCount(winner.clicks)} {winner.clicks === 1 ? "click" : "clicks"}
            {row.ended ? "" : " · leading"}
          </span>
        </li>
      ))}
    </ul>
  );
}

function PayoutCell({ row }: { row: Row }) {
  const payouts = row.winners.flatMap((winner) => (winner.payout ? [winner.payout] : []));
  if (payouts.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="flex flex-col gap-1">
      {payouts.map((payout) => (
        <li key={payout.id} className="flex items-center gap-2">
          <span className="font-semibold text-slate-900">{formatCents(payout.amount_cents)}</span>
          <Badge tone={payoutTone[payout.status as keyof typeof payoutTone] ?? "neutral"}>{payout.status}</Badge>
        </li>
      ))}
    </ul>
  );
}

export default function AdminPayoutsPage() {
  usePageMeta("Admin payouts");
  const { account, loading } = useAccount();
  const isAdmin = Boolean(account?.isAdmin);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey,
    queryFn: () => apiFetch<PayoutList>("/api/admin/payouts"),
    enabled: isAdmin,
    refetchInterval: 30_000,
  });
  const [paying, setPaying] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState(false);

  if (loading) {
    return (
      <section className="container-page flex flex-1 items-center justify-center py-16">
        <Loader2 className="h-8 w-8 animate-spin text-brand-600" aria-label="Loading" />
      </section>
    );
  }
  if (!isAdmin) return <AccessDenied />;

  const pay = async (campaignId: string) => {
    setPaying(campaignId);
    setRowErrors(({ [campaignId]: _cleared, ...rest }) => rest);
    try {
      await apiFetch(`/api/admin/payouts/${campaignId}/pay`, { method: "POST", json: {} });
      setNotice(true);
      window.setTimeout(() => setNotice(false), 3000);
    } catch (error) {
      const message =
        error instanceof ApiError
          ? error.status === 401
            ? "Authentication required"
            : error.message
          : "Payout failed";
      setRowErrors((errors) => ({ ...errors, [campaignId]: message }));
    } finally {
      setPaying(null);
      await queryClient.invalidateQueries({ queryKey });
    }
  };

  const summary = list.data?.summary;
  return (
    <section className="container-page flex flex-col gap-6 py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <div className="flex items-center gap-2">
            <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">Payouts</h1>
            <Badge tone="danger">Admin</Badge>
          </div>
          <p className="mt-1 text-slate-600">Winners of ended campaigns and what they have been paid.</p>
        </div>
        <Button variant="secondary" onClick={() => list.refetch()} loading={list.isFetching}>
          <RefreshCw className="h-4 w-4" aria-hidden /> Refresh
        </Button>
      </div>

      {notice ? (
        <div
          role="status"
          className="flex items-center gap-2 rounded-xl bg-emerald-50 p-4 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200"
        >
          <CheckCircle2 className="h-5 w-5" aria-hidden /> Payout processed successfully!
        </div>
      ) : null}

      <div className="grid gap-3 sm:grid-cols-3">
        <StatTile
          icon={DollarSign}
          label="Total Payouts · Paid to winners"
          value={summary ? formatCents(summary.total_paid_cents) : "—"}
        />
        <StatTile
          icon={Timer}
          label="Pending Payouts · Campaigns ready"
          value={summary ? String(summary.pending_campaigns) : "—"}
        />
        <StatTile
          icon={Percent}
          label="Platform Fees · Total collected"
          value={summary ? formatCents(summary.platform_fees_cents) : "—"}
        />
      </div>

      {list.isError ? (
        <ErrorAlert title="Failed to load payouts">{list.error.message}</ErrorAlert>
      ) : list.isPending ? (
        <div className="flex justify-center py-16">
          <Loader2 className="h-8 w-8 animate-spin text-brand-600" aria-label="Loading payouts" />
        </div>
      ) : list.data.rows.length === 0 ? (
        <Card>
          <CardBody className="py-12 text-center">
            <h2 className="text-lg font-semibold text-slate-900">No Payouts Pending</h2>
            <p className="mt-1 text-sm text-slate-600">Funded campaigns appear here with their winners.</p>
          </CardBody>
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <div className="overflow-x-auto">
            <table className="w-full min-w-[56rem] text-left text-sm">
              <caption className="sr-only">Campaign payouts</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
                <tr>
                  {["Campaign", "Status", "Winner", "Prize (with Fee)", "Payout", "Actions"].map((heading) => (
                    <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.data.rows.map((row) => (
                  <tr key={row.campaign_id} className="align-top" data-campaign-id={row.campaign_id}>
                    <td className="px-4 py-3">
                      <p className="font-semibold text-slate-900">{row.title}</p>
                      <p className="text-xs text-slate-600">by {row.artist_name}</p>
                    </td>
                    <td className="px-4 py-3">
                      <Badge tone={row.ended ? "neutral" : "success"}>{row.ended ? "ENDED" : "ACTIVE"}</Badge>
                      <p className="mt-1 text-xs text-slate-500">{new Date(row.ends_at).toLocaleString()}</p>
                    </td>
                    <td className="px-4 py-3">
                      <WinnerCell row={row} />
                    </td>
                    <td className="px-4 py-3">
                      <p className="font-semibold text-slate-900">{formatCents(row.prize_cents)}</p>
                      <p className="text-xs text-slate-600">+ {formatCents(row.platform_fee_cents)} fee</p>
                    </td>
                    <td className="px-4 py-3">
                      <PayoutCell row={row} />
                    </td>
                    <td className="px-4 py-3">
                      {row.action === "pay" ? (
                        <Button size="sm" loading={paying === row.campaign_id} onClick={() => pay(row.campaign_id)}>
                          Pay Winner
                        </Button>
                      ) : row.action === "completed" ? (
                        <Badge tone="success">Completed</Badge>
                      ) : row.action === "no_winner" ? (
                        <span className="text-slate-600">No Winner</span>
                      ) : row.action === "active" ? (
                        <span className="text-slate-600">Campaign Active</span>
                      ) : (
                        <span className="text-slate-600">N/A</span>
                      )}
                      {row.winners.map((winner) =>
                        winner.payout?.status === "failed" && winner.payout.failure_reason ? (
                          <p key={winner.promoter_id} className="mt-2 max-w-56 text-xs text-amber-800">
                            Last attempt failed: {winner.payout.failure_reason}
                          </p>
                        ) : null,
                      )}
                      {rowErrors[row.campaign_id] ? (
                        <p role="alert" className="mt-2 max-w-56 text-xs text-red-700">
                          {rowErrors[row.campaign_id]}
                        </p>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}
    </section>
  );
}
