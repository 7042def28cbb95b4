import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
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
