import { type FormEvent, useState } from "react";
import type { EligibilityView } from "../../../core/api/accounts";
import {
  countryCodes,
  countryName,
  eligibilityProblems,
  minimumAge,
  minimumAgeByState,
  usStates,
} from "../../../core/eligibility";
import type { EligibilityInput } from "../../../core/eligibility-rules";
import { ApiError } from "../../lib/api";
import { Button } from "../ui/button";
import { Field, Select } from "../ui/field";
import { CheckboxField } from "../ui/text-field";

export const countryOptions = countryCodes
  .map((code) => ({ value: code, label: countryName(code) }))
  .sort((a, b) => a.label.localeCompare(b.label, "en"));
export const stateOptions = Object.entries(usStates).map(([code, name]) => ({ value: code, label: name }));

type Problems = ReturnType<typeof eligibilityProblems>;

/**
 * Where the promoter lives and that they are of age there (PRODUCT.md Official rules and eligibility): the settings
 * section and the first join's dialog. The age asked follows the state (19 in Alabama and Nebraska, 21 in
 * Mississippi, 18 elsewhere). `onSubmit` sends it; a refusal's message shows under the form or its field.
 */
export function EligibilityForm({
  current,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  current: EligibilityView | null;
  submitLabel: string;
  busy: boolean;
  onSubmit: (statement: EligibilityInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const [country, setCountry] = useState(current?.country ?? "");
  const [state, setState] = useState(current?.state ?? "");
  // A restatement confirms the age again: it may be another state's.
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  const age = minimumAge(country, state);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const found = eligibilityProblems({ country, state, ageConfirmed });
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      await onSubmit({ country, state: country === "US" ? state : null, age_confirmed: true });
    } catch (failed) {
      const fields = failed instanceof ApiError ? (failed.fields ?? {}) : {};
      setProblems({ country: fields.country, state: fields.state, age_confirmed: fields.age_confirmed });
      if (!fields.country && !fields.state && !fields.age_confirmed) {
        setError(failed instanceof ApiError && failed.status !== 0 ? failed.message : "Could not save. Try again.");
      }
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <Field label="Country you live in" error={problems.country}>
        {({ id, describedBy, invalid }) => (
          <Select
            id={id}
            aria-describedby={describedBy}
            invalid={invalid}
            value={country}
            autoComplete="country"
            options={countryOptions}
            onChange={(event) => {
              setCountry(event.target.value);
              setAgeConfirmed(false);
            }}
          >
            <option value="">Choose your country</option>
          </Select>
        )}
      </Field>
      {country === "US" ? (
        <Field
          label="State"
          error={problems.state}
          hint={`The age to enter is ${Object.entries(minimumAgeByState)
            .map(([code, minimum]) => `${minimum} in ${usStates[code]}`)
            .join(", ")}, 18 elsewhere.`}
        >
          {({ id, describedBy, invalid }) => (
            <Select
              id={id}
              aria-describedby={describedBy}
              invalid={invalid}
              value={state}
              options={stateOptions}
              onChange={(event) => {
                setState(event.target.value);
                setAgeConfirmed(false);
              }}
            >
              <option value="">Choose your state</option>
            </Select>
          )}
        </Field>
      ) : null}
      <CheckboxField
        label={`I am at least ${age} years old`}
        checked={ageConfirmed}
        error={problems.age_confirmed}
        onChange={(event) => setAgeConfirmed(event.target.checked)}
      />
      {error ? (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
