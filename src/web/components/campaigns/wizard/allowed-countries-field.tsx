import { countryName, eligibilityMessages } from "../../../../core/eligibility";
import { cn } from "../../../lib/cn";
import { CheckboxList } from "../../ui/checkbox-list";

/**
 * Who can join (PRODUCT.md Official rules and eligibility): everyone who lives where prizes can be paid, or the
 * countries the artist ticks among those. `value` null: all of them, as the rules will state at launch.
 */
export function AllowedCountriesField({
  payoutCountries,
  value,
  error,
  onChange,
}: {
  payoutCountries: readonly string[];
  value: string[] | null;
  error: string | undefined;
  onChange: (next: string[] | null) => void;
}) {
  const sorted = [...payoutCountries].sort((a, b) => countryName(a).localeCompare(countryName(b), "en"));
  const radio = (limited: boolean, label: string) => (
    <label
      className={cn(
        "flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2.5 text-sm ring-1",
        (value !== null) === limited ? "bg-brand-50 ring-2 ring-brand-600" : "bg-white ring-slate-200",
      )}
    >
      <input
        type="radio"
        name="allowedCountries"
        checked={(value !== null) === limited}
        onChange={() => onChange(limited ? [] : null)}
        className="accent-brand-600"
      />
      {label}
    </label>
  );
  return (
    <fieldset aria-describedby={error ? "allowed-countries-error" : undefined}>
      <legend className="text-sm font-medium text-slate-800">Who can join</legend>
      <p className="mt-1 text-xs text-slate-600">
        Promoters must be of age and live in a country the campaign is open to. Its official rules state the list.
      </p>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {radio(false, `Everyone where prizes can be paid (${payoutCountries.length} countries)`)}
        {radio(true, "Only the countries I choose")}
      </div>
      {value !== null ? (
        <CheckboxList
          className="mt-3 grid! max-h-56 grid-cols-2 gap-x-4 gap-y-1.5 overflow-y-auto rounded-xl p-3 ring-1 ring-slate-200 sm:grid-cols-3"
          options={sorted.map((code) => ({ value: code, label: countryName(code) }))}
          selected={value}
          onChange={onChange}
        />
      ) : null}
      {error ? (
        <p id="allowed-countries-error" className="mt-2 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The wizard's check before it moves on: a limited campaign names at least one country. */
export const allowedCountriesProblem = (value: string[] | null) =>
  value !== null && value.length === 0 ? eligibilityMessages.campaignCountries : undefined;
