import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/**
 * A set of checkboxes choosing some of `options`, in a fieldset with its legend: `selected` holds the chosen values, in
 * the order they were ticked. `technical` shows each value beside its label (an API scope, an event type).
 */
export function CheckboxList<Value extends string>({
  legend,
  options,
  selected,
  onChange,
  technical = false,
  className,
}: {
  legend?: ReactNode;
  options: ReadonlyArray<{ value: Value; label: string }>;
  selected: readonly Value[];
  onChange: (next: Value[]) => void;
  technical?: boolean;
  className?: string;
}) {
  return (
    <fieldset className={cn("flex flex-col gap-1.5", className)}>
      {legend ? <legend className="text-sm font-medium text-slate-800">{legend}</legend> : null}
      {options.map(({ value, label }) => (
        <label key={value} className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-600"
            checked={selected.includes(value)}
            onChange={(event) =>
              onChange(event.target.checked ? [...selected, value] : selected.filter((other) => other !== value))
            }
          />
          {label}
          {technical ? <code className="text-xs text-slate-500">{value}</code> : null}
        </label>
      ))}
    </fieldset>
  );
}
