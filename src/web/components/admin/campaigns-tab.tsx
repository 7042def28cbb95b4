import { ExternalLink, Eye, EyeOff, Flag, Pause, Play, RefreshCw, Search, Trash2, Wallet } from "lucide-react";
import { Link } from "react-router";
import { type AdminCampaign, adminApi, adminCampaignStatuses } from "../../../core/api/admin";
import { campaignsApi } from "../../../core/api/campaigns";
import { formatCents, formatCount } from "../../../core/money";
import { campaignStatus, isFinished, isRunning } from "../../../core/vocabulary";
import { usePagedList } from "../../lib/use-paged-list";
import { campaignStatusTone as statusTone, visibilityLabel } from "../campaigns/campaign-status";
import { Badge } from "../ui/badge";
import { Button, buttonStyles } from "../ui/button";
import { Card } from "../ui/card";
import { useConfirm } from "../ui/confirm-dialog";
import { type Column, DataTable } from "../ui/data-table";
import { Select } from "../ui/field";
import { Pager } from "../ui/pager";
import { QueryState } from "../ui/query-state";
import { SearchInput } from "../ui/search-input";
import { investigatePath } from "./investigate-path";
import { useRowActions } from "./use-row-actions";

const PAGE = 50;
const statusOptions = adminCampaignStatuses.map((status) => ({
  value: status,
  label: status === "all" ? "All statuses" : status[0]?.toUpperCase() + status.slice(1),
}));

type Action = {
  key: string;
  label: string;
  /** The row's error text when it fails (SPEC.md's 'End campaign failed'); '{label} failed' otherwise. */
  failure?: string;
  icon: typeof Flag;
  contract: (typeof adminApi)["endCampaign" | "pauseCampaign" | "resumeCampaign" | "hideCampaign" | "showCampaign"];
  confirm?: (campaign: AdminCampaign) => { title: string; description: string; confirmLabel: string };
  shown: (campaign: AdminCampaign) => boolean;
};

const live = (campaign: AdminCampaign) => isRunning(campaign.status);
const actions: Action[] = [
  {
    key: "end",
    label: "End",
    failure: "End campaign failed",
    icon: Flag,
    contract: adminApi.endCampaign,
    shown: (campaign) => live(campaign),
    confirm: (campaign) => ({
      title: "End campaign",
      description: `End "${campaign.title}" now? The timer stops and the promoters with the most verified clicks win.`,
      confirmLabel: "End Campaign",
    }),
  },
  {
    key: "pause",
    label: "Pause",
    icon: Pause,
    contract: adminApi.pauseCampaign,
    shown: (campaign) => campaign.status === campaignStatus.active,
    confirm: (campaign) => ({
      title: "Pause campaign",
      description: `Pause "${campaign.title}"? Its links keep sending fans to the song, but no click counts until you resume it. The timer keeps running.`,
      confirmLabel: "Pause",
    }),
  },
  {
    key: "resume",
    label: "Resume",
    icon: Play,
    contract: adminApi.resumeCampaign,
    shown: (c) => c.status === campaignStatus.paused,
  },
  {
    key: "hide",
    label: "Hide",
    icon: EyeOff,
    contract: adminApi.hideCampaign,
    shown: (c) => c.is_public,
  },
  {
    key: "show",
    label: "Show",
    icon: Eye,
    contract: adminApi.showCampaign,
    shown: (c) => !c.is_public && c.status !== campaignStatus.cancelled,
  },
];

