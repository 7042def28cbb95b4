import { ArrowRight, Info, Quote } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { publicPageMeta } from "../../core/page-meta";
import { useAuthDialog } from "../components/auth/auth-dialog-context";
import { CtaBand } from "../components/marketing/cta-band";
import { PageHero } from "../components/marketing/page-hero";
import { Steps } from "../components/marketing/steps";
import { Button, buttonStyles } from "../components/ui/button";
import { Tab, TabList, TabPanel, Tabs } from "../components/ui/tabs";
import { artistSteps, exampleCampaign, promoterSteps } from "../content/how-it-works";
import { usePublicPageMeta } from "../lib/page-meta";

const tabs = [
  {
    id: "promoters",
    label: "For Promoters",
    lead: "Share songs you like, bring real listeners, win cash. Free to join.",
    steps: promoterSteps,
  },
  {
    id: "artists",
    label: "For Artists",
    lead: "Fund a prize once and let your fans compete to spread your song.",
    steps: artistSteps,
  },
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
        <Tabs value={active} onValueChange={setActive}>
          <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
            <div>
              <h2 id="steps-heading" className="text-3xl font-extrabold text-slate-900">
                Six steps from start to prize
              </h2>
              <p className="mt-2 max-w-xl text-slate-600">{tab.lead}</p>
            </div>
            <TabList label="Show the steps for" variant="solid" className="self-start md:self-auto">
              {tabs.map((candidate) => (
                <Tab key={candidate.id} value={candidate.id}>
                  {candidate.label}
                </Tab>
              ))}
            </TabList>
          </div>
          {tabs.map((candidate) => (
            <TabPanel key={candidate.id} value={candidate.id} className="mt-8">
              <Steps steps={candidate.steps} />
            </TabPanel>
          ))}
        </Tabs>
      </section>

      <section className="bg-white py-14 sm:py-20" aria-labelledby="story-heading">
        <div className="container-page grid gap-10 lg:grid-cols-[1fr_1.2fr] lg:items-center">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">A success story</p>
            <h2 id="story-heading" className="mt-2 text-3xl font-extrabold text-balance text-slate-900">
              From a {exampleCampaign.prize} prize to a song people talk about
            </h2>
            <p className="mt-4 flex items-start gap-2 text-sm text-slate-600">
              <Info className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden />
              An illustrative story of how a campaign plays out. Names and numbers are examples, not a real campaign.
            </p>
            <dl className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-2">
              {exampleCampaign.facts.map((fact) => (
                <div key={fact.label} className="rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200">
                  <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{fact.label}</dt>
                  <dd className="mt-1 text-2xl font-extrabold text-slate-900">{fact.value}</dd>
                </div>
              ))}
            </dl>
          </div>
          <figure className="rounded-3xl bg-gradient-to-br from-brand-50 to-white p-6 ring-1 ring-brand-100 sm:p-8">
            <Quote className="h-8 w-8 text-brand-600" aria-hidden />
            <blockquote className="mt-4 text-lg leading-relaxed text-slate-800">{exampleCampaign.story}</blockquote>
            <figcaption className="mt-6 text-sm font-medium text-slate-600">Illustrative example</figcaption>
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
