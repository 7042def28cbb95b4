import { genres } from "../../../../core/genres";
import {
  campaignDurations,
  formatCents,
  PLATFORM_FEE_PERCENT,
  platformFeeCents,
  totalChargeCents,
} from "../../../../core/money";
import type { WizardValues } from "./wizard-form";

/** Step 3: the review, with the total the artist pays. */
export function LaunchStep({ values, prizeCents }: { values: WizardValues; prizeCents: number }) {
  const durationLabel = campaignDurations.find((duration) => String(duration.days) === values.duration)?.label;
  const rows = [
    ["Song", values.songTitle],
    ["Artist", values.artistName],
    ["Song link", values.songLink],
    ["Genre", genres.find((genre) => genre.value === values.genre)?.label ?? "Not specified"],
    ["Duration", durationLabel ?? `${values.duration} days`],
    ["Prize pool (paid to the winner)", formatCents(prizeCents)],
    [`Platform fee (${PLATFORM_FEE_PERCENT}%)`, formatCents(platformFeeCents(prizeCents))],
  ];
  return (
    <dl className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-start justify-between gap-4 px-4 py-3 text-sm">
          <dt className="max-w-[55%] text-slate-600">{label}</dt>
          <dd className="min-w-0 text-right font-medium break-words text-slate-900 [overflow-wrap:anywhere]">
            {value}
          </dd>
        </div>
      ))}
      <div className="flex items-center justify-between gap-4 bg-slate-50 px-4 py-3">
        <dt className="font-semibold text-slate-900">Total cost</dt>
        <dd className="text-xl font-extrabold text-slate-900">{formatCents(totalChargeCents(prizeCents))}</dd>
      </div>
    </dl>
  );
}
