import type { ReactNode } from "react";

/** The dark banner that opens each public page: eyebrow, the page's one h1, a lead, optional actions. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: ReactNode;
  lead: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-ink text-white">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(50rem_24rem_at_85%_-20%,rgba(219,39,119,0.32),transparent),radial-gradient(40rem_24rem_at_0%_120%,rgba(124,58,237,0.4),transparent)]"
      />
      <div className="container-page relative py-14 sm:py-20">
        <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-4xl leading-tight font-extrabold text-balance sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-pretty text-slate-300">{lead}</p>
        {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </section>
  );
}

/** A titled band of a page. */
export function Section({
  id,
  title,
  lead,
  children,
  className = "",
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`py-14 sm:py-20 ${className}`}>
      <div className="container-page">
        <h2 id={id} className="text-3xl font-extrabold text-slate-900">
          {title}
        </h2>
        {lead ? <p className="mt-2 max-w-2xl text-slate-600">{lead}</p> : null}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
