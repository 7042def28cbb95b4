ALTER TABLE "payouts" DROP CONSTRAINT "payouts_hold_reasons_check";--> statement-breakpoint
ALTER TABLE "result_exclusions" DROP CONSTRAINT "result_exclusions_reason_check";--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_hold_reasons_check" CHECK ("payouts"."hold_reasons" <@ array['banned', 'flagged']::text[]);--> statement-breakpoint
ALTER TABLE "result_exclusions" ADD CONSTRAINT "result_exclusions_reason_check" CHECK ("result_exclusions"."reason" in ('recent_win', 'banned', 'artist', 'deleted', 'disqualified'));