import { HomeCampaignsSection } from "../campaigns/home-campaigns-section";
import { HomeFeatures } from "./home-features";
import { HomeHowItWorks } from "./home-how-it-works";

/** Everything under the home hero: its own chunk, so the first paint waits only for the hero's code. */
export default function HomeBelowFold() {
  return (
    <>
      <HomeFeatures />
      <HomeHowItWorks />
      <HomeCampaignsSection />
    </>
  );
}
