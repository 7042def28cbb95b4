import { countryName } from "../../../../core/eligibility";
import { genres } from "../../../../core/genres";
import {
  campaignDurations,
  formatCents,
  PLATFORM_FEE_PERCENT,
  platformFeeCents,
  totalChargeCents,
} from "../../../../core/money";
import type { WizardValues } from "./wizard-form";

/** Who can join as the rules will freeze it: everyone where prizes can be paid, or the countries chosen. */
function whoCanJoin(allowedCountries: string[] | null, payoutCountries: readonly string[] | undefined) {
  if (allowedCountries === null) {
    return payoutCountries
      ? `Everyone where prizes can be paid (${payoutCountries.length} countries)`
      : "Everyone where prizes can be paid";
  }
  return allowedCountries
    .map(countryName)
    .sort((a, b) => a.localeCompare(b, "en"))
    .join(", ");
}

/** Step 3: the review, with who can join (frozen at launch) and the total the artist pays. */
export function LaunchStep({
  values,
  prizeCents,
  allowedCountries,
  payoutCountries,
}: {
  values: WizardValues;
  prizeCents: number;
  allowedCountries: string[] | null;
  payoutCountries: readonly string[] | undefined;
}) {
  const durationLabel = campaignDurations.find((duration) => String(duration.days) === values.duration)?.label;
  const rows = [
    ["Song", values.songTitle],
    ["Artist", values.artistName],
    ["Song link", values.songLink],
    ["Genre", genres.find((genre) => genre.value === values.genre)?.label ?? "Not specified"],
    ["Duration", durationLabel ?? `${values.duration} days`],
    ["Who can join", whoCanJoin(allowedCountries, payoutCountries)],
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
