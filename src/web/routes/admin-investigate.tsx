import { Ban, Search, XCircle } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import {
  adminApi,
  type InvestigatedClick,
  type InvestigateQuery,
  type Investigation,
  type SuspiciousItem,
} from "../../core/api/admin";
import { formatCents, formatCount } from "../../core/money";
import { isRunning, verdict } from "../../core/vocabulary";
import { AdminShell } from "../components/admin/admin-shell";
import { FlagCard, severityTone } from "../components/admin/flag-card";
import { investigatePath } from "../components/admin/investigate-path";
import { Badge } from "../components/ui/badge";
import { BarList } from "../components/ui/bar-list";
import { Button } from "../components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "../components/ui/card";
import { useConfirm } from "../components/ui/confirm-dialog";
import { type Column, DataTable } from "../components/ui/data-table";
import { QueryState } from "../components/ui/query-state";
import { usePageMeta } from "../lib/page-meta";
import { toastRequestError } from "../lib/request-errors";
import { toast } from "../lib/toast";
import { useApi, useApiMutation } from "../lib/use-api";
import { verdictLabels } from "../lib/vocabulary-labels";

type TouchedLink = Investigation["links"][number];

const subjectKeys = ["flag", "address", "fingerprint", "promoter", "link", "campaign", "user"] as const;
const clicksText = (count: number, what = "click") => `${formatCount(count)} ${what}${count === 1 ? "" : "s"}`;

/** The address bar's subject: `?flag=12`, `?address=<hash>`, `?promoter=<id>`, ... (the first one given). */
function subjectFrom(params: URLSearchParams): InvestigateQuery | null {
  const key = subjectKeys.find((candidate) => params.get(candidate));
  const value = key ? params.get(key) : null;
  if (!key || !value) return null;
  return key === "flag" ? { flag: Number(value) } : { [key]: value };
}

function reviewState(link: TouchedLink) {
  if (link.under_review && link.review_until) {
    return <span className="text-amber-800">Under review until {new Date(link.review_until).toLocaleString()}</span>;
  }
  if (isRunning(link.campaign_status)) {
    return <span className="text-slate-600">Live</span>;
  }
  return <span className="text-slate-600">Result final</span>;
}

/** What voiding does to this campaign's result, said before it is done. */
function voidConsequence(link: TouchedLink) {
  if (link.under_review) return "Its result is under review, so its winners and pending payouts are decided again.";
  if (isRunning(link.campaign_status)) return "The leaderboard changes now.";
  return "Its result is already final and stays as it is; only the counts change.";
}

const clickColumns: Array<Column<InvestigatedClick>> = [
  {
    key: "time",
    header: "Time",
    className: "whitespace-nowrap",
    cell: (click) => new Date(click.ts).toLocaleString([], { dateStyle: "short", timeStyle: "medium" }),
  },
  {
    key: "campaign",
    header: "Campaign",
    className: "max-w-44 truncate",
    cell: (click) => <Link to={investigatePath({ campaign: click.campaign_id })}>{click.campaign_title}</Link>,
  },
  {
    key: "promoter",
    header: "Promoter",
    className: "whitespace-nowrap",
    cell: (click) => <Link to={investigatePath({ promoter: click.promoter_id })}>@{click.promoter_handle}</Link>,
  },
  {
    key: "verdict",
    header: "Verdict",
    className: "whitespace-nowrap",
    cell: (click) => (
      <Badge tone={click.verdict === verdict.counted ? "success" : "neutral"}>{verdictLabels[click.verdict]}</Badge>
    ),
  },
  { key: "country", header: "Country", cell: (click) => click.country ?? "Unknown" },
  {
    key: "address",
    header: "Address",
    className: "font-mono text-xs",
    cell: (click) => <Link to={investigatePath({ address: click.ip_hash })}>{click.masked_ip}</Link>,
  },
  {
    key: "agent",
    header: "User agent",
    className: "max-w-56 truncate text-xs",
    cell: (click) => click.user_agent ?? "—",
  },
  {
    key: "referrer",
    header: "Referrer",
    className: "max-w-40 truncate text-xs",
    cell: (click) => click.referrer ?? "—",
  },
  {
    key: "fingerprint",
    header: "Fingerprint",
    className: "font-mono text-xs",
    cell: (click) =>
      click.fingerprint ? (
        <Link to={investigatePath({ fingerprint: click.fingerprint })}>{click.fingerprint.slice(0, 10)}…</Link>
      ) : (
        "—"
      ),
  },
];

