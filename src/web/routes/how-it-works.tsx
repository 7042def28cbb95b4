import { ArrowRight, Quote } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { publicPageMeta } from "../../core/page-meta";
import { useAuthDialog } from "../components/auth/auth-dialog-context";
import { CtaBand } from "../components/marketing/cta-band";
import { PageHero } from "../components/marketing/page-hero";
import { Steps } from "../components/marketing/steps";
import { Button, buttonStyles } from "../components/ui/button";
import { artistSteps, promoterSteps } from "../content/how-it-works";
import { cn } from "../lib/cn";
import { usePublicPageMeta } from "../lib/page-meta";

const tabs = [
  { id: "promoters", label: "For Promoters", steps: promoterSteps },
  { id: "artists", label: "For Artists", steps: artistSteps },
] as const;
type TabId = (typeof tabs)[number]["id"];

export default function HowItWorksPage() {
  usePublicPageMeta(publicPageMeta["/how-it-works"]);
  const { openAuth } = useAuthDialog();
  const [active, setActive] = useState<TabId>("promoters");
  const tab = tabs.find((candidate) => candidate.id === active) ?? tabs[0];

  return (
    <>
      <PageHero
        eyebrow="How it works"
        title="A prize for the song, a link for every fan"
        lead="Artists put up a cash prize. Fans share their own link to the song. Verified clicks decide the winner, live, for everyone to see."
      />
      <section className="container-page py-14 sm:py-20" aria-labelledby="steps-heading">
        <h2 id="steps-heading" className="sr-only">
          Steps
        </h2>
        <div
          role="tablist"
          aria-label="Who you are"
          className="inline-flex rounded-2xl bg-white p-1 shadow-sm ring-1 ring-slate-200"
        >
          {tabs.map((candidate) => (
            <button
              key={candidate.id}
              type="button"
              role="tab"
              id={`tab-${candidate.id}`}
              aria-selected={candidate.id === active}
              aria-controls={`panel-${candidate.id}`}
              tabIndex={candidate.id === active ? 0 : -1}
              onClick={() => setActive(candidate.id)}
              onKeyDown={(event) => {
                if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
                const next = tabs[(tabs.findIndex((item) => item.id === active) + 1) % tabs.length];
                if (next) {
                  setActive(next.id);
                  document.getElementById(`tab-${next.id}`)?.focus();
                }
              }}
              className={cn(
                "rounded-xl px-5 py-2.5 text-sm font-semibold transition-colors",
                candidate.id === active ? "bg-brand-600 text-white shadow" : "text-slate-700 hover:bg-slate-100",
              )}
            >
              {candidate.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${tab.id}`} aria-labelledby={`tab-${tab.id}`} className="mt-8">
          <Steps steps={tab.steps} />
        </div>
      </section>

      <section className="bg-white py-14 sm:py-20" aria-labelledby="story-heading">
        <div className="container-page grid gap-10 lg:grid-cols-[1fr_1.2fr] lg:items-center">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">An example campaign</p>
            <h2 id="story-heading" className="mt-2 text-3xl font-extrabold text-slate-900">
              From a $250 prize to a song people talk about
            </h2>
            <p className="mt-4 text-slate-600">
              An illustrative story of how a campaign plays out. Names and numbers are examples, not a real campaign.
            </p>
          </div>
          <figure className="rounded-3xl bg-slate-50 p-8 ring-1 ring-slate-200">
            <Quote className="h-8 w-8 text-brand-600" aria-hidden />
            <blockquote className="mt-4 text-lg leading-relaxed text-slate-800">
              Maya funds a $250 prize for her new single and a one-week campaign. Thirty fans join; the leader shares
              her link in three college group chats and on a gig flyer with its QR code. By Sunday the leaderboard shows
              1,400 verified clicks across all promoters, and the top promoter is paid $250 on Friday.
            </blockquote>
            <figcaption className="mt-4 text-sm text-slate-600">Illustrative example</figcaption>
          </figure>
        </div>
      </section>

      <CtaBand title="Ready when you are" lead="Join a live campaign in a minute, or launch one for your next release.">
        <Link to="/join-campaign" className={buttonStyles("secondary", "lg")}>
          Browse Campaigns <ArrowRight className="h-5 w-5" aria-hidden />
        </Link>
        <Button
          size="lg"
          className="bg-white/15 text-white ring-1 ring-white/40 hover:bg-white/25"
          onClick={() => openAuth({ mode: "signup", userType: "promoter" })}
        >
          Create a promoter account
        </Button>
        <Link
          to="/create-campaign"
          className={buttonStyles("ghost", "lg", "text-white hover:bg-white/15 hover:text-white")}
        >
          Start a campaign
        </Link>
        <Link to="/pricing" className={buttonStyles("ghost", "lg", "text-white hover:bg-white/15 hover:text-white")}>
          See pricing
        </Link>
      </CtaBand>
    </>
  );
}
