CREATE TABLE "artwork_files" (
	"key" text NOT NULL,
	"variant" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artwork_files_key_variant_pk" PRIMARY KEY("key","variant")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "artwork_key" text;--> statement-breakpoint
ALTER TABLE "artwork_files" ADD CONSTRAINT "artwork_files_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artwork_files_created_idx" ON "artwork_files" USING btree ("created_at");