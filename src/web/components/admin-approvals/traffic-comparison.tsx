import type { TrafficProfile } from "../../../core/api/admin";
import { formatCount } from "../../../core/money";

/** One column of the comparison: a link (a candidate, the runner-up) or the campaign's other links pooled. */
export type TrafficColumn = { key: string; label: string; traffic: TrafficProfile };

const percent = (share: number | null) => (share === null ? "—" : `${Math.round(share * 100)} %`);
const withTop = (top: string | null, share: number | null) => (top ? `${percent(share)} (${top})` : "—");

/** The figures an admin reads across, from a link's own traffic. */
const rows: Array<{ label: string; hint: string; value: (traffic: TrafficProfile) => string }> = [
  { label: "Counted clicks", hint: "", value: (traffic) => formatCount(traffic.counted) },
  {
    label: "Confirmed by a browser",
    hint: "The tracking page's script ran and sent its token back.",
    value: (traffic) => percent(traffic.confirmed_share),
  },
  {
    label: "Needed the browser check",
    hint: "Counted only after solving a check: near 0 % for organic links.",
    value: (traffic) => percent(traffic.checked_share),
  },
  {
    label: "From data centres",
    hint: "Of the visits that could count.",
    value: (traffic) => percent(traffic.hosting_share),
  },
  { label: "Networks", hint: "Distinct /24 or /48 networks.", value: (traffic) => formatCount(traffic.networks) },
  {
    label: "Top network",
    hint: "Its share of the counted clicks.",
    value: (traffic) => withTop(traffic.top_network, traffic.top_network_share),
  },
  { label: "Browsers", hint: "Distinct user agents.", value: (traffic) => formatCount(traffic.user_agents) },
  {
    label: "Top country",
    hint: "",
    value: (traffic) => withTop(traffic.top_country, traffic.top_country_share),
  },
  {
    label: "No referrer",
    hint: "Typed in, or opened by a script.",
    value: (traffic) => percent(traffic.no_referrer_share),
  },
  {
    label: "Top referrer",
    hint: "",
    value: (traffic) => withTop(traffic.top_referrer, traffic.top_referrer_share),
  },
];

/** Each link's traffic beside the others', so what stands out can be read across a row. */
export function TrafficComparison({ columns }: { columns: TrafficColumn[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Traffic of the candidates, the runner-up and the campaign's other links</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs text-slate-600 uppercase">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Figure
            </th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className="py-2 pr-4 font-semibold">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-b border-slate-100 align-top">
              <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                {row.label}
                {row.hint ? <span className="block text-xs font-normal text-slate-500">{row.hint}</span> : null}
              </th>
              {columns.map((column) => (
                <td key={column.key} className="py-2 pr-4 text-slate-700 tabular-nums">
                  {row.value(column.traffic)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
