DROP INDEX "campaigns_live_clicks_idx";--> statement-breakpoint
DROP INDEX "promoters_total_clicks_idx";--> statement-breakpoint
DROP INDEX "tracking_links_leaderboard_idx";--> statement-breakpoint
-- Room on each page for the counters' HOT updates (ADR 010); applies to pages written from now on.
ALTER TABLE "campaigns" SET (fillfactor = 90);--> statement-breakpoint
ALTER TABLE "tracking_links" SET (fillfactor = 90);--> statement-breakpoint
ALTER TABLE "promoters" SET (fillfactor = 90);
