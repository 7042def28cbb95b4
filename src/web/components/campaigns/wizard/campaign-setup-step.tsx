import { campaignDurations, DEFAULT_DURATION_DAYS, formatCents, prizePresets } from "../../../../core/money";
import { cn } from "../../../lib/cn";
import { Field, Select } from "../../ui/field";
import { TextField } from "../../ui/text-field";
import type { WizardForm } from "./wizard-form";

const prizeOptions = [
  ...prizePresets.map((preset) => ({
    value: String(preset.dollars),
    title: formatCents(preset.dollars * 100),
    label: "mostPopular" in preset ? `${preset.label} · Most popular` : preset.label,
  })),
  { value: "custom", title: "Custom", label: "Your amount" },
];

/** Step 2: the prize (a preset or a custom amount) and the duration. */
export function CampaignSetupStep({ form }: { form: WizardForm }) {
  const { values, errors, set } = form;
  return (
    <>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Prize for the winner</legend>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {prizeOptions.map((option) => (
            <label
              key={option.value}
              className={cn(
                "flex cursor-pointer flex-col rounded-xl p-3 ring-1 transition has-focus-visible:ring-2 has-focus-visible:ring-brand-600",
                values.prizeAmount === option.value
                  ? "bg-brand-50 ring-2 ring-brand-600"
                  : "bg-white ring-slate-200 hover:ring-slate-300",
              )}
            >
              <input
                type="radio"
                name="prizeAmount"
                value={option.value}
                checked={values.prizeAmount === option.value}
                onChange={() => set("prizeAmount", option.value)}
                aria-invalid={errors.prizeAmount ? true : undefined}
                className="sr-only"
              />
              <span className="text-lg font-bold text-slate-900">{option.title}</span>
              <span className="text-xs text-slate-600">{option.label}</span>
            </label>
          ))}
        </div>
        {errors.prizeAmount ? (
          <p className="mt-2 text-sm text-red-700" role="alert">
            {errors.prizeAmount}
          </p>
        ) : null}
      </fieldset>
      {values.prizeAmount === "custom" ? (
        <TextField
          label="Custom amount (USD)"
          type="number"
          min={10}
          step={1}
          inputMode="numeric"
          {...form.field("customAmount")}
        />
      ) : null}
      <Field label="Duration">
        {({ id }) => (
          <Select id={id} value={values.duration} onChange={(e) => set("duration", e.target.value)}>
            {campaignDurations.map((duration) => (
              <option key={duration.days} value={duration.days}>
                {duration.label}
                {duration.days === DEFAULT_DURATION_DAYS ? " (recommended)" : ""}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </>
  );
}
