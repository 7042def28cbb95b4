CREATE TABLE "sign_in_attempts" (
	"email" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"held_until" timestamp with time zone
);
--> statement-breakpoint
-- Before this migration a user could write their own role (update-user). A role outside the two a sign-up can choose
-- is put back: artist when the user created campaigns, otherwise promoter (admins are rows of "admins", not a role).
UPDATE "user" SET "user_type" = CASE
	WHEN EXISTS (SELECT 1 FROM "campaigns" c WHERE c."created_by" = "user"."id") THEN 'artist' ELSE 'promoter' END
WHERE "user_type" NOT IN ('artist', 'promoter');
--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_user_type_check" CHECK ("user"."user_type" in ('artist', 'promoter'));
