/**
 * Illustrative, and labelled so on the page: FanBoost shows no invented figures as real results.
 * The numbers follow the product's rules (a $250 prize costs $262.50; the winner receives all of it).
 */
export const exampleStats = [
  { value: "$250", label: "prize, paid in full to the winner" },
  { value: "30", label: "promoters joined the campaign" },
  { value: "1,400", label: "verified clicks in one week" },
  { value: "7 days", label: "from launch to the final whistle" },
] as const;

export type ExampleStory = {
  name: string;
  initials: string;
  role: string;
  quote: string;
  campaign: string;
};

export const exampleStories: readonly ExampleStory[] = [
  {
    name: "Maya R.",
    initials: "MR",
    role: "Indie pop artist",
    quote:
      "I put up $250 for my single and let my fans run the campaign. Watching the leaderboard move every evening was the most fun I've had on a release.",
    campaign: "$250 prize · 1 week · 30 promoters",
  },
  {
    name: "Dev K.",
    initials: "DK",
    role: "Promoter, college radio DJ",
    quote:
      "I share songs I like anyway. Now my link shows exactly how many people I brought, and I won a prize for a track I was already playing on air.",
    campaign: "Won a $100 prize · 412 verified clicks",
  },
  {
    name: "The Lanterns",
    initials: "TL",
    role: "Rock band",
    quote:
      "We printed the QR codes of our promoters' links on our gig posters. The clicks went to the fans who hung them, which felt right.",
    campaign: "$500 prize · 2 weeks · 2 tied winners",
  },
];
