CREATE TABLE "eligibility_statements" (
	"user_id" text PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"state" text,
	"minimum_age" integer NOT NULL,
	"stated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eligibility_statements_state_check" CHECK (("eligibility_statements"."country" = 'US') = ("eligibility_statements"."state" is not null))
);
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_hold_reasons_check";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "allowed_countries" text[];--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "tax_info_on_file" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "tax_form" text;--> statement-breakpoint
ALTER TABLE "eligibility_statements" ADD CONSTRAINT "eligibility_statements_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_hold_reasons_check" CHECK ("payouts"."hold_reasons" <@ array['banned', 'flagged', 'tax_info']::text[]);