CREATE TABLE "token_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"full_at" bigint NOT NULL
);
