import { formatCents, MIN_PRIZE_CENTS, PLATFORM_FEE_PERCENT, prizePresets } from "../../../core/money";
import { prizeAmounts } from "../../../core/pricing";
import { cn } from "../../lib/cn";

const rows = prizePresets.map((preset) => ({
  label: preset.label,
  mostPopular: "mostPopular" in preset,
  ...prizeAmounts(preset.dollars),
}));

function MostPopular() {
  return (
    <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
      Most popular
    </span>
  );
}
const cell = "px-4 py-3";
const fee = `${PLATFORM_FEE_PERCENT}%`;

/** The prize presets with fee and total: a table from tablet width, a list on phones; the most popular marked. */
export function PresetPrices() {
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">Prize presets with their fee and the total the artist pays</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className={cell}>
              Preset
            </th>
            <th scope="col" className={cell}>
              Prize
            </th>
            <th scope="col" className={cell}>
              Fee ({fee})
            </th>
            <th scope="col" className={cell}>
              You pay
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-700">
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className={cn(cell, "font-semibold text-slate-900")}>
                {row.label}
                {row.mostPopular ? <MostPopular /> : null}
              </th>
              <td className={cell}>{formatCents(row.prizeCents)}</td>
              <td className={cell}>{formatCents(row.feeCents)}</td>
              <td className={cn(cell, "font-semibold text-slate-900")}>{formatCents(row.totalCents)}</td>
            </tr>
          ))}
          <tr className="bg-brand-50/60">
            <th scope="row" className={cn(cell, "font-semibold text-slate-900")}>
              Custom
            </th>
            <td className={cell}>From {formatCents(MIN_PRIZE_CENTS)}</td>
            <td className={cell}>{fee} of the prize</td>
            <td className={cn(cell, "font-semibold text-slate-900")}>Prize + fee</td>
          </tr>
        </tbody>
      </table>

      <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Prize presets with their fee and total">
        {rows.map((row) => (
          <li key={row.label} className="flex items-center justify-between gap-4 px-4 py-3">
            <span>
              <span className="block font-semibold text-slate-900">
                {row.label}
                {row.mostPopular ? <MostPopular /> : null}
              </span>
              <span className="block text-sm text-slate-600">{formatCents(row.prizeCents)} prize</span>
            </span>
            <span className="text-right">
              <span className="block font-semibold text-slate-900">{formatCents(row.totalCents)}</span>
              <span className="block text-xs text-slate-600">incl. {formatCents(row.feeCents)} fee</span>
            </span>
          </li>
        ))}
        <li className="flex items-center justify-between gap-4 bg-brand-50/60 px-4 py-3">
          <span>
            <span className="block font-semibold text-slate-900">Custom</span>
            <span className="block text-sm text-slate-600">From {formatCents(MIN_PRIZE_CENTS)}</span>
          </span>
          <span className="text-right text-sm font-semibold text-slate-900">Prize + {fee}</span>
        </li>
      </ul>
    </div>
  );
}
