import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A figure with its label and icon: the totals tiles of the home page, the lists and the dashboards. */
export function StatTile({
  icon: Icon,
  label,
  value,
  title,
  detail,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  title?: string;
  /** A line under the label: what the figure leaves out, shown apart. */
  detail?: ReactNode;
}) {
  return (
    <div className="flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
        <Icon className="h-5 w-5" aria-hidden />
      </span>
      <span className="min-w-0">
        <span className="block text-lg font-extrabold break-words text-slate-900 sm:text-xl" title={title}>
          {value}
        </span>
        <span className="block text-xs font-medium text-slate-600">{label}</span>
        {detail ? <span className="block text-xs text-slate-600">{detail}</span> : null}
      </span>
    </div>
  );
}
