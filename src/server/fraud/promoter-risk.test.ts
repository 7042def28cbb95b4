import { describe, expect, it } from "vitest";
import { riskReasons } from "../../core/vocabulary";
import type { LinkDivergence } from "./divergence";
import { assessRisk, type LinkClickStats } from "./promoter-risk";
import { fraudRules } from "./rules";

/** A link whose 100 counted clicks look like people's: spread over networks, systems, times and the campaign's countries. */
const honest: LinkClickStats = {
  linkId: "link",
  promoterId: "promoter",
  handle: "honest",
  counted: 100,
  challenged: 2,
  checked: 1,
  inconsistent: 2,
  forced: 1,
  automated: 0,
  hosting: 1,
  confirmable: 100,
  unconfirmed: 3,
  topNetwork: "198.51.100.0/24",
  topNetworkClicks: 4,
  topNetworkAgents: 2,
  topAsn: 3320,
  topAsnClicks: 30,
  gapMean: 300,
  gapStddev: 420,
  topCountry: "DE",
  topCountryClicks: 40,
  topCountryElsewhere: 0.35,
};

describe("a promoter's risk", () => {
  it("is nothing for clicks that look like people's, and for too few clicks to tell", () => {
    expect(assessRisk(honest)).toEqual({ score: 0, risky: false, reasons: [] });
    expect(assessRisk({ ...honest, counted: 19, topNetworkClicks: 19, topNetworkAgents: 19 }).score).toBe(0);
  });

  it("adds each signal past its line, with its evidence, and calls a winner at the threshold risky", () => {
    const farm: LinkClickStats = {
      ...honest,
      counted: 40,
      challenged: 120,
      checked: 30,
      inconsistent: 20,
      forced: 30,
      automated: 10,
      hosting: 30,
      confirmable: 40,
      unconfirmed: 40,
      topNetworkClicks: 20,
      topNetworkAgents: 18,
      topAsn: 64500,
      topAsnClicks: 38,
      gapMean: 2,
      gapStddev: 0.1,
      topCountry: "VN",
      topCountryClicks: 36,
      topCountryElsewhere: 0.01,
    };
    const divergence: LinkDivergence = {
      linkId: "farm",
      counted: 40,
      pool: "campaign",
      poolClicks: 90,
      dimensions: [
        {
          dimension: "referrer",
          distance: 0.9,
          link: [{ value: "none", share: 1 }],
          pool: [
            { value: "instagram.com", share: 0.6 },
            { value: "none", share: 0.1 },
            { value: "other", share: 0.3 },
          ],
        },
        {
          dimension: "in_app",
          distance: 0.7,
          link: [{ value: "a browser", share: 1 }],
          pool: [
            { value: "Instagram", share: 0.7 },
            { value: "a browser", share: 0.3 },
          ],
        },
      ],
    };
    const risk = assessRisk(farm, divergence);
    // Every signal, in the vocabulary's order.
    expect(risk.reasons.map((reason) => reason.code)).toEqual([...riskReasons]);
    expect(risk.score).toBe(100);
    expect(risk.risky).toBe(true);
    expect(risk.reasons[0]?.evidence).toBe("50 % of 40 counted clicks from 198.51.100.0/24");
    expect(risk.reasons.find((reason) => reason.code === "regular_timing")?.evidence).toBe(
      "clicks 2.0 s apart on average, varying by only 5 %",
    );
    expect(risk.reasons.find((reason) => reason.code === "divergence")).toEqual({
      code: "divergence",
      points: 2 * fraudRules.risk.divergence.perDimension,
      evidence:
        "unlike the campaign's other traffic in referrers (100 % none against 60 % instagram.com), in-app browsers (100 % a browser against 70 % Instagram)",
    });
    // Two signals that reach the threshold together.
    const two = assessRisk({
      ...honest,
      counted: 20,
      topNetworkClicks: 10,
      topNetworkAgents: 10,
      topAsnClicks: 10,
      topCountryClicks: 8,
    });
    expect(two.score).toBe(fraudRules.risk.networkShare.points + fraudRules.risk.agentsPerNetwork.points);
    expect(two.risky).toBe(two.score >= fraudRules.risk.threshold);
  });
});
