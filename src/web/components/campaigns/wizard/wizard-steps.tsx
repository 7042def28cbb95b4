import { Check, ChevronLeft, ChevronRight, Rocket } from "lucide-react";
import { cn } from "../../../lib/cn";
import { Button } from "../../ui/button";
import { wizardSteps } from "./wizard-form";

/** The wizard's three steps, the current one marked, the ones done filled in. */
export function WizardProgress({ step }: { step: number }) {
  return (
    <ol className="mt-8 grid grid-cols-3 gap-2" aria-label="Steps">
      {wizardSteps.map((label, index) => (
        <li key={label} aria-current={index === step ? "step" : undefined} className="flex flex-col gap-2">
          <span
            className={cn(
              "h-1.5 rounded-full",
              index <= step ? "bg-gradient-to-r from-brand-600 to-accent-600" : "bg-slate-200",
            )}
          />
          <span
            className={cn("text-xs font-semibold sm:text-sm", index === step ? "text-brand-800" : "text-slate-500")}
          >
            {index + 1}. {label}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Previous, then Continue (which checks the step) or, on the last step, Launch Campaign and what happens next. */
export function WizardButtons({
  step,
  submitting,
  onPrevious,
}: {
  step: number;
  submitting: boolean;
  onPrevious: () => void;
}) {
  return (
    <>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="secondary" onClick={onPrevious} disabled={step === 0 || submitting}>
          <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
        </Button>
        {step < wizardSteps.length - 1 ? (
          <Button type="submit">
            Continue <ChevronRight className="h-4 w-4" aria-hidden />
          </Button>
        ) : (
          <Button type="submit" variant="accent" loading={submitting}>
            <Rocket className="h-4 w-4" aria-hidden /> Launch Campaign
          </Button>
        )}
      </div>
      {step === 2 ? (
        <p className="flex items-center gap-2 text-xs text-slate-500">
          <Check className="h-4 w-4 text-emerald-600" aria-hidden /> You pay on the next page. Your campaign goes live
          once the payment is confirmed.
        </p>
      ) : null}
    </>
  );
}
