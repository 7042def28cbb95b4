import { Mail } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { publicPageMeta } from "../../../core/page-meta";
import { usePublicPageMeta } from "../../lib/page-meta";
import { buttonStyles } from "../ui/button";

/** A list item of a legal section: plain text, or a short bold lead followed by its text. */
export type LegalItem = string | { lead: string; text: string };
export type LegalSection = { id: string; heading: string; paragraphs: readonly string[]; list?: readonly LegalItem[] };

const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const itemKey = (item: LegalItem) => (typeof item === "string" ? item : item.lead);

/** Terms and Privacy: a readable document with a table of contents and a way to ask questions. */
export function LegalDocument({
  path,
  updated,
  ...document
}: {
  path: "/terms" | "/privacy";
  title: string;
  /** ISO date (YYYY-MM-DD) of the latest version. */
  updated: string;
  intro: string;
  sections: readonly LegalSection[];
}) {
  usePublicPageMeta(publicPageMeta[path]);
  return (
    <LegalLayout
      eyebrow="Legal"
      dateLine={
        <>
          Last updated <time dateTime={updated}>{longDate.format(new Date(`${updated}T00:00:00Z`))}</time>
        </>
      }
      {...document}
    />
  );
}

/** A legal text's page: its heading, numbered sections with their contents beside them, and the contact box. */
export function LegalLayout({
  eyebrow,
  title,
  dateLine,
  intro,
  sections,
  children,
}: {
  eyebrow: string;
  title: string;
  /** What version of the text this is, under the title. */
  dateLine: ReactNode;
  intro: string;
  sections: readonly LegalSection[];
  /** Shown under the intro (a link back, say). */
  children?: ReactNode;
}) {
  return (
    <article className="container-page py-12 sm:py-16">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        <h1 className="mt-2 text-4xl font-extrabold text-balance break-words text-slate-900 sm:text-5xl">{title}</h1>
        <p className="mt-3 text-sm break-words text-slate-600">{dateLine}</p>
        <p className="mt-6 text-lg leading-relaxed text-pretty text-slate-700">{intro}</p>
        {children}
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[15rem_1fr] lg:gap-14">
        <nav
          aria-labelledby="contents-heading"
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-24 lg:self-start"
        >
          <h2 id="contents-heading" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
            Contents
          </h2>
          <ol className="mt-3 flex flex-col gap-1 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="block rounded-lg px-2 py-1 text-slate-700 hover:bg-brand-50 hover:text-brand-800"
                >
                  {index + 1}. {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="flex max-w-3xl min-w-0 flex-col gap-10">
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
                <ul className="mt-4 flex list-disc flex-col gap-3 pl-6 leading-relaxed text-slate-700 marker:text-brand-600">
                  {section.list.map((item) => (
                    <li key={itemKey(item)}>
                      {typeof item === "string" ? (
                        item
                      ) : (
                        <>
                          <strong className="font-semibold text-slate-900">{item.lead}.</strong> {item.text}
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
          <aside
            aria-labelledby="legal-contact-heading"
            className="flex flex-col gap-4 rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <h2 id="legal-contact-heading" className="text-lg font-bold text-slate-900">
                Questions about this document?
              </h2>
              <p className="mt-1 text-sm text-slate-700">
                Write to us through the contact form; we answer within 1-2 business days.
              </p>
            </div>
            <Link to="/contact" className={buttonStyles("primary", "md", "shrink-0")}>
              <Mail className="h-4 w-4" aria-hidden /> Contact us
            </Link>
          </aside>
        </div>
      </div>
    </article>
  );
}
