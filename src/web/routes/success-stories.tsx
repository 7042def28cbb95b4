import { Info, Quote } from "lucide-react";
import { Link } from "react-router";
import { publicPageMeta } from "../../core/page-meta";
import { CtaBand } from "../components/marketing/cta-band";
import { PageHero, Section } from "../components/marketing/page-hero";
import { buttonStyles } from "../components/ui/button";
import { usePublicPageMeta } from "../lib/page-meta";

/** Illustrative, and labelled so: FanBoost shows no invented figures as real results. */
const exampleStats = [
  { value: "$250", label: "prize in the example campaign" },
  { value: "30", label: "promoters who joined it" },
  { value: "1,400", label: "verified clicks in a week" },
];

const stories = [
  {
    name: "Maya R.",
    role: "Indie pop artist",
    quote:
      "I put up $250 for my single and let my fans run the campaign. Watching the leaderboard move every evening was the most fun I've had on a release.",
  },
  {
    name: "Dev K.",
    role: "Promoter, college radio DJ",
    quote:
      "I share songs I like anyway. Now my link shows exactly how many people I brought, and I won a prize for a track I was already playing on air.",
  },
  {
    name: "The Lanterns",
    role: "Rock band",
    quote:
      "We printed the QR codes of our promoters' links on our gig posters. The clicks went to the fans who hung them, which felt right.",
  },
];

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
          Illustrative stories: the names, quotes and figures on this page are examples of how a campaign works, not
          results of real FanBoost users.
        </p>
      </div>
      <Section id="example-stats-heading" title="An example campaign in numbers">
        <dl className="grid gap-4 sm:grid-cols-3">
          {exampleStats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200"
            >
              <dt className="text-sm text-slate-600">{stat.label}</dt>
              <dd className="order-first text-4xl font-extrabold text-gradient">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id="stories-heading" title="Three example stories" className="bg-white">
        <div className="grid gap-6 lg:grid-cols-3">
          {stories.map((story) => (
            <figure key={story.name} className="flex flex-col rounded-3xl bg-slate-50 p-8 ring-1 ring-slate-200">
              <Quote className="h-7 w-7 text-brand-600" aria-hidden />
              <blockquote className="mt-4 flex-1 leading-relaxed text-slate-800">{story.quote}</blockquote>
              <figcaption className="mt-6">
                <p className="font-semibold text-slate-900">{story.name}</p>
                <p className="text-sm text-slate-600">{story.role} · illustrative</p>
              </figcaption>
            </figure>
          ))}
        </div>
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
