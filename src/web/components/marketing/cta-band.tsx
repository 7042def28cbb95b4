import type { ReactNode } from "react";

/** The closing call to action of a page. */
export function CtaBand({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <section className="container-page py-14 sm:py-20">
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-600 to-accent-600 px-6 py-12 text-center text-white shadow-xl sm:px-12">
        <h2 className="text-3xl font-extrabold">{title}</h2>
        <p className="mx-auto mt-3 max-w-xl text-brand-50">{lead}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
      </div>
    </section>
  );
}
