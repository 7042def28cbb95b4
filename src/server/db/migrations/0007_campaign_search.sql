-- Trigram matching for the campaign search; pg_trgm is a trusted extension, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "campaigns_title_trgm_idx" ON "campaigns" USING gin ("title" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "campaigns_artist_trgm_idx" ON "campaigns" USING gin ("artist_name" gin_trgm_ops) WITH (fastupdate=false);