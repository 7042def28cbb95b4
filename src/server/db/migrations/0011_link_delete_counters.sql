-- A deleted link takes its clicks with it (migration 0010) and now also its counted clicks out of its campaign's and
-- its promoter's counters, so every counter keeps equalling the counted events behind it. When the campaign or the
-- promoter is itself being deleted, its row is already gone and the update finds nothing.
CREATE OR REPLACE FUNCTION delete_link_click_events() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE campaigns c SET total_clicks = c.total_clicks - d.n
  FROM (SELECT campaign_id, sum(total_clicks)::int AS n FROM deleted_links WHERE total_clicks > 0 GROUP BY campaign_id) d
  WHERE c.id = d.campaign_id;
  UPDATE promoters p SET total_clicks_all_time = p.total_clicks_all_time - d.n
  FROM (SELECT promoter_id, sum(total_clicks)::int AS n FROM deleted_links WHERE total_clicks > 0 GROUP BY promoter_id) d
  WHERE p.id = d.promoter_id;
  DELETE FROM click_events e USING deleted_links d WHERE e.tracking_link_id = d.id;
  RETURN NULL;
END;
$$;
