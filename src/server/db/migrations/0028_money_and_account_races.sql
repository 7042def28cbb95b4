CREATE TABLE "email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"confirm_token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"undo_token_hash" text,
	"undo_expires_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "click_events" DROP CONSTRAINT "click_events_verdict_check";--> statement-breakpoint
ALTER TABLE "result_exclusions" DROP CONSTRAINT "result_exclusions_reason_check";--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "hold_reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_confirm_token_key" ON "email_changes" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_undo_token_key" ON "email_changes" USING btree ("undo_token_hash");--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "click_events" ADD CONSTRAINT "click_events_verdict_check" CHECK ("click_events"."verdict" in ('counted', 'duplicate', 'bot', 'rate_limited', 'self', 'inactive', 'voided', 'banned', 'challenged', 'not_navigation'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_hold_reasons_check" CHECK ("payouts"."hold_reasons" <@ array['banned']::text[]);--> statement-breakpoint
ALTER TABLE "result_exclusions" ADD CONSTRAINT "result_exclusions_reason_check" CHECK ("result_exclusions"."reason" in ('recent_win', 'banned', 'artist', 'deleted'));--> statement-breakpoint
UPDATE "user" SET "deleted_at" = "updated_at" WHERE "email" LIKE 'deleted-%@deleted.invalid';
--> statement-breakpoint
-- One handle rule (3 to 30 letters, digits, underscores or hyphens): a handle outside it keeps its readable start and
-- gets the promoter id's first 8 characters, which keep it unique in any letter case.
WITH "renamed" AS (
	UPDATE "promoters" "p"
	SET "handle" = left(regexp_replace("p"."handle", '[^A-Za-z0-9_-]', '_', 'g'), 21) || '-' || left("p"."id"::text, 8)
	WHERE "p"."handle" !~ '^[A-Za-z0-9_-]{3,30}$'
	RETURNING "p"."auth_user_id", "p"."handle"
)
UPDATE "user" "u" SET "social_handle" = "renamed"."handle" FROM "renamed" WHERE "u"."id" = "renamed"."auth_user_id";
