import { ArrowRight, LayoutDashboard, Megaphone, Music2, Trophy } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { formatCents, formatCount } from "../../../core/money";
import { useSiteMetrics } from "../../lib/campaigns";
import { cn } from "../../lib/cn";
import { useAccount } from "../../lib/session";
import { useAuthDialog } from "../auth/auth-dialog-context";
import { Button, buttonStyles } from "../ui/button";

/** A live figure with '+' (SPEC.md Home), or a dash until it loads, so the hero never changes height. */
function HeroStat({ value, label, title }: { value: string | null; label: string; title?: string }) {
  return (
    <div className="flex flex-col-reverse justify-end rounded-2xl bg-white/5 px-4 py-4 ring-1 ring-white/10">
      <dt className="mt-1 text-sm text-slate-300">{label}</dt>
      <dd className="text-2xl font-extrabold text-white tabular-nums sm:text-3xl" title={title}>
        {value ?? "—"}
      </dd>
    </div>
  );
}

const plus = (value: number, format: (value: number) => string) => (value > 0 ? `${format(value)}+` : format(value));

function HeroStats() {
  const { data, isPending, isError, refetch } = useSiteMetrics();
  const metrics = data?.metrics;
  const paid = metrics?.paidToPromotersCents;
  // A new site has nothing to count yet: it invites the first artist and fans instead of showing zeros.
  if (metrics && !paid && metrics.totalClicks === 0 && metrics.activePromoters === 0) {
    return (
      <div className="mt-12 max-w-3xl rounded-2xl bg-white/5 px-5 py-5 ring-1 ring-white/10">
        <p className="text-lg font-bold text-white">Be the first on FanBoost</p>
        <p className="mt-1 text-slate-300">
          No campaign has run here yet. Artists: fund a prize for your song and open the first contest. Fans: join it,
          share your link and win.
        </p>
      </div>
    );
  }
  return (
    <div className="mt-12 max-w-3xl">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-busy={isPending}>
        <HeroStat
          label="Paid to Music Promoters"
          value={metrics && paid != null ? plus(paid, formatCents) : null}
          title={metrics && paid == null ? "Payouts coming soon" : undefined}
        />
        <HeroStat
          label="Clicks for Independent Artists"
          value={metrics ? plus(metrics.totalClicks, formatCount) : null}
        />
        <HeroStat label="Active Music Promoters" value={metrics ? plus(metrics.activePromoters, formatCount) : null} />
      </dl>
      {/* The line is always there, so an error message takes no new room. */}
      <p className="mt-3 min-h-5 text-sm text-slate-300" role="status">
        {isError && !metrics ? (
          <>
            Live totals are unavailable right now.{" "}
            <button
              type="button"
              className="font-semibold text-white underline underline-offset-2"
              onClick={() => refetch()}
            >
              Try again
            </button>
          </>
        ) : null}
      </p>
    </div>
  );
}

const ctaSize = "w-full sm:w-auto";
const onDark = cn(ctaSize, "bg-white/10 text-white ring-white/25 hover:bg-white/20");

/**
 * Two calls to action in every state (SPEC.md Home): stacked full width on a phone, one row from `sm`. The same count
 * while the session loads keeps the stats below from moving.
 */
