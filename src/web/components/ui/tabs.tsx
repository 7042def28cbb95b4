import * as RadixTabs from "@radix-ui/react-tabs";
import { createContext, type ReactNode, useContext } from "react";
import { cn } from "../../lib/cn";

/**
 * Tabs on Radix: roles, `aria-controls`, and arrow keys, Home and End between tabs. `segmented` is a grey track with
 * the chosen tab raised in white; `solid` a white track with the chosen tab filled in the brand colour.
 */
type Variant = "segmented" | "solid";
const VariantContext = createContext<Variant>("segmented");

export function Tabs<Value extends string>({
  value,
  onValueChange,
  children,
  className,
}: {
  value: Value;
  onValueChange: (value: Value) => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <RadixTabs.Root value={value} onValueChange={(next) => onValueChange(next as Value)} className={className}>
      {children}
    </RadixTabs.Root>
  );
}

const listStyles: Record<Variant, string> = {
  segmented: "inline-flex gap-1 rounded-xl bg-slate-100 p-1",
  solid: "inline-flex rounded-2xl bg-white p-1 shadow-sm ring-1 ring-slate-200",
};
const tabStyles: Record<Variant, string> = {
  segmented:
    "rounded-lg px-4 py-2 text-sm font-semibold text-slate-600 transition hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm",
  solid:
    "rounded-xl px-4 py-2.5 text-sm font-semibold text-slate-700 transition-colors hover:bg-slate-100 sm:px-5 data-[state=active]:bg-brand-600 data-[state=active]:text-white data-[state=active]:shadow",
};

export function TabList({
  label,
  variant = "segmented",
  children,
  className,
}: {
  /** What the tabs choose between, for screen readers. */
  label: string;
  variant?: Variant;
  children: ReactNode;
  className?: string;
}) {
  return (
    <VariantContext.Provider value={variant}>
      <RadixTabs.List aria-label={label} className={cn(listStyles[variant], className)}>
        {children}
      </RadixTabs.List>
    </VariantContext.Provider>
  );
}

export function Tab({ value, children, className }: { value: string; children: ReactNode; className?: string }) {
  const variant = useContext(VariantContext);
  return (
    <RadixTabs.Trigger
      value={value}
      className={cn(
        "focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none",
        tabStyles[variant],
        className,
      )}
    >
      {children}
    </RadixTabs.Trigger>
  );
}

export function TabPanel({ value, children, className }: { value: string; children: ReactNode; className?: string }) {
  return (
    <RadixTabs.Content value={value} className={cn("focus-visible:outline-none", className)}>
      {children}
    </RadixTabs.Content>
  );
}
