CREATE TABLE "admins" (
	"auth_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admins_auth_user_id_pk" PRIMARY KEY("auth_user_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"artist_name" text NOT NULL,
	"genre" text,
	"description" text,
	"song_link" text NOT NULL,
	"created_by" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"prize_cents" integer DEFAULT 0 NOT NULL,
	"platform_fee_cents" integer DEFAULT 0 NOT NULL,
	"duration_days" integer DEFAULT 7 NOT NULL,
	"published_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('draft', 'active', 'paused', 'ended', 'completed', 'cancelled')),
	CONSTRAINT "campaigns_money_check" CHECK ("campaigns"."prize_cents" >= 0 and "campaigns"."platform_fee_cents" >= 0),
	CONSTRAINT "campaigns_duration_check" CHECK ("campaigns"."duration_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "click_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "click_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tracking_link_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"promoter_id" uuid NOT NULL,
	"verdict" text NOT NULL,
	"ip" text,
	"ip_hash" text NOT NULL,
	"user_agent" text,
	"country" text,
	"referrer" text,
	"fingerprint" text,
	"ts" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "click_events_verdict_check" CHECK ("click_events"."verdict" in ('counted', 'duplicate', 'bot', 'rate_limited', 'self', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"promoter_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transfer_id" text,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('pending', 'processing', 'paid', 'failed')),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "promoters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"handle" text NOT NULL,
	"auth_user_id" text NOT NULL,
	"total_clicks_all_time" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"promoter_id" uuid NOT NULL,
	"short_code" text NOT NULL,
	"total_clicks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "click_events" ADD CONSTRAINT "click_events_tracking_link_id_tracking_links_id_fk" FOREIGN KEY ("tracking_link_id") REFERENCES "public"."tracking_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_events" ADD CONSTRAINT "click_events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_events" ADD CONSTRAINT "click_events_promoter_id_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_promoter_id_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_promoter_id_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_payment_intent_id_key" ON "campaigns" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "campaigns_public_listing_idx" ON "campaigns" USING btree ("status","is_public","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_created_by_idx" ON "campaigns" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "campaigns_ends_at_idx" ON "campaigns" USING btree ("ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "click_events_counted_once_key" ON "click_events" USING btree ("campaign_id","ip_hash") WHERE "click_events"."verdict" = 'counted';--> statement-breakpoint
CREATE INDEX "click_events_campaign_ts_idx" ON "click_events" USING btree ("campaign_id","ts");--> statement-breakpoint
CREATE INDEX "click_events_link_idx" ON "click_events" USING btree ("tracking_link_id");--> statement-breakpoint
CREATE INDEX "click_events_ts_idx" ON "click_events" USING btree ("ts");--> statement-breakpoint
CREATE INDEX "click_events_ip_hash_ts_idx" ON "click_events" USING btree ("ip_hash","ts");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_campaign_promoter_key" ON "payouts" USING btree ("campaign_id","promoter_id");--> statement-breakpoint
CREATE INDEX "payouts_promoter_idx" ON "payouts" USING btree ("promoter_id");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "promoters_handle_key" ON "promoters" USING btree ("handle");--> statement-breakpoint
CREATE UNIQUE INDEX "promoters_auth_user_id_key" ON "promoters" USING btree ("auth_user_id");--> statement-breakpoint
CREATE INDEX "promoters_total_clicks_idx" ON "promoters" USING btree ("total_clicks_all_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_links_short_code_key" ON "tracking_links" USING btree ("short_code");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_links_campaign_promoter_key" ON "tracking_links" USING btree ("campaign_id","promoter_id");--> statement-breakpoint
CREATE INDEX "tracking_links_leaderboard_idx" ON "tracking_links" USING btree ("campaign_id","total_clicks" DESC NULLS LAST,"created_at");--> statement-breakpoint
CREATE INDEX "tracking_links_promoter_idx" ON "tracking_links" USING btree ("promoter_id");