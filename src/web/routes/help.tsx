import { BookOpen, CreditCard, Mail, Search } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { PLATFORM_FEE_PERCENT } from "../../core/money";
import { publicPageMeta } from "../../core/page-meta";
import { CtaBand } from "../components/marketing/cta-band";
import { FaqAccordion } from "../components/marketing/faq-accordion";
import { PageHero } from "../components/marketing/page-hero";
import { buttonStyles } from "../components/ui/button";
import { Input } from "../components/ui/field";
import { faqGroups } from "../content/faq";
import { usePublicPageMeta } from "../lib/page-meta";

const supportTiles = [
  {
    icon: Mail,
    title: "Contact support",
    text: "A question about your account, a campaign or a result? We answer by email within 1-2 business days.",
    to: "/contact",
    action: "Send a message",
  },
  {
    icon: BookOpen,
    title: "How it works",
    text: "The whole flow for artists and promoters, step by step, with an example campaign.",
    to: "/how-it-works",
    action: "Read the guide",
  },
  {
    icon: CreditCard,
    title: "Billing & payouts",
    text: `What artists pay, the ${PLATFORM_FEE_PERCENT}% platform fee, and when and how winners are paid.`,
    to: "/pricing",
    action: "See fees and payouts",
  },
] as const;

const matchSummary = (count: number, query: string) =>
  `${count} ${count === 1 ? "answer matches" : "answers match"} "${query}"`;

export default function HelpPage() {
  usePublicPageMeta(publicPageMeta["/help"]);
  const [query, setQuery] = useState("");
  const searching = query.trim() !== "";
  const groups = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return faqGroups;
    return faqGroups
      .map((group) => ({
        ...group,
        items: group.items.filter((item) => `${item.question} ${item.answer}`.toLowerCase().includes(needle)),
      }))
      .filter((group) => group.items.length > 0);
  }, [query]);

  return (
    <>
      <PageHero
        eyebrow="Help center"
        title="How can we help?"
        lead="Answers about campaigns, verified clicks, fees and payouts."
      >
        <search className="relative block w-full max-w-xl">
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 h-5 w-5 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search the help center"
            placeholder="Search questions, for example: payout"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="py-3.5 pl-11 text-base"
          />
        </search>
      </PageHero>

      {/* While searching, the results come straight after the search box (on phones the tiles would push them off screen). */}
      {searching ? null : (
        <section className="container-page pt-10 sm:pt-12" aria-labelledby="support-heading">
          <h2 id="support-heading" className="sr-only">
            Support options
          </h2>
          <div className="grid gap-4 md:grid-cols-3">
            {supportTiles.map((tile) => (
              <Link
                key={tile.title}
                to={tile.to}
                className="group flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-brand-200 md:flex-col md:gap-0 md:p-6"
              >
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                  <tile.icon className="h-5 w-5" aria-hidden />
                </span>
                <div className="flex flex-1 flex-col">
                  <h3 className="text-lg font-bold text-slate-900 md:mt-4">{tile.title}</h3>
                  <span className="mt-1 flex-1 text-sm text-slate-600">{tile.text}</span>
                  <span className="mt-3 text-sm font-semibold text-brand-700 group-hover:underline md:mt-4">
                    {tile.action}
                  </span>
                </div>
              </Link>
            ))}
          </div>
        </section>
      )}

      <section className="container-page pt-10 pb-4 sm:pt-12" aria-labelledby="faq-heading">
        <h2 id="faq-heading" className="text-3xl font-extrabold text-slate-900">
          Frequently asked questions
        </h2>
        <p className="mt-2 text-sm text-slate-600" aria-live="polite">
          {query.trim()
            ? matchSummary(
                groups.reduce((sum, group) => sum + group.items.length, 0),
                query.trim(),
              )
            : null}
        </p>
        {groups.length === 0 ? (
          <div className="mt-6 rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
            <p className="font-semibold text-slate-900">No answers match your search.</p>
            <p className="mt-1 text-sm text-slate-600">
              Try another word, or{" "}
              <Link to="/contact" className="font-semibold text-brand-700 underline">
                ask us directly
              </Link>
              .
            </p>
          </div>
        ) : (
          <div className="mt-6 flex flex-col gap-10">
            {groups.map((group) => (
              <div key={group.id}>
                <h3 className="mb-4 text-xl font-bold text-slate-900">{group.title}</h3>
                <FaqAccordion items={group.items} />
              </div>
            ))}
          </div>
        )}
      </section>

      <CtaBand title="Still have a question?" lead="Write to us and a person will answer within 1-2 business days.">
        <Link to="/contact" className={buttonStyles("secondary", "lg")}>
          Contact support
        </Link>
      </CtaBand>
    </>
  );
}
