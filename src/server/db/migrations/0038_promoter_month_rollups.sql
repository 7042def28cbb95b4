-- Each campaign's counted clicks per promoter and UTC month, from the days already rolled up (a UTC day lies in one UTC month); later ones by the roll-up job (campaignRollupDimensions in click-rollups.ts).
INSERT INTO "campaign_click_rollups" ("campaign_id", "dimension", "bucket", "value", "count")
SELECT campaign_id, 'promoter_month', date_trunc('month', bucket, 'UTC'), value, sum(count)
FROM "campaign_click_rollups"
WHERE dimension = 'promoter'
GROUP BY 1, 3, 4;
