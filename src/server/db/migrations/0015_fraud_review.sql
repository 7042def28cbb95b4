CREATE TABLE "result_exclusions" (
	"campaign_id" uuid NOT NULL,
	"promoter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "result_exclusions_campaign_id_promoter_id_pk" PRIMARY KEY("campaign_id","promoter_id"),
	CONSTRAINT "result_exclusions_reason_check" CHECK ("result_exclusions"."reason" in ('recent_win', 'banned', 'artist'))
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "review_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "results_announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "suspicious_activity" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "suspicious_activity" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "suspicious_activity" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "result_exclusions" ADD CONSTRAINT "result_exclusions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_exclusions" ADD CONSTRAINT "result_exclusions_promoter_id_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspicious_activity" ADD CONSTRAINT "suspicious_activity_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "campaigns" SET "review_until" = "ends_at", "results_announced_at" = "updated_at" WHERE "status" IN ('ended', 'completed');
