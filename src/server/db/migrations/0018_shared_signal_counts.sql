CREATE TABLE "signal_counts" (
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"detail" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "signal_counts_kind_subject_detail_pk" PRIMARY KEY("kind","subject","detail")
);
