import { ArrowRight, Music2, Trophy } from "lucide-react";
import { Link } from "react-router";
import { useAuthDialog } from "../components/auth/auth-dialog-context";
import { HomeCampaignsSection } from "../components/campaigns/home-campaigns-section";
import { Button, buttonStyles } from "../components/ui/button";
import { usePageMeta } from "../lib/page-meta";

export default function HomePage() {
  usePageMeta(
    "FanBoost",
    "Independent artists fund a cash prize for a song. Fans share their link and compete on verified clicks.",
  );
  const { openAuth } = useAuthDialog();
  return (
    <>
      <section className="relative overflow-hidden bg-ink text-white">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_80%_-10%,rgba(219,39,119,0.35),transparent),radial-gradient(50rem_30rem_at_0%_110%,rgba(124,58,237,0.45),transparent)]"
        />
        <div className="container-page relative grid gap-12 py-20 sm:py-28 lg:grid-cols-[1.2fr_1fr] lg:items-center">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100 ring-1 ring-white/15">
              <Trophy className="h-4 w-4 text-amber-300" aria-hidden /> Cash prizes for the fans who spread your music
            </p>
            <h1 className="mt-6 text-4xl font-extrabold leading-tight sm:text-6xl">
              Turn your fans into your{" "}
              <span className="bg-gradient-to-r from-brand-300 via-accent-400 to-orange-300 bg-clip-text text-transparent">
                street team
              </span>
            </h1>
            <p className="mt-6 max-w-xl text-lg text-slate-300">
              Artists fund a prize for a song. Promoters share a personal link and climb a live leaderboard of verified
              clicks. When the timer ends, the top promoter takes the prize.
            </p>
            <div className="mt-10 flex flex-wrap gap-3">
              <Button variant="accent" size="lg" onClick={() => openAuth({ mode: "signup", userType: "artist" })}>
                <Music2 className="h-5 w-5" aria-hidden /> Launch Music Campaign
              </Button>
              <Link
                to="/join-campaign"
                className={buttonStyles("secondary", "lg", "bg-white/10 text-white ring-white/25 hover:bg-white/20")}
              >
                Promote Music &amp; Earn <ArrowRight className="h-5 w-5" aria-hidden />
              </Link>
            </div>
          </div>
        </div>
      </section>
      <HomeCampaignsSection />
    </>
  );
}
