import { startTransition, useEffect, useState } from "react";
import { publicPageMeta } from "../../core/page-meta";
import { HomeCampaignsSection } from "../components/campaigns/home-campaigns-section";
import { HomeFeatures } from "../components/home/home-features";
import { HomeHero } from "../components/home/home-hero";
import { HomeHowItWorks } from "../components/home/home-how-it-works";
import { usePublicPageMeta } from "../lib/page-meta";

/**
 * True after the first paint, set in a transition: what renders then is rendered in small slices that leave the
 * main thread free, instead of one long task before the visitor sees anything.
 */
function useAfterFirstPaint() {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready;
}

export default function HomePage() {
  usePublicPageMeta(publicPageMeta["/"]);
  const belowTheFold = useAfterFirstPaint();
  return (
    <>
      <HomeHero />
      {belowTheFold ? (
        <>
          <HomeFeatures />
          <HomeHowItWorks />
          <HomeCampaignsSection />
        </>
      ) : null}
    </>
  );
}
