import { del, get, post } from "./contract.js";
import type { PayoutList } from "./payouts.js";

/** The admin area's APIs (`/api/admin/*`, every one behind the admin guard). */

export const timeRanges = ["1h", "24h", "7d", "30d"] as const;
export type TimeRange = (typeof timeRanges)[number];

/** SPEC.md section 3 dashboard stats' names (topIPs: ip, count; topUserAgents: userAgent, count). */
export type AddressCount = { ip: string; count: number };
export type UserAgentCount = { userAgent: string; count: number };
export type CountryCount = { country: string; count: number };

export type RateLimitingStats = {
  flagsByType: Array<{ type: string; count: number }>;
  blockedByVerdict: Array<{ verdict: string; count: number }>;
};

/** SPEC.md's suspicious item (type, severity, details, timestamp) with what it is about. */
export type SuspiciousItem = {
  id: number;
  type: "rate_limit" | "bot_detection" | "geo_anomaly" | "fingerprint_abuse" | "other";
  severity: "high" | "medium" | "low";
  details: string;
  timestamp: string;
  campaign_id: string | null;
  tracking_link_id: string | null;
};

/** One stored click, as the real-time list shows it. */
export type ClickEventView = {
  id: number;
  campaign_id: string;
  tracking_link_id: string;
  promoter_id: string;
  verdict: string;
  ip: string | null;
  ip_hash: string;
  user_agent: string | null;
  country: string | null;
  ts: string;
};

export type VoidClicksBody = { campaign_id: string; promoter_id?: string; ip_hash?: string; reason?: string };

export const adminApi = {
  endCampaign: post<{ ok: true; status: "ended" | "completed"; winners: number }>()("/api/admin/campaigns/:id/end"),
  deleteCampaign: del<{ ok: true; result: "removed" | "cancelled" }>()("/api/admin/campaigns/:id"),
  payouts: get<PayoutList>()("/api/admin/payouts"),
  payWinners: post<{ ok: true; transfer_ids: string[] }>()("/api/admin/payouts/:campaignId/pay"),
  topIps: get<{ items: AddressCount[] }>()("/api/admin/clicks/top-ips"),
  topUserAgents: get<{ items: UserAgentCount[] }>()("/api/admin/clicks/top-user-agents"),
  countries: get<{ items: CountryCount[] }>()("/api/admin/clicks/countries"),
  rateLimiting: get<RateLimitingStats>()("/api/admin/clicks/rate-limiting"),
  recentClicks: get<{ items: ClickEventView[] }>()("/api/admin/clicks/recent"),
  suspicious: get<{ items: SuspiciousItem[] }, { range?: TimeRange }>()("/api/admin/suspicious"),
  voidClicks: post<{ clicks_voided: number }, VoidClicksBody>()("/api/admin/clicks/void"),
} as const;
