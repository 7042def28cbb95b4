import { AlertTriangle, Ban, Globe, MousePointerClick } from "lucide-react";
import { adminApi } from "../../../core/api/admin";
import { formatCount } from "../../../core/money";
import { useApi } from "../../lib/use-api";
import { StatTile } from "../ui/stat-tile";

/** The dashboard's four figures, refreshed every 5 s (SPEC.md section 9: admin stats). */
export function AdminStatCards() {
  const stats = useApi(adminApi.stats, {}, { refetchInterval: 5_000 });
  const value = (pick: (data: NonNullable<typeof stats.data>) => number) =>
    stats.data ? formatCount(pick(stats.data)) : "—";
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatTile icon={MousePointerClick} label="Total Clicks" value={value((data) => data.total_clicks)} />
      <StatTile icon={Ban} label="Blocked Clicks" value={value((data) => data.blocked_clicks)} />
      <StatTile icon={AlertTriangle} label="Suspicious Activity" value={value((data) => data.open_flags)} />
      <StatTile icon={Globe} label="Unique IPs" value={value((data) => data.unique_ips)} />
    </div>
  );
}
