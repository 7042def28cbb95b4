/** The header's public links (SPEC.md Header). */
export const primaryNavLinks = [
  { to: "/join-campaign", label: "Campaigns" },
  { to: "/how-it-works", label: "How It Works" },
  { to: "/leaderboards", label: "Leaderboards" },
  { to: "/pricing", label: "Pricing" },
] as const;
