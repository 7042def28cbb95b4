CREATE TABLE "identity_marks" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_marks_user_id_kind_value_pk" PRIMARY KEY("user_id","kind","value"),
	CONSTRAINT "identity_marks_kind_check" CHECK ("identity_marks"."kind" in ('device', 'network', 'email', 'payout_account', 'legal_name'))
);
--> statement-breakpoint
CREATE TABLE "periodic_claims" (
	"key" text PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "winner_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"promoter_id" uuid NOT NULL,
	"country" text NOT NULL,
	"state" text,
	"minimum_age" integer NOT NULL,
	"stated_legal_name" text NOT NULL,
	"account_country" text,
	"account_legal_name" text,
	"problem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "winner_verifications_problem_check" CHECK ("winner_verifications"."problem" is null or "winner_verifications"."problem" in ('residence', 'account_country', 'account_name'))
);
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_hold_reasons_check";--> statement-breakpoint
ALTER TABLE "result_exclusions" DROP CONSTRAINT "result_exclusions_reason_check";--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "bank_fingerprint" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "approved_by" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "approval_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "result_exclusions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "result_exclusions" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "result_exclusions" ADD COLUMN "decided_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "bank_fingerprint" text;--> statement-breakpoint
ALTER TABLE "identity_marks" ADD CONSTRAINT "identity_marks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winner_verifications" ADD CONSTRAINT "winner_verifications_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winner_verifications" ADD CONSTRAINT "winner_verifications_promoter_id_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_marks_value_idx" ON "identity_marks" USING btree ("kind","value");--> statement-breakpoint
CREATE UNIQUE INDEX "winner_verifications_candidate_key" ON "winner_verifications" USING btree ("campaign_id","promoter_id");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_approved_by_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_exclusions" ADD CONSTRAINT "result_exclusions_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_hold_reasons_check" CHECK ("payouts"."hold_reasons" <@ array['banned', 'flagged', 'tax_info', 'approval', 'verification']::text[]);--> statement-breakpoint
ALTER TABLE "result_exclusions" ADD CONSTRAINT "result_exclusions_reason_check" CHECK ("result_exclusions"."reason" in ('recent_win', 'banned', 'artist', 'deleted', 'disqualified', 'passed_over', 'not_verified', 'linked'));--> statement-breakpoint
-- No prize is paid on clicks alone (ADR 040): a payout no transfer has tried yet waits for an admin's approval and its winner's verification.
UPDATE "payouts" SET "hold_reasons" = "hold_reasons" || array['approval', 'verification']::text[], "updated_at" = now()
WHERE "status" = 'pending' AND "attempts" = 0;--> statement-breakpoint
-- Every account's e-mail address as its provider delivers it (src/core/identity.ts normalizeEmail): dots and plus tags dropped where the provider ignores them.
INSERT INTO "identity_marks" ("user_id", "kind", "value")
SELECT id, 'email',
  CASE
    WHEN split_part(lower(email), '@', 2) IN ('gmail.com', 'googlemail.com')
      THEN replace(split_part(split_part(lower(email), '@', 1), '+', 1), '.', '') || '@gmail.com'
    WHEN split_part(lower(email), '@', 2) IN ('outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'icloud.com', 'me.com', 'mac.com', 'fastmail.com', 'protonmail.com', 'proton.me', 'pm.me')
      THEN split_part(split_part(lower(email), '@', 1), '+', 1) || '@' || split_part(lower(email), '@', 2)
    ELSE lower(email)
  END
FROM "user" WHERE "deleted_at" IS NULL
ON CONFLICT DO NOTHING;
