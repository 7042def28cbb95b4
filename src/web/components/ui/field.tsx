import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import { cn } from "../../lib/cn";

const controlStyles = (invalid: boolean) =>
  cn(
    "block w-full rounded-xl bg-white px-3.5 py-2.5 text-sm text-slate-900 shadow-xs ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:outline-none disabled:bg-slate-100",
    invalid ? "ring-red-400 focus:ring-red-500" : "ring-slate-300 focus:ring-brand-600",
  );

type FieldProps = {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: (ids: FieldIds) => ReactNode;
};
export type FieldIds = { id: string; describedBy: string | undefined; invalid: boolean };

/** Label, control, hint and error, wired together for screen readers. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }>(
  function Input({ invalid = false, className, ...props }, ref) {
    return (
      <input
        ref={ref}
        aria-invalid={invalid || undefined}
        className={cn(controlStyles(invalid), className)}
        {...props}
      />
    );
  },
);

export function Textarea({
  invalid = false,
  className,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean }) {
  return (
    <textarea
      aria-invalid={invalid || undefined}
      className={cn(controlStyles(invalid), "min-h-28", className)}
      {...props}
    />
  );
}

/** A select; `options` renders its choices (after any `children`, such as a placeholder option). */
export function Select({
  invalid = false,
  className,
  options = [],
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & {
  invalid?: boolean;
  options?: ReadonlyArray<{ value: string | number; label: string }>;
}) {
  return (
    <select aria-invalid={invalid || undefined} className={cn(controlStyles(invalid), "pr-8", className)} {...props}>
      {children}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