/** Every campaign, drafts, hidden and cancelled ones included, with SPEC.md's columns and the admin actions. */
export function CampaignsTab() {
  const { list, search, setSearch, filters, setFilter, pager } = usePagedList(adminApi.campaigns, PAGE, {
    status: "all",
  });
  const { confirm, dialog } = useConfirm();
  const { run, isBusy, rowError } = useRowActions([adminApi.campaigns, campaignsApi.list, adminApi.stats]);

  const act = async (campaign: AdminCampaign, action: Action) => {
    const question = action.confirm?.(campaign);
    if (question && !(await confirm({ ...question, tone: "danger" }))) return;
    await run(campaign.id, action.label, action.contract, { params: { id: campaign.id } }, { failure: action.failure });
  };

  const remove = async (campaign: AdminCampaign) => {
    const confirmed = await confirm({
      title: "Delete campaign",
      description: `Are you sure you want to delete "${campaign.title}"? This cannot be undone.`,
      confirmLabel: "Delete",
      tone: "danger",
    });
    if (confirmed) await run(campaign.id, "Delete", adminApi.deleteCampaign, { params: { id: campaign.id } });
  };

  const columns: Array<Column<AdminCampaign>> = [
    {
      key: "campaign",
      header: "Campaign",
      cell: (campaign) => (
        <div className="max-w-64">
          <p className="font-semibold break-words text-slate-900">{campaign.title}</p>
          <p className="text-xs text-slate-600">by {campaign.artist_name}</p>
          <p className="mt-0.5 font-mono text-[11px] break-all text-slate-500">{campaign.id}</p>
        </div>
      ),
    },
    {
      key: "status",
      header: "Status",
      cell: (campaign) => (
        <div className="flex flex-wrap gap-1">
          <Badge tone={statusTone[campaign.status]}>{campaign.status.toUpperCase()}</Badge>
          {visibilityLabel(campaign) ? (
            <Badge tone={campaign.is_public ? "neutral" : "warning"}>{visibilityLabel(campaign)}</Badge>
          ) : null}
        </div>
      ),
    },
    { key: "prize", header: "Prize", cell: (campaign) => formatCents(campaign.prize_cents) },
    {
      key: "stats",
      header: "Stats",
      cell: (campaign) => (
        <span className="text-xs text-slate-700">
          {formatCount(campaign.total_clicks)} {campaign.total_clicks === 1 ? "click" : "clicks"}
          <br />
          {formatCount(campaign.promoter_count)} {campaign.promoter_count === 1 ? "promoter" : "promoters"}
        </span>
      ),
    },
    {
      key: "actions",
      header: "Actions",
      cell: (campaign) => (
        <div className="flex max-w-72 flex-wrap gap-1.5">
          <a
            href={`/join-campaign?campaign=${campaign.id}`}
            target="_blank"
            rel="noreferrer"
            className={buttonStyles("secondary", "sm")}
          >
            <ExternalLink className="h-3.5 w-3.5" aria-hidden /> Open
          </a>
          {campaign.status === campaignStatus.draft ? null : (
            <Link
              to={investigatePath({ campaign: campaign.id })}
              className={buttonStyles("secondary", "sm")}
              aria-label={`Investigate ${campaign.title}`}
            >
              <Search className="h-3.5 w-3.5" aria-hidden /> Investigate
            </Link>
          )}
          {actions
            .filter((action) => action.shown(campaign))
            .map((action) => (
              <Button
                key={action.key}
                size="sm"
                variant="secondary"
                loading={isBusy(campaign.id, action.label)}
                onClick={() => void act(campaign, action)}
                aria-label={`${action.label} ${campaign.title}`}
              >
                <action.icon className="h-3.5 w-3.5" aria-hidden /> {action.label}
              </Button>
            ))}
          {campaign.status === campaignStatus.cancelled || isFinished(campaign.status) ? null : (
            <Button
              size="sm"
              variant="danger"
              loading={isBusy(campaign.id, "Delete")}
              onClick={() => void remove(campaign)}
              aria-label={`Delete ${campaign.title}`}
            >
              <Trash2 className="h-3.5 w-3.5" aria-hidden /> Delete
            </Button>
          )}
          {rowError(campaign.id)}
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <SearchInput
          label="Search campaigns"
          placeholder="Search by title, artist or ID"
          value={search}
          onChange={setSearch}
          className="min-w-0 sm:flex-1 sm:basis-56"
        />
        <Select
          aria-label="Status"
          value={filters.status}
          onChange={(event) => setFilter("status", event.target.value as (typeof adminCampaignStatuses)[number])}
          options={statusOptions}
          className="sm:w-44"
        />
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => list.refetch()} loading={list.isFetching}>
            {list.isFetching ? null : <RefreshCw className="h-4 w-4" aria-hidden />} Refresh
          </Button>
          <Link to="/admin/payouts" className={buttonStyles("secondary")}>
            <Wallet className="h-4 w-4" aria-hidden /> Manage Payouts
          </Link>
        </div>
      </div>
      <QueryState query={list} loadingLabel="Loading campaigns..." errorTitle="Failed to load campaigns">
        {(data) => (
          <Card className="overflow-hidden">
            <DataTable
              rows={data.items}
              rowKey={(campaign) => campaign.id}
              rowProps={(campaign) => ({ "data-campaign-id": campaign.id })}
              columns={columns}
              caption="Campaigns"
              empty="No campaigns found"
              minWidth="sm:min-w-[56rem]"
              stackOnPhones
            />
            <Pager {...pager(data.total)} />
          </Card>
        )}
      </QueryState>
      {dialog}
    </div>
  );
}
