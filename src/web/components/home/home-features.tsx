import { BarChart3, HandCoins, Layers, MousePointerClick, ShieldCheck, Zap } from "lucide-react";
import { formatCents } from "../../../core/money";
import { useSiteMetrics } from "../../lib/campaigns";

const groups = [
  {
    id: "artist-tools",
    title: "For artists",
    lead: "Put your promotion budget where the listeners are.",
    items: [
      {
        icon: MousePointerClick,
        title: "Click-driven competition",
        text: "Fans race to send real people to your song. Only verified clicks count: no bots, no previews, no repeats.",
      },
      {
        icon: BarChart3,
        title: "Real-time analytics",
        text: "Watch clicks and the leaderboard move live while your campaign runs.",
      },
      {
        icon: Zap,
        title: "Automated setup",
        text: "Paste a song link, pick a prize and a duration, pay once. The winner is found and paid for you.",
      },
    ],
  },
  {
    id: "promoter-benefits",
    title: "For promoters",
    lead: "Get paid for sharing the music you already love.",
    items: [
      {
        icon: ShieldCheck,
        title: "Fair competition",
        text: "One click per visitor per campaign, bots filtered out, the same rules for everyone.",
      },
      {
        icon: HandCoins,
        title: "Secure payouts",
        text: "Winners are paid through Stripe to their own bank account, every Friday or on request.",
      },
      {
        icon: Layers,
        title: "Multiple campaigns",
        text: "Join as many campaigns as you like, each with its own link and leaderboard.",
      },
    ],
  },
] as const;

/** SPEC.md's 'Avg. promoter earnings $50 - $2,500', from what winners were paid; nothing until someone was (ADR 024). */
function AveragePromoterEarnings() {
  const range = useSiteMetrics().data?.metrics?.avgPromoterEarningsCents;
  if (!range) return null;
  const amounts =
    range.low === range.high ? formatCents(range.low) : `${formatCents(range.low)} - ${formatCents(range.high)}`;
  return (
    <p className="mt-2 inline-flex rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200">
      Avg. promoter earnings {amounts}
    </p>
  );
}

/** SPEC.md Home feature section: artist tools and promoter benefits. */
export function HomeFeatures() {
  return (
    <section className="below-fold bg-white py-16 sm:py-20" aria-labelledby="features-heading">
      <div className="container-page">
        <h2 id="features-heading" className="max-w-2xl text-3xl font-extrabold text-slate-900 sm:text-4xl">
          Promotion that pays the people who do it
        </h2>
        <div className="mt-12 grid gap-12 lg:grid-cols-2">
          {groups.map((group) => (
            <div key={group.id}>
              <h3 className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{group.title}</h3>
              <p className="mt-1 text-lg font-semibold text-slate-900">{group.lead}</p>
              {group.id === "promoter-benefits" ? <AveragePromoterEarnings /> : null}
              <ul className="mt-6 flex flex-col gap-5">
                {group.items.map((item) => (
                  <li key={item.title} className="flex gap-4">
                    <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                      <item.icon className="h-5 w-5" aria-hidden />
                    </span>
                    <div>
                      <p className="font-semibold text-slate-900">{item.title}</p>
                      <p className="mt-1 text-sm text-slate-600">{item.text}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
