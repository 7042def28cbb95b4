import { keepPreviousData, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { campaignsApi } from "../../core/api/campaigns";
import { countOf } from "../../core/money";
import { apiKey, callApi, useApi } from "./use-api";

export type { CampaignListItem, SiteMetrics } from "../../core/api/campaigns";

export type CampaignFilters = { q: string; genre: string; sort: "prize" | "time" | "clicks" | "promoters" };
const PAGE_SIZE = 24;

/**
 * Live campaigns, searched, filtered and sorted on the server, a page at a time; refreshed every 60 s and on
 * `campaignCreated` / `campaignUpdated` (SPEC.md section 4).
 */
export function useCampaigns(filters: CampaignFilters) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: apiKey(campaignsApi.list) });
    window.addEventListener("campaignCreated", refresh);
    window.addEventListener("campaignUpdated", refresh);
    return () => {
      window.removeEventListener("campaignCreated", refresh);
      window.removeEventListener("campaignUpdated", refresh);
    };
  }, [queryClient]);
  const query = {
    sort: filters.sort,
    limit: PAGE_SIZE,
    q: filters.q.trim() || undefined,
    genre: filters.genre === "all" ? undefined : filters.genre,
  };
  return useInfiniteQuery({
    queryKey: apiKey(campaignsApi.list, { query }),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => callApi(campaignsApi.list, { query: { ...query, offset: pageParam } }),
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

/** A campaign's own page: the link its artist shares to recruit promoters. */
export const campaignPageUrl = (campaignId: string) => `${window.location.origin}/campaigns/${campaignId}`;

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
  // The hero and the campaigns section both show these: one request serves both.
  return useApi(campaignsApi.metrics, {}, { staleTime: 30_000, refetchInterval: 60_000 });
}

/** "1 click", "2.5K clicks". */
export const clicksLabel = (clicks: number) => countOf(clicks, "click");
