import { Check, Clock, Sparkles } from "lucide-react";
import { Link } from "react-router";
import {
  campaignDurations,
  formatCents,
  formatCentsFloorDollars,
  MIN_PAYOUT_CENTS,
  MIN_PRIZE_CENTS,
  PLATFORM_FEE_PERCENT,
  prizePresets,
} from "../../core/money";
import { publicPageMeta } from "../../core/page-meta";
import { pricingTiers, prizeAmounts } from "../../core/pricing";
import { CtaBand } from "../components/marketing/cta-band";
import { FaqAccordion } from "../components/marketing/faq-accordion";
import { PageHero, Section } from "../components/marketing/page-hero";
import { buttonStyles } from "../components/ui/button";
import { cn } from "../lib/cn";
import { usePublicPageMeta } from "../lib/page-meta";

const pricingFaq = [
  {
    question: "Is the fee taken from the prize?",
    answer: `No. The ${PLATFORM_FEE_PERCENT}% fee is added on top of the prize and paid once when you fund the campaign. The winners receive the whole prize.`,
  },
  {
    question: "Can I choose my own amount?",
    answer: `Yes: any whole-dollar prize from ${formatCents(MIN_PRIZE_CENTS)}. The fee is ${PLATFORM_FEE_PERCENT}% of it, rounded to the cent.`,
  },
  {
    question: "What if nobody wins?",
    answer: "If the campaign ends without a verified click, the prize is refunded to your card; the fee is kept.",
  },
];

export default function PricingPage() {
  usePublicPageMeta(publicPageMeta["/pricing"]);
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="You set the prize. We add 5%."
        lead="No subscription, no hidden costs. Pay the prize plus a 5% platform fee once, when you launch; the winning promoters receive the whole prize."
      />
      <section className="container-page py-14 sm:py-20" aria-labelledby="tiers-heading">
        <h2 id="tiers-heading" className="sr-only">
          Pricing tiers
        </h2>
        <div className="grid gap-6 lg:grid-cols-3">
          {pricingTiers.map((tier) => {
            const amounts = prizeAmounts(tier.prizeDollars);
            return (
              <article
                key={tier.name}
                className={cn(
                  "relative flex flex-col rounded-3xl bg-white p-8 shadow-sm ring-1",
                  tier.popular ? "shadow-xl ring-2 ring-brand-600" : "ring-slate-200",
                )}
              >
                {tier.popular ? (
                  <p className="absolute -top-3 left-8 inline-flex items-center gap-1 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
                    <Sparkles className="h-3.5 w-3.5" aria-hidden /> Most popular
                  </p>
                ) : null}
                <h3 className="text-xl font-bold text-slate-900">{tier.name}</h3>
                <p className="mt-4 flex items-baseline gap-2">
                  <span className="text-5xl font-extrabold text-slate-900">{formatCents(amounts.prizeCents)}</span>
                  <span className="text-sm text-slate-600">prize</span>
                </p>
                <p className="mt-2 text-sm text-slate-600">
                  + {formatCents(amounts.feeCents)} platform fee ({PLATFORM_FEE_PERCENT}%) ={" "}
                  <strong className="text-slate-900">{formatCentsFloorDollars(amounts.totalCents)} total</strong>
                </p>
                <ul className="mt-6 flex flex-1 flex-col gap-3 text-sm text-slate-700">
                  {[tier.promoters, tier.durations, ...tier.features].map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden /> {feature}
                    </li>
                  ))}
                </ul>
                <Link
                  to="/create-campaign"
                  className={buttonStyles(tier.popular ? "accent" : "secondary", "lg", "mt-8 w-full")}
                >
                  Start with {formatCents(amounts.prizeCents)}
                </Link>
              </article>
            );
          })}
        </div>
      </section>

      <Section
        id="options-heading"
        title="Every option"
        lead={`Presets or a custom prize from ${formatCents(MIN_PRIZE_CENTS)}; durations from 3 to 30 days.`}
        className="bg-white"
      >
        <div className="grid gap-8 lg:grid-cols-2">
          <div className="overflow-hidden rounded-2xl ring-1 ring-slate-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Prize presets with fee and total</caption>
              <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Preset
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Prize
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Fee
                  </th>
                  <th scope="col" className="px-4 py-3">
                    You pay
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {prizePresets.map((preset) => {
                  const amounts = prizeAmounts(preset.dollars);
                  return (
                    <tr key={preset.label}>
                      <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                        {preset.label}
                      </th>
                      <td className="px-4 py-3">{formatCents(amounts.prizeCents)}</td>
                      <td className="px-4 py-3">{formatCents(amounts.feeCents)}</td>
                      <td className="px-4 py-3 font-semibold">{formatCentsFloorDollars(amounts.totalCents)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="flex flex-col gap-6">
            <div>
              <h3 className="flex items-center gap-2 font-bold text-slate-900">
                <Clock className="h-5 w-5 text-brand-600" aria-hidden /> Durations
              </h3>
              <ul className="mt-3 flex flex-wrap gap-2">
                {campaignDurations.map((duration) => (
                  <li key={duration.days} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700">
                    {duration.label}
                  </li>
                ))}
              </ul>
            </div>
            <div className="rounded-2xl bg-brand-50 p-5 text-sm text-brand-900 ring-1 ring-brand-100">
              <p className="font-semibold">For promoters it's free.</p>
              <p className="mt-1">
                Winners receive the whole prize; ties split it equally. Payouts go out weekly on Fridays and take 1-3
                business days; from {formatCents(MIN_PAYOUT_CENTS)} won you can request one right away.
              </p>
            </div>
          </div>
        </div>
      </Section>

      <Section id="pricing-faq-heading" title="Questions about pricing">
        <FaqAccordion items={pricingFaq} />
      </Section>

      <CtaBand
        title="Launch your campaign"
        lead="Set a prize, pick a duration and go live as soon as your payment clears."
      >
        <Link to="/create-campaign" className={buttonStyles("secondary", "lg")}>
          Start Campaign
        </Link>
      </CtaBand>
    </>
  );
}
