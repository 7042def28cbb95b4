import { useState } from "react";
import { adminApi, type TimeRange } from "../../../core/api/admin";
import { formatCount } from "../../../core/money";
import { clickVerdict } from "../../../core/vocabulary";
import { useApi } from "../../lib/use-api";
import { verdictLabels } from "../../lib/vocabulary-labels";
import { BarList } from "../ui/bar-list";
import { Panel } from "../ui/panel";
import { QueryState } from "../ui/query-state";
import { TimeSeriesChart } from "../ui/time-series-chart";
import { RangePicker } from "./range-picker";

const timeFormat = (range: TimeRange) => (time: string) =>
  new Date(time).toLocaleString(
    undefined,
    range === "1h" || range === "24h"
      ? { hour: "2-digit", minute: "2-digit" }
      : { month: "short", day: "numeric", ...(range === "7d" ? { hour: "2-digit" } : {}) },
  );

/** SPEC.md's analytics panels (top addresses and agents, countries, rate limiting) and the visits behind them. */
export function AnalyticsTab() {
  const [range, setRange] = useState<TimeRange>("24h");
  const query = { query: { range } };
  const overTime = useApi(adminApi.overTime, query);
  const verdicts = useApi(adminApi.verdicts, query);
  const countries = useApi(adminApi.countries, query);
  const ips = useApi(adminApi.topIps, query);
  const agents = useApi(adminApi.topUserAgents, query);
  const limits = useApi(adminApi.rateLimiting, query);

  return (
    <div className="flex flex-col gap-4">
      <RangePicker value={range} onChange={setRange} />
      <Panel title="Counted clicks over time">
        <QueryState query={overTime} loadingLabel="Loading the chart">
          {(data) => (
            <TimeSeriesChart
              label={`Counted clicks per ${data.bucket_minutes >= 60 ? `${data.bucket_minutes / 60} hours` : `${data.bucket_minutes} minutes`}`}
              points={data.points}
              series={[{ key: clickVerdict.counted, label: "Counted clicks" }]}
              formatTime={timeFormat(range)}
            />
          )}
        </QueryState>
      </Panel>
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title="Visits by verdict">
          <QueryState query={verdicts}>
            {(data) => (
              <BarList
                label="Visits by verdict"
                items={data.items.map((item) => ({
                  key: item.verdict,
                  label: verdictLabels[item.verdict],
                  value: item.count,
                }))}
                empty="No visits in this range"
              />
            )}
          </QueryState>
        </Panel>
        <Panel
          title="Clicks by Country"
          note={
            <>
              From the proxy's country header when configured, else{" "}
              <a href="https://db-ip.com" className="underline">
                IP Geolocation by DB-IP
              </a>
              .
            </>
          }
        >
          <QueryState query={countries}>
            {(data) => (
              <BarList
                label="Counted clicks by country"
                items={data.items.map((item) => ({ key: item.country, label: item.country, value: item.count }))}
                empty="No counted clicks in this range"
              />
            )}
          </QueryState>
        </Panel>
        <Panel title="Top IP addresses" note="Summed over each day's 100 busiest addresses.">
          <QueryState query={ips}>
            {(data) => (
              <BarList
                label="Visits per address"
                items={data.items.map((item) => ({ key: item.ip, label: item.ip, value: item.count }))}
                empty="No visits in this range"
              />
            )}
          </QueryState>
        </Panel>
        <Panel title="Top user agents" note="Summed over each day's 100 busiest user agents.">
          <QueryState query={agents}>
            {(data) => (
              <BarList
                label="Visits per user agent"
                items={data.items.map((item) => ({
                  key: item.userAgent,
                  label: item.userAgent || "(none)",
                  value: item.count,
                }))}
                empty="No visits in this range"
              />
            )}
          </QueryState>
        </Panel>
        <Panel title="Rate Limiting Stats">
          <QueryState query={limits}>
            {(data) => (
              <>
                <BarList
                  label="Suspicious-activity flags by type"
                  items={data.flagsByType.map((item) => ({
                    key: item.type,
                    label: item.type.replace(/_/g, " "),
                    value: item.count,
                  }))}
                  empty="No flags in this range"
                />
                <p className="text-xs text-slate-600">
                  {formatCount(data.blockedByVerdict.reduce((sum, item) => sum + item.count, 0))} visits did not count
                  in this range.
                </p>
              </>
            )}
          </QueryState>
        </Panel>
      </div>
    </div>
  );
}
