CREATE TABLE "click_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"campaign_id" uuid NOT NULL,
	"promoter_id" uuid,
	"ip_hash" text,
	"clicks_voided" integer NOT NULL,
	"actor_user_id" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suspicious_activity" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "suspicious_activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"severity" text NOT NULL,
	"details" text NOT NULL,
	"campaign_id" uuid,
	"tracking_link_id" uuid,
	"ip_hash" text,
	"fingerprint" text,
	"ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "click_events" DROP CONSTRAINT "click_events_verdict_check";--> statement-breakpoint
ALTER TABLE "click_audit" ADD CONSTRAINT "click_audit_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_audit" ADD CONSTRAINT "click_audit_promoter_id_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_audit" ADD CONSTRAINT "click_audit_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspicious_activity" ADD CONSTRAINT "suspicious_activity_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspicious_activity" ADD CONSTRAINT "suspicious_activity_tracking_link_id_tracking_links_id_fk" FOREIGN KEY ("tracking_link_id") REFERENCES "public"."tracking_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "click_audit_campaign_idx" ON "click_audit" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "suspicious_activity_ts_idx" ON "suspicious_activity" USING btree ("ts");--> statement-breakpoint
CREATE INDEX "suspicious_activity_campaign_idx" ON "suspicious_activity" USING btree ("campaign_id");--> statement-breakpoint
ALTER TABLE "click_events" ADD CONSTRAINT "click_events_verdict_check" CHECK ("click_events"."verdict" in ('counted', 'duplicate', 'bot', 'rate_limited', 'self', 'inactive', 'voided'));