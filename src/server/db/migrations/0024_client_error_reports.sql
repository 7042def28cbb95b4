CREATE TABLE "client_error_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fingerprint" text NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"severity" text NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"component_stack" text,
	"path" text NOT NULL,
	"request_id" text,
	"user_agent" text,
	"release" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "client_error_reports_fingerprint_idx" ON "client_error_reports" USING btree ("fingerprint","created_at");--> statement-breakpoint
CREATE INDEX "client_error_reports_created_idx" ON "client_error_reports" USING btree ("created_at");