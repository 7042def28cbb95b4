import { useState } from "react";
import { Link } from "react-router";
import { formatCents, MIN_PRIZE_CENTS, PLATFORM_FEE_PERCENT } from "../../../core/money";
import { cn } from "../../lib/cn";

const steps = {
  artists: [
    {
      title: "Set a prize",
      text: `From ${formatCents(MIN_PRIZE_CENTS)} to whatever your release deserves, plus a ${PLATFORM_FEE_PERCENT}% fee.`,
    },
    { title: "Add your track", text: "Paste the link to your song on a music service." },
    { title: "Share the link", text: "Your campaign goes live and fans join with their own links." },
    { title: "Watch the leaderboard", text: "See verified clicks roll in live until the timer ends." },
  ],
  promoters: [
    { title: "Join a campaign", text: "Pick a song you'd recommend anyway." },
    { title: "Claim your promo link", text: "A personal short link and QR code, just for you." },
    { title: "Share it", text: "Anywhere real listeners are: chats, socials, flyers." },
    { title: "Track your progress", text: "Your rank updates live with every verified click." },
    { title: "Win the prize", text: "Top the leaderboard when time runs out and get paid." },
  ],
} as const;

type Audience = keyof typeof steps;

/** SPEC.md Home how-it-works section with the artists/promoters toggle. */
export function HomeHowItWorks() {
  const [audience, setAudience] = useState<Audience>("artists");
  return (
    <section className="below-fold pt-16 sm:pt-20" aria-labelledby="home-how-heading">
      <div className="container-page">
        <div className="flex flex-wrap items-end justify-between gap-6">
          <div>
            <h2 id="home-how-heading" className="text-3xl font-extrabold text-slate-900 sm:text-4xl">
              How it works
            </h2>
            <p className="mt-2 text-slate-600">A few minutes to set up, a live race to the finish.</p>
          </div>
          <fieldset className="inline-flex rounded-2xl bg-white p-1 shadow-sm ring-1 ring-slate-200">
            <legend className="sr-only">Show the steps for</legend>
            {(["artists", "promoters"] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={audience === option}
                onClick={() => setAudience(option)}
                className={cn(
                  "rounded-xl px-5 py-2.5 text-sm font-semibold capitalize transition-colors",
                  audience === option ? "bg-brand-600 text-white shadow" : "text-slate-700 hover:bg-slate-100",
                )}
              >
                For {option}
              </button>
            ))}
          </fieldset>
        </div>
        <ol
          className={cn(
            "mt-10 grid gap-4 sm:grid-cols-2",
            audience === "artists" ? "lg:grid-cols-4" : "lg:grid-cols-5",
          )}
        >
          {steps[audience].map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-accent-600 text-sm font-bold text-white">
                {index + 1}
              </span>
              <h3 className="mt-4 font-bold text-slate-900">{step.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
        <p className="mt-8 text-sm">
          <Link to="/how-it-works" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            The full guide for artists and promoters
          </Link>
        </p>
      </div>
    </section>
  );
}
