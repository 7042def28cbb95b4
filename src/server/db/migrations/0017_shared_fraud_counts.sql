CREATE TABLE "address_clicks" (
	"ip_hash" text PRIMARY KEY NOT NULL,
	"minute_start" timestamp with time zone NOT NULL,
	"minute_count" integer NOT NULL,
	"burst_start" timestamp with time zone NOT NULL,
	"burst_count" integer NOT NULL,
	"burst_flagged_at" timestamp with time zone,
	"limit_flagged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "flag_claims" (
	"key" text PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
