import { type ArtistCampaign, artistApi, type CampaignAnalytics } from "../../../core/api/artists";
import { formatCount } from "../../../core/money";
import { clickVerdict } from "../../../core/vocabulary";
import { useApi } from "../../lib/use-api";
import { verdictLabels } from "../../lib/vocabulary-labels";
import { BarList } from "../ui/bar-list";
import { Card, CardBody } from "../ui/card";
import { type Column, DataTable } from "../ui/data-table";
import { Field, Select } from "../ui/field";
import { Panel } from "../ui/panel";
import { QueryState } from "../ui/query-state";
import { TimeSeriesChart } from "../ui/time-series-chart";

const recentColumns: Column<CampaignAnalytics["recent_clicks"][number]>[] = [
  {
    key: "time",
    header: "Time",
    cell: (row) =>
      new Date(row.time).toLocaleString(undefined, {
        month: "short",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      }),
    className: "whitespace-nowrap",
  },
  { key: "country", header: "Country", cell: (row) => row.country },
  { key: "referrer", header: "From", cell: (row) => row.referrer_domain, hideOnPhones: true },
  { key: "verdict", header: "Verdict", cell: (row) => verdictLabels[row.verdict] },
];

const promoterColumns: Column<CampaignAnalytics["promoters"][number]>[] = [
  { key: "rank", header: "Rank", cell: (row) => (row.rank === null ? "–" : `#${row.rank}`) },
  { key: "handle", header: "Promoter", cell: (row) => `@${row.handle}` },
  { key: "clicks", header: "Clicks", cell: (row) => formatCount(row.clicks), align: "right" },
  {
    key: "joined",
    header: "Joined",
    cell: (row) => new Date(row.joined_at).toLocaleDateString(),
    hideOnPhones: true,
  },
];

function Analytics({ data }: { data: CampaignAnalytics }) {
  const filtered = data.verdicts
    .filter((row) => row.verdict !== clickVerdict.counted)
    .reduce((sum, row) => sum + row.count, 0);
  const total = data.verdicts.reduce((sum, row) => sum + row.count, 0);
  const hourly = data.series.bucket === "hour";
  return (
    <div className="flex flex-col gap-4">
      <Panel
        title={hourly ? "Verified clicks per hour" : "Verified clicks per day"}
        note={hourly ? "Hourly while the campaign runs; daily once it has ended." : undefined}
      >
        {data.series.points.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">The chart starts when the campaign goes live.</p>
        ) : (
          <TimeSeriesChart
            label={hourly ? "Verified clicks per hour" : "Verified clicks per day"}
            points={data.series.points}
            series={[{ key: clickVerdict.counted, label: "Verified clicks" }]}
            variant="bar"
            formatTime={(time) =>
              new Date(time).toLocaleString(
                undefined,
                hourly ? { month: "short", day: "numeric", hour: "2-digit" } : { month: "short", day: "numeric" },
              )
            }
          />
        )}
      </Panel>
      <div className="grid gap-4 lg:grid-cols-3">
        <Panel
          title="Visits by verdict"
          note={
            total === 0
              ? undefined
              : `${formatCount(filtered)} of ${formatCount(total)} visits were filtered out and did not count.`
          }
        >
          <BarList
            label="Visits by verdict"
            items={data.verdicts.map((row) => ({
              key: row.verdict,
              label: verdictLabels[row.verdict],
              value: row.count,
            }))}
            empty="No visits yet"
          />
        </Panel>
        <Panel title="Top countries" note="Verified clicks.">
          <BarList
            label="Verified clicks by country"
            items={data.countries.map((row) => ({ key: row.country, label: row.country, value: row.count }))}
            empty="No verified clicks yet"
          />
        </Panel>
        <Panel title="Top referrers" note="Every visit, by the site the fan came from.">
          <BarList
            label="Visits by referrer"
            items={data.referrers.map((row) => ({ key: row.domain, label: row.domain, value: row.count }))}
            empty="No visits yet"
          />
        </Panel>
      </div>
      <div className="flex flex-col gap-4">
        <Panel title="Last 10 clicks">
          <DataTable
            rows={data.recent_clicks}
            rowKey={(row) => `${row.time}-${row.verdict}-${row.country}-${row.referrer_domain}`}
            columns={recentColumns}
            caption="The ten newest visits"
            empty="No visits yet"
          />
        </Panel>
        <Panel title="Promoters">
          <DataTable
            rows={data.promoters}
            rowKey={(row) => row.handle}
            columns={promoterColumns}
            caption="The campaign's promoters by verified clicks"
            empty="No promoters yet"
          />
        </Panel>
      </div>
    </div>
  );
}

/** One campaign's analytics, chosen from the artist's published campaigns. */
export function ArtistAnalyticsTab({
  campaigns,
  selectedId,
  onSelect,
}: {
  campaigns: ArtistCampaign[];
  selectedId: string | null;
  onSelect: (campaignId: string) => void;
}) {
  const published = campaigns.filter((campaign) => campaign.published_at !== null);
  const current = published.find((campaign) => campaign.id === selectedId) ?? published[0];
  const analytics = useApi(
    artistApi.analytics,
    { params: { id: current?.id ?? "" } },
    { enabled: Boolean(current), refetchInterval: 30_000 },
  );
  if (!current) {
    return (
      <Card>
        <CardBody className="py-10 text-center text-sm text-slate-600">
          Analytics appear once a campaign is paid and live.
        </CardBody>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="max-w-md">
        <Field label="Campaign">
          {({ id }) => (
            <Select id={id} value={current.id} onChange={(event) => onSelect(event.target.value)}>
              {published.map((campaign) => (
                <option key={campaign.id} value={campaign.id}>
                  {campaign.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <QueryState query={analytics} loadingLabel="Loading analytics" errorTitle="Analytics could not be loaded">
        {(data) => <Analytics data={data} />}
      </QueryState>
    </div>
  );
}
