import type { LucideIcon } from "lucide-react";

export type Fact = { icon: LucideIcon; title: string; text: string };

/** Short facts with an icon each: two columns on tablets, four on wide screens. */
export function FactGrid({ facts }: { facts: readonly Fact[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {facts.map((fact) => (
        <li key={fact.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-gradient-to-br from-brand-600 to-accent-600 text-white">
            <fact.icon className="h-5 w-5" aria-hidden />
          </span>
          <h3 className="mt-4 font-bold text-slate-900">{fact.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">{fact.text}</p>
        </li>
      ))}
    </ul>
  );
}
