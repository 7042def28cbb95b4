ALTER TABLE "click_events" DROP CONSTRAINT "click_events_tracking_link_id_tracking_links_id_fk";
--> statement-breakpoint
-- A deleted link takes its clicks with it, as the foreign key's cascade did; record_click_batch refuses clicks for a
-- link that does not exist and holds each of its links until it commits (ADR 010).
CREATE FUNCTION delete_link_click_events() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM click_events e USING deleted_links d WHERE e.tracking_link_id = d.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tracking_links_delete_click_events
AFTER DELETE ON tracking_links
REFERENCING OLD TABLE AS deleted_links
FOR EACH STATEMENT EXECUTE FUNCTION delete_link_click_events();
