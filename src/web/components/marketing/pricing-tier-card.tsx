import { Check, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { formatCents, PLATFORM_FEE_PERCENT } from "../../../core/money";
import { type PricingTier, prizeAmounts } from "../../../core/pricing";
import { cn } from "../../lib/cn";
import { buttonStyles } from "../ui/button";

/** One pricing tier: the prize, the fee and the total the artist pays, then what it suits. */
export function PricingTierCard({ tier }: { tier: PricingTier }) {
  const amounts = prizeAmounts(tier.prizeDollars);
  const headingId = `tier-${tier.name.toLowerCase()}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "relative flex flex-col rounded-3xl bg-white p-6 ring-1 sm:p-8",
        tier.popular
          ? "shadow-xl ring-2 shadow-brand-600/10 ring-brand-600 lg:-my-4 lg:py-12"
          : "shadow-sm ring-slate-200",
      )}
    >
      {tier.popular ? (
        <p className="absolute -top-3.5 left-6 inline-flex items-center gap-1 rounded-full bg-gradient-to-r from-brand-600 to-accent-600 px-3 py-1 text-xs font-semibold text-white shadow sm:left-8">
          <Sparkles className="h-3.5 w-3.5" aria-hidden /> Most popular
        </p>
      ) : null}
      <h3 id={headingId} className="text-xl font-bold text-slate-900">
        {tier.name}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{tier.tagline}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-5xl font-extrabold tracking-tight text-slate-900">{formatCents(amounts.prizeCents)}</span>
        <span className="text-sm font-medium text-slate-600">prize</span>
      </p>
      <dl className="mt-5 flex flex-col gap-2 border-y border-slate-200 py-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Prize to the winner</dt>
          <dd className="font-medium text-slate-900">{formatCents(amounts.prizeCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Platform fee ({PLATFORM_FEE_PERCENT}%)</dt>
          <dd className="font-medium text-slate-900">+ {formatCents(amounts.feeCents)}</dd>
        </div>
        <div className="flex justify-between gap-4 text-base">
          <dt className="font-semibold text-slate-900">You pay</dt>
          <dd className="font-bold text-brand-700">{formatCents(amounts.totalCents)} total</dd>
        </div>
      </dl>
      <ul className="mt-6 flex flex-1 flex-col gap-3 text-sm text-slate-700">
        {[`${tier.durationDays.min}-${tier.durationDays.max} day campaigns`, ...tier.features].map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden /> {feature}
          </li>
        ))}
      </ul>
      <Link
        to={`/create-campaign?prize=${tier.prizeDollars}`}
        className={buttonStyles(tier.popular ? "accent" : "secondary", "lg", "mt-8 w-full")}
      >
        Start with {formatCents(amounts.prizeCents)}
      </Link>
    </article>
  );
}
