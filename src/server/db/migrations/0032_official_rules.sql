CREATE TABLE "campaign_rules" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"hash" text NOT NULL,
	"settings" jsonb NOT NULL,
	"sections" jsonb NOT NULL,
	"frozen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tracking_links" ADD COLUMN "rules_hash" text;--> statement-breakpoint
ALTER TABLE "campaign_rules" ADD CONSTRAINT "campaign_rules_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;