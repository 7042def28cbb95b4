import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiFetch } from "./api";

export type CampaignListItem = {
  id: string;
  title: string;
  artist_name: string;
  genre: string | null;
  song_link: string;
  description: string | null;
  prize_cents: number;
  platform_fee_cents: number;
  duration_days: number;
  status: string;
  is_public: boolean;
  published_at: string | null;
  ends_at: string | null;
  total_clicks: number;
  promoter_count: number;
  leader: { handle: string; clicks: number } | null;
  is_own: boolean;
  my_link: { short_code: string; total_clicks: number } | null;
};

export type SiteMetrics = {
  activeCampaigns: number;
  totalClicks: number;
  activePromoters: number;
  totalPrizePoolCents: number;
  paidToPromotersCents: number | null;
};

export const campaignsQueryKey = ["campaigns"] as const;

export type CampaignFilters = { q: string; genre: string; sort: "prize" | "time" | "clicks" | "promoters" };
type CampaignPage = { ok: boolean; items: CampaignListItem[]; total: number; error: string | null };
const PAGE_SIZE = 24;

/**
 * Live campaigns, searched, filtered and sorted on the server, a page at a time; refreshed every 60 s and on
 * `campaignCreated` / `campaignUpdated` (SPEC.md section 4).
 */
export function useCampaigns(filters: CampaignFilters) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey });
    window.addEventListener("campaignCreated", refresh);
    window.addEventListener("campaignUpdated", refresh);
    return () => {
      window.removeEventListener("campaignCreated", refresh);
      window.removeEventListener("campaignUpdated", refresh);
    };
  }, [queryClient]);
  return useInfiniteQuery({
    queryKey: [...campaignsQueryKey, filters],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ sort: filters.sort, limit: String(PAGE_SIZE), offset: String(pageParam) });
      if (filters.q.trim()) params.set("q", filters.q.trim());
      if (filters.genre !== "all") params.set("genre", filters.genre);
      return apiFetch<CampaignPage>(`/api/campaigns?${params}`);
    },
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

export function trackingUrl(shortCode: string): string {
  return `${window.location.origin}/t/${shortCode}`;
}

/** 'Ended' when past, otherwise days and hours left (SPEC.md Campaign card). */
export function timeLeftLabel(endsAt: string | null, now = Date.now()): string {
  if (!endsAt) return "Not started";
  const ms = Date.parse(endsAt) - now;
  if (ms <= 0) return "Ended";
  const hours = Math.floor(ms / 3_600_000);
  const days = Math.floor(hours / 24);
  if (days > 0) return `${days}d ${hours % 24}h left`;
  if (hours > 0) return `${hours}h left`;
  return `${Math.max(1, Math.floor(ms / 60_000))}m left`;
}

/** Site-wide totals (SPEC.md site metrics); refreshed every 60 s. */
export function useSiteMetrics() {
  return useQuery({
    queryKey: ["site-metrics"],
    queryFn: () => apiFetch<{ ok: boolean; metrics: SiteMetrics; error: string | null }>("/api/public/metrics"),
    // The hero and the campaigns section both show these: one request serves both.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}
