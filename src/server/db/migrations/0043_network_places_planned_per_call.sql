-- The network places' repeat check is planned at each call. Under the function's generic plans, the check planned
-- while click_events was nearly empty (a new database taking clicks at once) probed its counted index without the
-- campaign and address, reading the whole index for every candidate: a batch took up to a second, and counted clicks
-- at a steady 2,000 a second fell to 30 a second. The check runs only for batches that ask for places.
-- The requests' facts come as one JSON array (`requests jsonb`), not as a text array of JSON texts.
DROP FUNCTION record_click_batch(uuid[], uuid[], uuid[], text[], text[], text[], text[], text[], text[], text[], text[], integer[], integer[], text[], text[], integer[], integer, integer);--> statement-breakpoint
CREATE FUNCTION record_click_batch(
  link_ids uuid[], campaign_ids uuid[], promoter_ids uuid[], verdicts text[], ips text[], ip_hashes text[],
  user_agents text[], countries text[], referrers text[], fingerprints text[], networks text[], asns integer[],
  rules_versions integer[], reason_lists text[], requests jsonb, places integer[], network_limit integer,
  network_window_secs integer
) RETURNS TABLE (kind text, id bigint, ref uuid, ip_hash text)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  -- The counted candidates that take places, by their position in the batch's arrays.
  cand_positions integer[];
  cand_links text[];
  cand_networks text[];
  cand_places integer[];
  -- Whether each click of the batch is past its network's limit (a counted candidate recorded challenged instead).
  past_limit boolean[] := array_fill(false, ARRAY[coalesce(array_length(link_ids, 1), 0)]);
  past_at integer;
  -- The requests' facts, one per click (SQL null for none): the batch sends them as one JSON array, parsed once,
  -- instead of a text array of JSON texts that the server escaped and the database unescaped and parsed one by one.
  request_list jsonb[] := ARRAY(SELECT nullif(r.value, 'null'::jsonb)
                                FROM jsonb_array_elements(requests) WITH ORDINALITY AS r(value, n) ORDER BY r.n);
