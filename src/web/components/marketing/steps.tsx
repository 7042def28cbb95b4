import type { LucideIcon } from "lucide-react";

export type Step = { title: string; text: string; icon: LucideIcon };

/** Numbered steps, in a grid on wide screens and a list on phones. */
export function Steps({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {steps.map((step, index) => (
        <li key={step.title} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <div className="flex items-center gap-3">
            <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
              <step.icon className="h-5 w-5" aria-hidden />
            </span>
            <span className="text-sm font-bold text-brand-700">Step {index + 1}</span>
          </div>
          <h3 className="mt-4 text-lg font-bold text-slate-900">{step.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
