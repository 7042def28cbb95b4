CREATE TABLE "click_rollup_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"rolled_until" timestamp with time zone,
	"unique_addresses" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "click_rollup_state_single_row" CHECK ("click_rollup_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "click_rollups" (
	"dimension" text NOT NULL,
	"span" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"value" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "click_rollups_dimension_span_bucket_value_pk" PRIMARY KEY("dimension","span","bucket","value"),
	CONSTRAINT "click_rollups_span_check" CHECK ("click_rollups"."span" in ('hour', 'day'))
);
--> statement-breakpoint
CREATE TABLE "seen_addresses" (
	"ip_hash" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER INDEX "click_events_ts_brin" SET (autosummarize = true);--> statement-breakpoint
INSERT INTO "click_rollup_state" ("id") VALUES (1);