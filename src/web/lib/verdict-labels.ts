/** Each stored verdict in words an admin reads at a glance. */
export const verdictLabels: Record<string, string> = {
  counted: "Counted",
  duplicate: "Repeat visitor",
  bot: "Bot, link preview or HEAD request",
  rate_limited: "Rate limited",
  self: "Own click",
  inactive: "Campaign not live",
  voided: "Voided after review",
  banned: "Promoter banned",
  challenged: "Challenged, not solved",
  not_navigation: "Not a click (embedded or prefetched)",
};