function HeroActions() {
  const { account, loading } = useAccount();
  const { openAuth } = useAuthDialog();
  const navigate = useNavigate();
  if (loading) {
    return (
      <>
        <span className="h-12 rounded-xl bg-white/10 sm:w-60" aria-hidden />
        <span className="h-12 rounded-xl bg-white/5 sm:w-56" aria-hidden />
      </>
    );
  }
  if (!account) {
    return (
      <>
        <Button
          variant="accent"
          size="lg"
          className={ctaSize}
          onClick={() =>
            openAuth({ mode: "signup", userType: "artist", afterSignIn: () => navigate("/create-campaign") })
          }
        >
          <Music2 className="h-5 w-5" aria-hidden /> Launch Music Campaign
        </Button>
        <Link to="/join-campaign" className={buttonStyles("secondary", "lg", onDark)}>
          Promote Music &amp; Earn <ArrowRight className="h-5 w-5" aria-hidden />
        </Link>
      </>
    );
  }
  if (account.user.user_type === "artist") {
    return (
      <>
        <Link to="/artist-dashboard" className={buttonStyles("accent", "lg", ctaSize)}>
          <LayoutDashboard className="h-5 w-5" aria-hidden /> Artist Dashboard
        </Link>
        <Link to="/promoter-dashboard" className={buttonStyles("secondary", "lg", onDark)}>
          <Megaphone className="h-5 w-5" aria-hidden /> Promoter Dashboard
        </Link>
      </>
    );
  }
  return (
    <>
      <Link to="/promoter-dashboard" className={buttonStyles("accent", "lg", ctaSize)}>
        <LayoutDashboard className="h-5 w-5" aria-hidden /> Promoter Dashboard
      </Link>
      <Link to="/join-campaign" className={buttonStyles("secondary", "lg", onDark)}>
        Promote Music &amp; Earn <ArrowRight className="h-5 w-5" aria-hidden />
      </Link>
    </>
  );
}

/** Decorative: a leaderboard drawn in shapes, no names or numbers, so nothing in it reads as real data. */
function LeaderboardArt() {
  const bars = [92, 74, 61, 45, 30];
  return (
    <div aria-hidden className="hidden rounded-3xl bg-white/5 p-6 ring-1 ring-white/10 backdrop-blur lg:block">
      <div className="flex items-center justify-between">
        <span className="h-3 w-28 rounded-full bg-white/30" />
        <span className="flex items-center gap-1.5 rounded-full bg-emerald-400/15 px-2.5 py-1">
          <span className="h-2 w-2 animate-pulse rounded-full bg-emerald-400" />
          <span className="h-2 w-8 rounded-full bg-emerald-300/60" />
        </span>
      </div>
      <ul className="mt-6 flex flex-col gap-4">
        {bars.map((width, index) => (
          <li key={width} className="flex items-center gap-3">
            <span
              className={
                index === 0
                  ? "flex h-9 w-9 items-center justify-center rounded-full bg-amber-400 text-ink"
                  : "h-9 w-9 rounded-full bg-gradient-to-br from-brand-400/70 to-accent-500/70"
              }
            >
              {index === 0 ? <Trophy className="h-4 w-4" /> : null}
            </span>
            <span className="h-3 flex-1 rounded-full bg-white/10">
              <span
                className="block h-3 rounded-full bg-gradient-to-r from-brand-400 via-accent-400 to-orange-300"
                style={{ width: `${width}%` }}
              />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function HomeHero() {
  return (
    <section className="relative overflow-hidden bg-ink text-white">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_80%_-10%,rgba(219,39,119,0.35),transparent),radial-gradient(50rem_30rem_at_0%_110%,rgba(124,58,237,0.45),transparent)]"
      />
      <div className="container-page relative grid gap-12 py-16 sm:py-24 lg:grid-cols-[3fr_2fr] lg:items-center">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100 ring-1 ring-white/15">
            <Trophy className="h-4 w-4 text-amber-300" aria-hidden /> Cash prizes for the fans who spread your music
          </p>
          <h1 className="mt-6 max-w-3xl text-4xl font-extrabold leading-tight sm:text-6xl">
            Turn your fans into your{" "}
            <span className="bg-gradient-to-r from-brand-300 via-accent-400 to-orange-300 bg-clip-text text-transparent">
              street team
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-300">
            Artists fund a prize for a song. Promoters share a personal link and climb a live leaderboard of verified
            clicks. When the timer ends, the top promoter takes the prize.
          </p>
          <div className="mt-10 grid gap-3 sm:flex sm:flex-wrap">
            <HeroActions />
          </div>
          <HeroStats />
        </div>
        <LeaderboardArt />
      </div>
    </section>
  );
}
