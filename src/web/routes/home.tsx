import { publicPageMeta } from "../../core/page-meta";
import { HomeCampaignsSection } from "../components/campaigns/home-campaigns-section";
import { HomeFeatures } from "../components/home/home-features";
import { HomeHero } from "../components/home/home-hero";
import { HomeHowItWorks } from "../components/home/home-how-it-works";
import { usePublicPageMeta } from "../lib/page-meta";

export default function HomePage() {
  usePublicPageMeta(publicPageMeta["/"]);
  return (
    <>
      <HomeHero />
      <HomeFeatures />
      <HomeHowItWorks />
      <HomeCampaignsSection />
    </>
  );
}
