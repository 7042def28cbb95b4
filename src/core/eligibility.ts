/**
 * Who may enter a campaign (PRODUCT.md Official rules and eligibility): a promoter states their country of residence
 * (and, in the US, their state) and confirms being of age there, once per account; a campaign is open to a list of
 * countries. The settings form, the join dialog and the server read the same rules from here; the request schema is in
 * eligibility-rules.ts, so that pages with a Join button do not download the validation library (ADR 012).
 */

/** ISO 3166-1 alpha-2 codes of the countries and territories a person can live in (no reserved or withdrawn codes). */
export const countryCodes = (
  "AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD " +
  "CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD " +
  "GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH " +
  "KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV " +
  "MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA " +
  "SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW"
).split(" ");

const knownCountries = new Set(countryCodes);
export const isCountryCode = (code: string) => knownCountries.has(code);

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
/** A country's English name ("DE" → "Germany"). */
export const countryName = (code: string) => regionNames.of(code) ?? code;

/** The US states and the District of Columbia, by postal code. */
export const usStates: Readonly<Record<string, string>> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
};

/** The age of majority where it is not 18: the age a promoter living there must have reached to enter. */
export const minimumAgeByState: Readonly<Record<string, number>> = { AL: 19, NE: 19, MS: 21 };
export const DEFAULT_MINIMUM_AGE = 18;

export function minimumAge(country: string, state: string | null | undefined): number {
  return (country === "US" && state && minimumAgeByState[state]) || DEFAULT_MINIMUM_AGE;
}

/** Where a promoter lives, in words: "Texas, United States" or "Germany". */
export function residenceName(country: string, state: string | null | undefined): string {
  const stateName = country === "US" && state ? usStates[state] : undefined;
  return stateName ? `${stateName}, ${countryName(country)}` : countryName(country);
}

/** Countries whose English name takes "the" in a sentence ("people who live in the United States"). */
const namesWithArticle = new Set(["AE", "BS", "CD", "CF", "DO", "GB", "GM", "MH", "NL", "PH", "SB", "US", "VA"]);
/** A country's name as a sentence says it: "Germany", "the United States". */
export const countryInProse = (code: string) => (namesWithArticle.has(code) ? "the " : "") + countryName(code);

/** A list of countries in words, for rules and refusals: "Canada, Germany and the United States". */
export function countryList(codes: readonly string[]): string {
  const names = [...codes].sort((a, b) => countryName(a).localeCompare(countryName(b), "en")).map(countryInProse);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

export const eligibilityMessages = {
  needed: "Before you join a campaign, confirm your age and tell us the country you live in.",
  countryRequired: "Choose the country you live in",
  stateRequired: "Choose the state you live in",
  ageRequired: (age: number) => `Confirm that you are at least ${age} years old`,
  notOpenTo: (allowed: readonly string[], country: string) =>
    `This campaign is open only to people who live in ${countryList(allowed)}. You told us you live in ${countryInProse(country)}, so you cannot join it.`,
  countryLocked: (country: string) =>
    `Your payout account is set up for ${countryInProse(country)}. To change the country you live in, contact support.`,
  campaignCountries: "Choose at least one country the campaign is open to",
  campaignCountryUnknown: (code: string) => `${code} is not a country payouts can be sent to`,
} as const;

/** What a candidate's verification says (PRODUCT.md Winner verification). */
export const verificationMessages = {
  legalNameRequired: "Enter your legal name, as your payout account has it",
  legalNameTooLong: "Your legal name can be at most 120 characters",
  ownAccount: "Confirm that the payout account is in your own name",
  nothingToVerify: "You have no prize waiting for your verification",
  accountNeeded:
    "Set up your payout account first: the prize is paid to it, so we check that it is yours and where it is.",
  problems: {
    residence: (allowed: readonly string[], country: string) =>
      `The campaign is open only to people who live in ${countryList(allowed)}, and you now live in ${countryInProse(country)}.`,
    account_country: (account: string) =>
      `Your payout account is set up for ${countryInProse(account)}, which is not where you live or not where the campaign is open.`,
    account_name: "Your payout account is in another person's name: a prize is paid only to the winner's own account.",
  },
} as const;

/** The first problem with what a promoter states, by field, or none: the browser's check before it sends. */
export function eligibilityProblems(input: { country: string; state: string; ageConfirmed: boolean }) {
  const problems: Partial<Record<"country" | "state" | "age_confirmed", string>> = {};
  if (!isCountryCode(input.country)) problems.country = eligibilityMessages.countryRequired;
  if (input.country === "US" && !(input.state in usStates)) problems.state = eligibilityMessages.stateRequired;
  if (!input.ageConfirmed)
    problems.age_confirmed = eligibilityMessages.ageRequired(minimumAge(input.country, input.state));
  return problems;
}
