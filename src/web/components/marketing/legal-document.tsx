import { publicPageMeta } from "../../../core/page-meta";
import { usePublicPageMeta } from "../../lib/page-meta";

export type LegalSection = { id: string; heading: string; paragraphs: readonly string[]; list?: readonly string[] };

/** Terms and Privacy: a readable document with a table of contents. */
export function LegalDocument({
  path,
  title,
  updated,
  intro,
  sections,
}: {
  path: "/terms" | "/privacy";
  title: string;
  updated: string;
  intro: string;
  sections: readonly LegalSection[];
}) {
  usePublicPageMeta(publicPageMeta[path]);
  return (
    <article className="container-page py-12 sm:py-16">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-extrabold text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">Last updated {updated}</p>
        <p className="mt-6 text-lg leading-relaxed text-slate-700">{intro}</p>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Contents" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Contents</h2>
          <ol className="mt-3 flex flex-col gap-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-slate-700 hover:text-brand-700 hover:underline">
                  {index + 1}. {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="flex max-w-3xl flex-col gap-10">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-24"
            >
              <h2 id={`${section.id}-heading`} className="text-2xl font-bold text-slate-900">
                {index + 1}. {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)} className="mt-4 leading-relaxed text-slate-700">
                  {paragraph}
                </p>
              ))}
              {section.list ? (
                <ul className="mt-4 flex list-disc flex-col gap-2 pl-6 leading-relaxed text-slate-700">
                  {section.list.map((item) => (
                    <li key={item.slice(0, 40)}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
