CREATE TABLE "image_originals" (
	"source" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
