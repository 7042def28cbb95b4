CREATE TABLE "admin_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" text,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "click_events" DROP CONSTRAINT "click_events_verdict_check";--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "suspicious_activity" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "ban_reason" text;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_created_idx" ON "admin_audit" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "suspicious_activity_open_idx" ON "suspicious_activity" USING btree ("ts") WHERE "suspicious_activity"."status" = 'open';--> statement-breakpoint
ALTER TABLE "click_events" ADD CONSTRAINT "click_events_verdict_check" CHECK ("click_events"."verdict" in ('counted', 'duplicate', 'bot', 'rate_limited', 'self', 'inactive', 'voided', 'banned'));--> statement-breakpoint
ALTER TABLE "suspicious_activity" ADD CONSTRAINT "suspicious_activity_status_check" CHECK ("suspicious_activity"."status" in ('open', 'dismissed', 'actioned'));