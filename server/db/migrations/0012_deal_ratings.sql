CREATE TABLE "deal_ratings" (
	"vehicle_id" integer PRIMARY KEY NOT NULL,
	"group_key" text NOT NULL,
	"rating" text NOT NULL,
	"market_price" integer NOT NULL,
	"difference" integer NOT NULL,
	"difference_bp" integer NOT NULL,
	"comparable_count" smallint NOT NULL,
	"year_min" smallint NOT NULL,
	"year_max" smallint NOT NULL,
	"adjusted_km" integer NOT NULL,
	"comparable_ids" integer[] NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_ratings_rating_check" CHECK ("deal_ratings"."rating" in ('great', 'good', 'fair', 'high'))
);
--> statement-breakpoint
ALTER TABLE "deal_ratings" ADD CONSTRAINT "deal_ratings_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_ratings_group_idx" ON "deal_ratings" USING btree ("group_key");--> statement-breakpoint
CREATE INDEX "deal_ratings_comparables_idx" ON "deal_ratings" USING gin ("comparable_ids");--> statement-breakpoint
CREATE INDEX "deal_ratings_order_idx" ON "deal_ratings" USING btree ("difference_bp","vehicle_id");