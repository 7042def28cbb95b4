import { DollarSign, Percent, ShieldAlert, Timer, UserX } from "lucide-react";
import type { PayoutList } from "../../../core/api/payouts";
import { formatCents } from "../../../core/money";
import { StatTile } from "../ui/stat-tile";

type Summary = PayoutList["summary"];

const tiles: Array<{ icon: typeof Timer; label: string; value: (summary: Summary) => string }> = [
  { icon: DollarSign, label: "Total Payouts · Paid to winners", value: (s) => formatCents(s.total_paid_cents) },
  { icon: Timer, label: "Pending Payouts · Campaigns ready", value: (s) => String(s.pending_campaigns) },
  { icon: ShieldAlert, label: "Under review · Results not final yet", value: (s) => String(s.under_review_campaigns) },
  { icon: Percent, label: "Platform Fees · Total collected", value: (s) => formatCents(s.platform_fees_cents) },
  { icon: UserX, label: "Waiting for a payout account", value: (s) => String(s.awaiting_account) },
];

/** SPEC.md's payout totals, a dash each until the list has loaded. */
export function PayoutSummary({ summary }: { summary: Summary | undefined }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      {tiles.map((tile) => (
        <StatTile key={tile.label} icon={tile.icon} label={tile.label} value={summary ? tile.value(summary) : "—"} />
      ))}
    </div>
  );
}
