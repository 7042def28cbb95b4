ALTER TABLE "click_events" ADD COLUMN "reasons" text[];--> statement-breakpoint
ALTER TABLE "click_events" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "click_events" ADD CONSTRAINT "click_events_reasons_check" CHECK ("click_events"."reasons" <@ array['address_burst', 'address_flagged', 'hosting_network', 'network_limit', 'challenge_solved']::text[]);--> statement-breakpoint
-- record_click_batch (0029) with each click's reason codes, one comma-separated text per click (none: NULL), as
-- arrays of arrays must all be one length.
DROP FUNCTION record_click_batch(uuid[], uuid[], uuid[], text[], text[], text[], text[], text[], text[], text[], text[], integer[], integer[]);--> statement-breakpoint
CREATE FUNCTION record_click_batch(
  link_ids uuid[], campaign_ids uuid[], promoter_ids uuid[], verdicts text[], ips text[], ip_hashes text[],
  user_agents text[], countries text[], referrers text[], fingerprints text[], networks text[], asns integer[],
  rules_versions integer[], reason_lists text[]
) RETURNS TABLE (kind text, id bigint, ref uuid, ip_hash text)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  -- Every link exists, and is held against deletion until this batch commits: one lock per link, in id order,
  -- instead of a foreign-key check per click (migration 0010).
  IF (SELECT count(*) FROM (SELECT 1 FROM tracking_links t WHERE t.id = ANY (link_ids) ORDER BY t.id FOR KEY SHARE) l)
     <> (SELECT count(DISTINCT x) FROM unnest(link_ids) x) THEN
    RAISE EXCEPTION 'click for an unknown tracking link' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN QUERY
  WITH input AS (
    SELECT * FROM unnest(link_ids, campaign_ids, promoter_ids, verdicts, ips, ip_hashes, user_agents, countries, referrers,
      fingerprints, networks, asns, rules_versions, reason_lists)
      AS t(tracking_link_id, campaign_id, promoter_id, verdict, ip, ip_hash, user_agent, country, referrer, fingerprint,
        network, asn, rules_version, reasons)
  ),
  live AS (
    SELECT c.id FROM campaigns c
    WHERE c.id IN (SELECT i.campaign_id FROM input i WHERE i.verdict = 'counted')
      AND c.status = 'active' AND c.is_public AND c.ends_at > now()
    ORDER BY c.id
    FOR NO KEY UPDATE
  ),
  counted AS (
    INSERT INTO click_events (tracking_link_id, campaign_id, promoter_id, verdict, ip, ip_hash, user_agent, country, referrer, fingerprint, network, asn, rules_version, reasons)
    SELECT i.tracking_link_id, i.campaign_id, i.promoter_id, 'counted', i.ip, i.ip_hash, i.user_agent, i.country, i.referrer, i.fingerprint,
           i.network, i.asn, i.rules_version, string_to_array(i.reasons, ',')
    FROM input i WHERE i.verdict = 'counted' AND i.campaign_id IN (SELECT l.id FROM live l)
    ON CONFLICT (campaign_id, ip_hash) WHERE verdict = 'counted' DO NOTHING
    RETURNING click_events.id, click_events.tracking_link_id, click_events.campaign_id, click_events.promoter_id, click_events.ip_hash
  ),
  others AS (
    INSERT INTO click_events (tracking_link_id, campaign_id, promoter_id, verdict, ip, ip_hash, user_agent, country, referrer, fingerprint, network, asn, rules_version, reasons)
    SELECT i.tracking_link_id, i.campaign_id, i.promoter_id,
           CASE WHEN i.verdict <> 'counted' THEN i.verdict
                WHEN i.campaign_id IN (SELECT l.id FROM live l) THEN 'duplicate'
                ELSE 'inactive' END,
           i.ip, i.ip_hash, i.user_agent, i.country, i.referrer, i.fingerprint, i.network, i.asn, i.rules_version,
           string_to_array(i.reasons, ',')
    FROM input i
    WHERE i.verdict <> 'counted'
       OR NOT EXISTS (SELECT 1 FROM counted c WHERE c.campaign_id = i.campaign_id AND c.ip_hash = i.ip_hash)
  ),
  bump_links AS (
    UPDATE tracking_links tl SET total_clicks = tl.total_clicks + x.n
    FROM (SELECT c.tracking_link_id, count(*)::int AS n FROM counted c GROUP BY c.tracking_link_id) x
    WHERE tl.id = x.tracking_link_id RETURNING tl.id
  ),
  bump_promoters AS (
    UPDATE promoters p SET total_clicks_all_time = p.total_clicks_all_time + x.n
    FROM (SELECT c.promoter_id, count(*)::int AS n FROM counted c GROUP BY c.promoter_id) x
    WHERE p.id = x.promoter_id RETURNING p.id
  ),
  bump_campaigns AS (
    UPDATE campaigns cp SET total_clicks = cp.total_clicks + x.n
    FROM (SELECT c.campaign_id, count(*)::int AS n FROM counted c GROUP BY c.campaign_id) x
    WHERE cp.id = x.campaign_id RETURNING cp.id
  )
  SELECT 'counted'::text, c.id, c.tracking_link_id, c.ip_hash FROM counted c
  UNION ALL
  SELECT 'live'::text, NULL::bigint, l.id, NULL::text FROM live l;
END;
$$;
