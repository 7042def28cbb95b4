import type { TimeRange } from "../../../core/api/admin";
import { cn } from "../../lib/cn";

/** SPEC.md's time ranges, with its labels. */
export const rangeLabels: Record<TimeRange, string> = {
  "1h": "Last Hour",
  "24h": "Last 24 Hours",
  "7d": "Last 7 Days",
  "30d": "Last 30 Days",
};

export function RangePicker({ value, onChange }: { value: TimeRange; onChange: (range: TimeRange) => void }) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Time range</legend>
      {(Object.keys(rangeLabels) as TimeRange[]).map((range) => (
        <button
          key={range}
          type="button"
          aria-pressed={value === range}
          onClick={() => onChange(range)}
          className={cn(
            "rounded-full px-3.5 py-1.5 text-sm font-semibold ring-1",
            value === range
              ? "bg-brand-600 text-white ring-brand-600"
              : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
          )}
        >
          {rangeLabels[range]}
        </button>
      ))}
    </fieldset>
  );
}
