-- Handles differing only in letter case could both be taken in a race; all but the earliest get a suffix first,
-- within the handle rule (3 to 30 letters, digits, underscores or hyphens).
WITH "renamed" AS (
	UPDATE "promoters" "p"
	SET "handle" = left(regexp_replace("p"."handle", '[^A-Za-z0-9_-]', '_', 'g'), 21) || '-' || left("p"."id"::text, 8)
	WHERE EXISTS (
		SELECT 1 FROM "promoters" "q"
		WHERE lower("q"."handle") = lower("p"."handle")
			AND ("q"."created_at", "q"."id") < ("p"."created_at", "p"."id")
	)
	RETURNING "p"."auth_user_id", "p"."handle"
)
UPDATE "user" "u" SET "social_handle" = "renamed"."handle" FROM "renamed" WHERE "u"."id" = "renamed"."auth_user_id";--> statement-breakpoint
DROP INDEX "promoters_handle_key";--> statement-breakpoint
CREATE UNIQUE INDEX "promoters_handle_lower_key" ON "promoters" USING btree (lower("handle"));
