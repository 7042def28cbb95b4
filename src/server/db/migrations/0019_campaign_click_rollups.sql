CREATE TABLE "campaign_click_rollups" (
	"campaign_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"value" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "campaign_click_rollups_campaign_id_dimension_bucket_value_pk" PRIMARY KEY("campaign_id","dimension","bucket","value")
);
--> statement-breakpoint
DROP INDEX "click_events_link_idx";--> statement-breakpoint
CREATE INDEX "click_events_link_id_idx" ON "click_events" USING btree ("tracking_link_id","id");--> statement-breakpoint
-- Events already rolled up globally are added per campaign here; later ones by the roll-up job (the same expressions as campaignRollupDimensions in click-rollups.ts).
INSERT INTO "campaign_click_rollups" ("campaign_id", "dimension", "bucket", "value", "count")
SELECT campaign_id, dimension, bucket, value, count(*) FROM (
	SELECT e.campaign_id, d.dimension, date_trunc(d.span, e.ts, 'UTC') AS bucket, d.value
	FROM "click_events" e
	CROSS JOIN LATERAL (VALUES
		('verdict', e.verdict::text, true, 'hour'),
		('country', coalesce(nullif(e.country, ''), 'Unknown'), e.verdict = 'counted', 'hour'),
		('promoter', e.promoter_id::text, e.verdict = 'counted', 'day'),
		('referrer', coalesce(lower(substring(e.referrer from '^[A-Za-z][A-Za-z0-9+.-]*://(?:www\.)?([^/:?#]+)')), 'Direct'), true, 'hour')
	) AS d(dimension, value, included, span)
	WHERE d.included AND e.ts < coalesce((SELECT rolled_until FROM "click_rollup_state" WHERE id = 1), '-infinity')
) events
GROUP BY 1, 2, 3, 4;
