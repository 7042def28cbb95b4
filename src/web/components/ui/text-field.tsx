import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from "react";
import { Field, Input, Textarea } from "./field";

type Common = { label: ReactNode; error?: string | undefined; hint?: ReactNode };

/** A labelled text input with its hint and error, wired for screen readers (`aria-invalid`, `aria-describedby`). */
export function TextField({ label, error, hint, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => <Input id={id} aria-describedby={describedBy} invalid={invalid} {...input} />}
    </Field>
  );
}

/** The multi-line `TextField`. */
export function TextAreaField({ label, error, hint, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <Textarea id={id} aria-describedby={describedBy} invalid={invalid} {...input} />
      )}
    </Field>
  );
}

/** A checkbox with its label (which may hold links, such as the terms') and its error, wired for screen readers. */
export function CheckboxField({
  label,
  error,
  ...input
}: Omit<Common, "hint"> & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${useId()}-error`;
  return (
    <div>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-600"
          {...input}
        />
        <span>{label}</span>
      </label>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
