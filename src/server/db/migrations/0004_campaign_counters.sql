ALTER TABLE "campaigns" ADD COLUMN "total_clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "promoter_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "campaigns_live_prize_idx" ON "campaigns" USING btree ("prize_cents" DESC NULLS LAST,"published_at" DESC NULLS LAST) WHERE "campaigns"."status" = 'active' and "campaigns"."is_public";--> statement-breakpoint
CREATE INDEX "campaigns_live_clicks_idx" ON "campaigns" USING btree ("total_clicks" DESC NULLS LAST,"published_at" DESC NULLS LAST) WHERE "campaigns"."status" = 'active' and "campaigns"."is_public";--> statement-breakpoint
CREATE INDEX "campaigns_live_promoters_idx" ON "campaigns" USING btree ("promoter_count" DESC NULLS LAST,"published_at" DESC NULLS LAST) WHERE "campaigns"."status" = 'active' and "campaigns"."is_public";--> statement-breakpoint
UPDATE "campaigns" SET
  "total_clicks" = COALESCE((SELECT SUM("total_clicks") FROM "tracking_links" WHERE "tracking_links"."campaign_id" = "campaigns"."id"), 0),
  "promoter_count" = (SELECT COUNT(*) FROM "tracking_links" WHERE "tracking_links"."campaign_id" = "campaigns"."id");
