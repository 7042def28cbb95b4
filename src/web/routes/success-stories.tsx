import { Info, Quote } from "lucide-react";
import { Link } from "react-router";
import { publicPageMeta } from "../../core/page-meta";
import { CtaBand } from "../components/marketing/cta-band";
import { PageHero, Section } from "../components/marketing/page-hero";
import { Badge } from "../components/ui/badge";
import { buttonStyles } from "../components/ui/button";
import { exampleStats, exampleStories } from "../content/success-stories";
import { usePublicPageMeta } from "../lib/page-meta";

export default function SuccessStoriesPage() {
  usePublicPageMeta(publicPageMeta["/success-stories"]);
  return (
    <>
      <PageHero
        eyebrow="Success stories"
        title="What a FanBoost campaign can look like"
        lead="How artists and promoters use campaigns, told through illustrative examples."
      />
      <div className="container-page pt-10">
        <p className="flex items-start gap-3 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
          <Info className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <span>
            <strong className="font-semibold">Illustrative stories:</strong> names and figures are examples, not real
            users or real FanBoost campaigns. They show how a campaign works.
          </span>
        </p>
      </div>

      <Section
        id="example-stats-heading"
        title="An example campaign in numbers"
        lead="One illustrative campaign, from launch to payout."
      >
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {exampleStats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col items-center rounded-2xl bg-white p-5 text-center shadow-sm ring-1 ring-slate-200 sm:p-6"
            >
              <dt className="mt-1 text-sm text-slate-600">{stat.label}</dt>
              <dd className="order-first bg-gradient-to-r from-brand-700 to-accent-600 bg-clip-text text-3xl font-extrabold text-transparent sm:text-4xl">
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section
        id="stories-heading"
        title="Three example stories"
        lead="Artists and promoters in made-up but typical campaigns."
        className="bg-white"
      >
        <ul className="grid gap-6 lg:grid-cols-3">
          {exampleStories.map((story) => (
            <li key={story.name}>
              <figure className="flex h-full flex-col rounded-3xl bg-slate-50 p-6 ring-1 ring-slate-200 sm:p-8">
                <div className="flex items-center justify-between gap-4">
                  <Quote className="h-7 w-7 text-brand-600" aria-hidden />
                  <Badge tone="warning">Illustrative</Badge>
                </div>
                <blockquote className="mt-4 flex-1 leading-relaxed text-slate-800">{story.quote}</blockquote>
                <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-200 pt-5">
                  <span
                    aria-hidden
                    className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-accent-600 text-sm font-bold text-white"
                  >
                    {story.initials}
                  </span>
                  <span className="min-w-0">
                    <span className="block font-semibold text-slate-900">{story.name}</span>
                    <span className="block text-sm text-slate-600">{story.role}</span>
                    <span className="mt-1 block text-xs font-medium text-brand-700">{story.campaign}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand
        title="Write your own story"
        lead="Start a campaign for your next release, or join one and share a song you love."
      >
        <Link to="/create-campaign" className={buttonStyles("secondary", "lg")}>
          Start Campaign
        </Link>
        <Link
          to="/join-campaign"
          className={buttonStyles("ghost", "lg", "text-white hover:bg-white/15 hover:text-white")}
        >
          Browse Campaigns
        </Link>
      </CtaBand>
    </>
  );
}
