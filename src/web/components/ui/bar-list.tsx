import { formatCount } from "../../../core/money";

/** A bar's length: its share of the largest, at least a sliver when it has any value, nothing for zero. */
const barWidth = (value: number, max: number) => (value > 0 ? `${Math.max(2, (value / max) * 100)}%` : "0%");

/**
 * Ranked bars, each as long as its share of the largest (SPEC.md's clicks by country: top 10, bar relative to the
 * maximum). Labels wrap rather than overflow on phones.
 */
export function BarList({
  items,
  label,
  empty = "Nothing to show yet",
}: {
  items: ReadonlyArray<{ key: string; label: string; value: number }>;
  /** What the list ranks, for screen readers. */
  label: string;
  empty?: string;
}) {
  if (items.length === 0) return <p className="py-6 text-center text-sm text-slate-500">{empty}</p>;
  const max = Math.max(...items.map((item) => item.value), 1);
  return (
    <ol aria-label={label} className="flex flex-col gap-2">
      {items.map((item) => (
        <li key={item.key} className="flex flex-col gap-1">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 break-words text-slate-800">{item.label}</span>
            <span className="shrink-0 font-semibold text-slate-900 tabular-nums">{formatCount(item.value)}</span>
          </div>
          <div className="h-2 rounded-full bg-slate-100">
            <div
              className="h-2 rounded-full bg-gradient-to-r from-brand-600 to-accent-600"
              style={{ width: barWidth(item.value, max) }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}
