/** A campaign status's badge colour, wherever campaigns are listed (admin console, artist dashboard). */
export const campaignStatusTone = {
  draft: "neutral",
  active: "success",
  paused: "warning",
  ended: "brand",
  completed: "brand",
  cancelled: "danger",
} as const;

/** SPEC.md's status badges: the live status reads LIVE. */
export const campaignStatusLabel = {
  draft: "DRAFT",
  active: "LIVE",
  paused: "PAUSED",
  ended: "ENDED",
  completed: "COMPLETED",
  cancelled: "CANCELLED",
} as const;
