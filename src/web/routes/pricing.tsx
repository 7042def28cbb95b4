import { Clock, Info } from "lucide-react";
import { Link } from "react-router";
import {
  campaignDurations,
  DEFAULT_DURATION_DAYS,
  formatCents,
  MIN_PRIZE_CENTS,
  PLATFORM_FEE_PERCENT,
} from "../../core/money";
import { publicPageMeta } from "../../core/page-meta";
import { pricingTiers } from "../../core/pricing";
import { CtaBand } from "../components/marketing/cta-band";
import { FactGrid } from "../components/marketing/fact-grid";
import { FaqAccordion } from "../components/marketing/faq-accordion";
import { PageHero, Section } from "../components/marketing/page-hero";
import { PresetPrices } from "../components/marketing/preset-prices";
import { PricingTierCard } from "../components/marketing/pricing-tier-card";
import { buttonStyles } from "../components/ui/button";
import { moneyFacts, pricingFaq } from "../content/pricing";
import { cn } from "../lib/cn";
import { usePublicPageMeta } from "../lib/page-meta";

const shortestDays = Math.min(...campaignDurations.map((duration) => duration.days));
const longestDays = Math.max(...campaignDurations.map((duration) => duration.days));

export default function PricingPage() {
  usePublicPageMeta(publicPageMeta["/pricing"]);
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title={`You set the prize. We add ${PLATFORM_FEE_PERCENT}%.`}
        lead={`No subscription, no hidden costs. Pay the prize plus a ${PLATFORM_FEE_PERCENT}% platform fee once, when you launch; the winning promoters receive the whole prize.`}
      />

      <section className="container-page py-14 sm:py-20" aria-labelledby="tiers-heading">
        <h2 id="tiers-heading" className="sr-only">
          Pricing tiers
        </h2>
        <div className="grid gap-8 lg:grid-cols-3 lg:gap-6">
          {pricingTiers.map((tier) => (
            <PricingTierCard key={tier.name} tier={tier} />
          ))}
        </div>
        <p className="mt-8 text-center text-sm text-slate-600">
          Every total is the exact amount charged, to the cent, as the payment screen shows it before you pay.
        </p>
      </section>

      <Section
        id="money-heading"
        title="Where the money goes"
        lead="The artist pays once. The winners are paid in full."
        className="bg-white"
      >
        <FactGrid facts={moneyFacts} />
      </Section>

      <Section
        id="options-heading"
        title="Every prize and duration"
        lead={`Pick a preset or any whole-dollar prize from ${formatCents(MIN_PRIZE_CENTS)}, and run the campaign for ${shortestDays} to ${longestDays} days.`}
      >
        <div className="grid gap-8 lg:grid-cols-[1.4fr_1fr]">
          <PresetPrices />
          <div className="flex flex-col gap-6">
            <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h3 className="flex items-center gap-2 font-bold text-slate-900">
                <Clock className="h-5 w-5 text-brand-600" aria-hidden /> Durations
              </h3>
              <ul className="mt-4 flex flex-wrap gap-2">
                {campaignDurations.map((duration) => (
                  <li key={duration.days}>
                    <Link
                      to={`/create-campaign?duration=${duration.days}`}
                      aria-label={`Start a ${duration.label} campaign`}
                      className={cn(
                        "inline-block rounded-full px-3 py-1 text-sm transition",
                        duration.days === DEFAULT_DURATION_DAYS
                          ? "bg-brand-600 font-semibold text-white hover:bg-brand-700"
                          : "bg-slate-100 text-slate-700 hover:bg-slate-200",
                      )}
                    >
                      {duration.label}
                      {duration.days === DEFAULT_DURATION_DAYS ? " (default)" : ""}
                    </Link>
                  </li>
                ))}
              </ul>
              <p className="mt-4 text-sm text-slate-600">
                The timer starts when your payment is confirmed. Longer campaigns give promoters more time to share.
              </p>
            </div>
            <p className="flex gap-3 rounded-2xl bg-brand-50 p-5 text-sm text-brand-900 ring-1 ring-brand-100">
              <Info className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
              <span>
                <strong className="font-semibold">Promoters never pay.</strong> Joining campaigns, sharing links and
                receiving prizes is free.
              </span>
            </p>
          </div>
        </div>
      </Section>

      <Section id="pricing-faq-heading" title="Questions about pricing" className="bg-white">
        <FaqAccordion items={pricingFaq} />
        <p className="mt-6 text-sm text-slate-600">
          More answers in the{" "}
          <Link to="/help" className="font-semibold text-brand-700 underline underline-offset-4">
            help center
          </Link>
          .
        </p>
      </Section>

      <CtaBand
        title="Launch your campaign"
        lead="Set a prize, pick a duration and go live as soon as your payment is confirmed."
      >
        <Link to="/create-campaign" className={buttonStyles("secondary", "lg")}>
          Start Campaign
        </Link>
        <Link
          to="/how-it-works"
          className={buttonStyles("ghost", "lg", "text-white hover:bg-white/15 hover:text-white")}
        >
          How it works
        </Link>
      </CtaBand>
    </>
  );
}