function InvestigationView({ data }: { data: Investigation }) {
  const { confirm, dialog } = useConfirm();
  const invalidates = [adminApi.investigate, adminApi.suspicious, adminApi.stats, adminApi.payouts];
  const voidClicks = useApiMutation(adminApi.voidClicks, {
    invalidates,
    onSuccess: (result) =>
      toast.success(
        `Voided ${clicksText(result.clicks_voided, "counted click")}.` +
          (result.result === "redecided"
            ? ` Winners decided again: ${
                result.winners.map((winner) => `@${winner.handle} (${formatCents(winner.amount_cents)})`).join(", ") ||
                "none, the prize is refunded"
              }.`
            : ""),
      ),
    onError: toastRequestError,
  });
  const dismiss = useApiMutation(adminApi.dismissFlag, {
    invalidates,
    onSuccess: () => toast.success("Flag dismissed."),
    onError: toastRequestError,
  });
  const flag = data.flag;
  const openFlag = flag?.status === "open" ? flag.id : undefined;

  /** Voids the subject address's counted clicks, or all of the promoter's, on the link's campaign. */
  const voidLink = async (link: TouchedLink, target: "address" | "promoter") => {
    const promoterCounted =
      data.subject.kind === "address" || data.subject.kind === "fingerprint"
        ? "all the counted clicks"
        : `the ${clicksText(link.counted, "counted click")}`;
    const reason = await confirm({
      title: target === "address" ? "Void this address's clicks" : "Void promoter's clicks",
      description: `${
        target === "address"
          ? `Void this address's counted click on "${link.campaign_title}" (via @${link.promoter_handle})?`
          : `Void ${promoterCounted} of @${link.promoter_handle} on "${link.campaign_title}"?`
      } ${voidConsequence(link)}`,
      confirmLabel: "Void Clicks",
      tone: "danger",
      input: { label: "Reason (optional)", maxLength: 500 },
    });
    if (reason === false) return;
    voidClicks.mutate({
      body: {
        campaign_id: link.campaign_id,
        ...(target === "address" ? { ip_hash: data.subject.key } : { promoter_id: link.promoter_id }),
        ...(typeof reason === "string" && reason ? { reason } : {}),
        ...(openFlag ? { flag_id: openFlag } : {}),
      },
    });
  };
  const voiding = (link: TouchedLink, target: "address" | "promoter") =>
    voidClicks.isPending &&
    voidClicks.variables?.body?.campaign_id === link.campaign_id &&
    (target === "address"
      ? Boolean(voidClicks.variables.body.ip_hash)
      : voidClicks.variables.body.promoter_id === link.promoter_id);

  const dismissFlag = async (open: SuspiciousItem) => {
    const reason = await confirm({
      title: "Dismiss flag",
      description: "Dismiss this flag? Nothing is voided; the flag is closed with your reason.",
      confirmLabel: "Dismiss Flag",
      input: { label: "Reason", maxLength: 500 },
    });
    if (reason === false) return;
    dismiss.mutate({ params: { id: String(open.id) }, body: { reason: typeof reason === "string" ? reason : "" } });
  };

  const linkColumns: Array<Column<TouchedLink>> = [
    {
      key: "campaign",
      header: "Campaign",
      cell: (link) => (
        <div className="max-w-56">
          <Link className="font-semibold break-words" to={investigatePath({ campaign: link.campaign_id })}>
            {link.campaign_title}
          </Link>
          <p className="text-xs">{reviewState(link)}</p>
        </div>
      ),
    },
    {
      key: "promoter",
      header: "Promoter",
      cell: (link) => <Link to={investigatePath({ promoter: link.promoter_id })}>@{link.promoter_handle}</Link>,
    },
    { key: "visits", header: "Visits", align: "right", cell: (link) => formatCount(link.clicks) },
    { key: verdict.counted, header: "Counted", align: "right", cell: (link) => formatCount(link.counted) },
    {
      key: "actions",
      header: "Actions",
      cell: (link) => (
        <div className="flex flex-wrap gap-1.5">
          {data.subject.kind === "address" && link.counted > 0 ? (
            <Button
              size="sm"
              variant="danger"
              loading={voiding(link, "address")}
              onClick={() => void voidLink(link, "address")}
              aria-label={`Void Address on ${link.campaign_title}`}
            >
              <Ban className="h-3.5 w-3.5" aria-hidden /> Void Address
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="danger"
            loading={voiding(link, "promoter")}
            onClick={() => void voidLink(link, "promoter")}
            aria-label={`Void Promoter @${link.promoter_handle} on ${link.campaign_title}`}
          >
            <Ban className="h-3.5 w-3.5" aria-hidden /> Void Promoter
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      {flag ? (
        <FlagCard
          flag={flag}
          action={
            flag.status === "open" ? (
              <Button size="sm" variant="secondary" loading={dismiss.isPending} onClick={() => void dismissFlag(flag)}>
                <XCircle className="h-3.5 w-3.5" aria-hidden /> Dismiss Flag
              </Button>
            ) : null
          }
        />
      ) : null}

      <div className="flex flex-wrap gap-2">
        <Badge tone="brand">{clicksText(data.total_clicks, "visit")} in 30 days</Badge>
        {data.verdicts.map((row) => (
          <Badge key={row.verdict} tone={row.verdict === verdict.counted ? "success" : "neutral"}>
            {verdictLabels[row.verdict]}: {formatCount(row.count)}
          </Badge>
        ))}
      </div>

      <Card className="overflow-hidden">
        <CardHeader>
          <CardTitle>Campaigns and promoters it touched</CardTitle>
        </CardHeader>
        <DataTable
          rows={data.links}
          rowKey={(link) => `${link.campaign_id}:${link.promoter_id}`}
          columns={linkColumns}
          caption="Campaigns and promoters it touched"
          empty="No clicks in the last 30 days"
          minWidth="sm:min-w-[40rem]"
          stackOnPhones
        />
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Timeline</CardTitle>
          </CardHeader>
          <CardBody>
            <BarList
              label="Visits per hour"
              empty="No activity in the last 30 days"
              items={data.timeline.map((hour) => ({
                key: hour.time,
                label: `${new Date(hour.time).toLocaleString([], { dateStyle: "medium", timeStyle: "short" })} · ${formatCount(hour.counted)} counted${hour.flags > 0 ? ` · ${hour.flags} flag${hour.flags === 1 ? "" : "s"}` : ""}`,
                value: hour.clicks,
              }))}
            />
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{data.flag ? "Its other flags" : "Flags"}</CardTitle>
          </CardHeader>
          <CardBody>
            {data.flags.length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-500">No other flags</p>
            ) : (
              <ul className="flex flex-col divide-y divide-slate-100">
                {data.flags.map((flag) => (
                  <li key={flag.id} className="flex flex-col gap-1 py-2 text-sm">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge tone={severityTone[flag.severity]}>{flag.severity}</Badge>
                      <span className="text-xs text-slate-500">
                        {flag.status} · {new Date(flag.timestamp).toLocaleString()}
                      </span>
                      <Link className="ml-auto text-xs font-semibold" to={investigatePath({ flag: flag.id })}>
                        Open
                      </Link>
                    </div>
                    <p className="break-words text-slate-700">{flag.details}</p>
                  </li>
                ))}
              </ul>
            )}
          </CardBody>
        </Card>
      </div>

      <Card className="overflow-hidden">
        <CardHeader>
          <CardTitle>Clicks</CardTitle>
          {data.total_clicks > data.clicks.length ? (
            <p className="text-sm text-slate-600">
              The newest {data.clicks.length} of {formatCount(data.total_clicks)}
            </p>
          ) : null}
        </CardHeader>
        <DataTable
          rows={data.clicks}
          rowKey={(click) => String(click.id)}
          columns={clickColumns}
          caption="Clicks of the subject, newest first"
          empty="No clicks in the last 30 days"
          minWidth="sm:min-w-[84rem]"
          stackOnPhones
        />
      </Card>
      {dialog}
    </>
  );
}

/** Fraud review: everything about one flag, address, fingerprint, promoter, link or campaign, and the actions on it. */
export default function AdminInvestigatePage() {
  usePageMeta("Investigate");
  const [params] = useSearchParams();
  const query = subjectFrom(params);
  const investigation = useApi(adminApi.investigate, { query: query ?? {} }, { enabled: query !== null });
  const label = investigation.data?.subject.label;
  return (
    <AdminShell
      title="Investigate"
      lead={
        label ? `${label}: its clicks of the last 30 days, flags and what it touched.` : "Clicks, flags and actions."
      }
      actions={
        <Button variant="secondary" onClick={() => investigation.refetch()} loading={investigation.isFetching}>
          <Search className="h-4 w-4" aria-hidden /> Refresh
        </Button>
      }
    >
      {query === null ? (
        <Card>
          <CardBody className="py-10 text-center text-slate-600">
            Open a flag from the Suspicious Activity tab, or a user or campaign, to investigate it.
          </CardBody>
        </Card>
      ) : (
        <QueryState query={investigation} loadingLabel="Loading the investigation" errorTitle="Investigation failed">
          {(data) => <InvestigationView data={data} />}
        </QueryState>
      )}
    </AdminShell>
  );
}
