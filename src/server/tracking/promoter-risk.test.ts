import { describe, expect, it } from "vitest";
import { riskReasons } from "../../core/vocabulary";
import { fraudRules } from "./fraud-rules";
import { assessRisk, type LinkClickStats } from "./promoter-risk";

/** A link whose 100 counted clicks look like people's: spread over networks, systems, times and the campaign's countries. */
const honest: LinkClickStats = {
  linkId: "link",
  promoterId: "promoter",
  handle: "honest",
  counted: 100,
  challenged: 2,
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
    const risk = assessRisk(farm);
    // Every signal, in the vocabulary's order.
    expect(risk.reasons.map((reason) => reason.code)).toEqual([...riskReasons]);
    expect(risk.score).toBe(100);
    expect(risk.risky).toBe(true);
    expect(risk.reasons[0]?.evidence).toBe("50 % of 40 counted clicks from 198.51.100.0/24");
    expect(risk.reasons.find((reason) => reason.code === "regular_timing")?.evidence).toBe(
      "clicks 2.0 s apart on average, varying by only 5 %",
    );
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
