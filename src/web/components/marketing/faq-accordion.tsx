import { ChevronDown } from "lucide-react";

export type Faq = { question: string; answer: string };

/** Questions as native disclosure widgets: keyboard and screen-reader friendly without script. */
export function FaqAccordion({ items }: { items: readonly Faq[] }) {
  return (
    <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {items.map((item) => (
        <details key={item.question} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
            {item.question}
            <ChevronDown
              className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
              aria-hidden
            />
          </summary>
          <p className="px-5 pb-5 text-sm leading-relaxed text-slate-700">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
