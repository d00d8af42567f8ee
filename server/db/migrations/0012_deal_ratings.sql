CREATE TABLE "deal_ratings" (
	"vehicle_id" integer PRIMARY KEY NOT NULL,
	"group_key" text NOT NULL,
	"rating" text,
	"market_price" integer,
	"difference" integer,
	"difference_bp" integer,
	"comparable_count" smallint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_ratings_rating_check" CHECK ("deal_ratings"."rating" is null or "deal_ratings"."rating" in ('great', 'good', 'fair', 'high'))
);
--> statement-breakpoint
CREATE INDEX "deal_ratings_group_idx" ON "deal_ratings" USING btree ("group_key");