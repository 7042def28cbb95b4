ALTER TABLE "click_events" DROP CONSTRAINT "click_events_verdict_check";--> statement-breakpoint
ALTER TABLE "click_events" ADD CONSTRAINT "click_events_verdict_check" CHECK ("click_events"."verdict" in ('counted', 'duplicate', 'bot', 'rate_limited', 'self', 'inactive', 'voided', 'banned', 'challenged')) NOT VALID;--> statement-breakpoint
-- Checked apart from adding it: the scan of the events then blocks no click.
ALTER TABLE "click_events" VALIDATE CONSTRAINT "click_events_verdict_check";