BEGIN
  -- Every link exists, and is held against deletion until this batch commits: one lock per link, in id order,
  -- instead of a foreign-key check per click (migration 0010).
  IF (SELECT count(*) FROM (SELECT 1 FROM tracking_links t WHERE t.id = ANY (link_ids) ORDER BY t.id FOR KEY SHARE) l)
     <> (SELECT count(DISTINCT x) FROM unnest(link_ids) x) THEN
    RAISE EXCEPTION 'click for an unknown tracking link' USING ERRCODE = 'foreign_key_violation';
  END IF;
  -- Most batches (organic traffic, one visit per network) ask for no place: nothing to reserve.
  IF network_limit > 0 AND 0 < ANY (places) THEN
    -- A candidate whose address already counted on the campaign takes no place: it is a repeat.
    -- Planned at each call (EXECUTE), with the table's size as it is then: a generic plan cached while click_events
    -- was nearly empty scanned its whole counted index for every candidate, and kept doing so as it grew.
    EXECUTE $q$
      SELECT array_agg(t.n::integer), array_agg(t.link_id::text), array_agg(t.network), array_agg(t.places)
      FROM unnest($1, $2, $3, $4, $5, $6) WITH ORDINALITY
        AS t(link_id, campaign_id, verdict, network, ip_hash, places, n)
      WHERE t.verdict = 'counted' AND t.network IS NOT NULL AND t.places > 0
        AND NOT EXISTS (SELECT 1 FROM click_events e
                        WHERE e.campaign_id = t.campaign_id AND e.ip_hash = t.ip_hash AND e.verdict = 'counted')
    $q$
    INTO cand_positions, cand_links, cand_networks, cand_places
    USING link_ids, campaign_ids, verdicts, networks, ip_hashes, places;
    IF cand_positions IS NOT NULL THEN
      -- The places go into the shared counts and the counts come back; each candidate is matched to its network's by
      -- hashing (the planner, blind to the arrays' sizes, would compare every candidate with every network).
      PERFORM set_config('enable_nestloop', 'off', true);
      FOR past_at IN
        WITH candidates AS (
          SELECT c.n, c.link, c.network,
                 sum(c.places) OVER (PARTITION BY c.link, c.network ORDER BY c.n) AS position,
                 sum(c.places) OVER (PARTITION BY c.link, c.network) AS asking
          FROM unnest(cand_positions, cand_links, cand_networks, cand_places) AS c(n, link, network, places)
        ),
        placed AS (
          INSERT INTO signal_counts (kind, subject, detail, window_start, count)
          SELECT 'network_place', g.link, g.network, now(), g.asking
          FROM (SELECT DISTINCT c.link, c.network, c.asking FROM candidates c) g
          ORDER BY 2, 3
          ON CONFLICT (kind, subject, detail) DO UPDATE SET
            window_start = CASE WHEN signal_counts.window_start <= now() - make_interval(secs => network_window_secs)
              THEN now() ELSE signal_counts.window_start END,
            count = CASE WHEN signal_counts.window_start <= now() - make_interval(secs => network_window_secs)
              THEN excluded.count ELSE signal_counts.count + excluded.count END
          RETURNING subject, detail, count
        )
        SELECT c.n FROM candidates c JOIN placed p ON p.subject = c.link AND p.detail = c.network
        WHERE p.count - c.asking + c.position > network_limit
      LOOP
        past_limit[past_at] := true;
      END LOOP;
      PERFORM set_config('enable_nestloop', 'on', true);
    END IF;
  END IF;
  RETURN QUERY
  WITH input AS (
    SELECT t.tracking_link_id, t.campaign_id, t.promoter_id,
           CASE WHEN t.past THEN 'challenged' ELSE t.verdict END AS verdict,
           t.ip, t.ip_hash, t.user_agent, t.country, t.referrer, t.fingerprint, t.network, t.asn, t.rules_version,
           CASE WHEN t.past THEN concat_ws(',', t.reasons, 'network_limit') ELSE t.reasons END AS reasons,
           t.request, t.past
    FROM unnest(link_ids, campaign_ids, promoter_ids, verdicts, ips, ip_hashes, user_agents, countries, referrers,
      fingerprints, networks, asns, rules_versions, reason_lists, request_list, past_limit)
      AS t(tracking_link_id, campaign_id, promoter_id, verdict, ip, ip_hash, user_agent, country, referrer, fingerprint,
        network, asn, rules_version, reasons, request, past)
  ),
  live AS (
    SELECT c.id FROM campaigns c
    WHERE c.id IN (SELECT i.campaign_id FROM input i WHERE i.verdict = 'counted')
      AND c.status = 'active' AND c.is_public AND c.ends_at > now()
    ORDER BY c.id
    FOR NO KEY UPDATE
  ),
  counted AS (
    INSERT INTO click_events (tracking_link_id, campaign_id, promoter_id, verdict, ip, ip_hash, user_agent, country, referrer, fingerprint, network, asn, rules_version, reasons, request)
    SELECT i.tracking_link_id, i.campaign_id, i.promoter_id, 'counted', i.ip, i.ip_hash, i.user_agent, i.country, i.referrer, i.fingerprint,
           i.network, i.asn, i.rules_version, string_to_array(i.reasons, ','), i.request
    FROM input i WHERE i.verdict = 'counted' AND i.campaign_id IN (SELECT l.id FROM live l)
    ON CONFLICT (campaign_id, ip_hash) WHERE verdict = 'counted' DO NOTHING
    RETURNING click_events.id, click_events.tracking_link_id, click_events.campaign_id, click_events.promoter_id, click_events.ip_hash
  ),
  others AS (
    INSERT INTO click_events (tracking_link_id, campaign_id, promoter_id, verdict, ip, ip_hash, user_agent, country, referrer, fingerprint, network, asn, rules_version, reasons, request)
    SELECT i.tracking_link_id, i.campaign_id, i.promoter_id,
           CASE WHEN i.verdict <> 'counted' THEN i.verdict
                WHEN i.campaign_id IN (SELECT l.id FROM live l) THEN 'duplicate'
                ELSE 'inactive' END,
           i.ip, i.ip_hash, i.user_agent, i.country, i.referrer, i.fingerprint, i.network, i.asn, i.rules_version,
           string_to_array(i.reasons, ','), i.request
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
  SELECT 'live'::text, NULL::bigint, l.id, NULL::text FROM live l
  UNION ALL
  SELECT 'challenged'::text, NULL::bigint, i.tracking_link_id, i.ip_hash FROM input i WHERE i.past;
END;
$$;
