CREATE TABLE "inventory_feed_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"photo_id" integer NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text
);
--> statement-breakpoint
CREATE TABLE "inventory_feed_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_id" integer NOT NULL,
	"status" text NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"photos_downloaded" integer DEFAULT 0 NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"held_reason" text,
	"diff" jsonb,
	"plan" jsonb
);
--> statement-breakpoint
CREATE TABLE "inventory_feed_units" (
	"vehicle_id" integer PRIMARY KEY NOT NULL,
	"feed_id" integer NOT NULL,
	"row_hash" text NOT NULL,
	"photo_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"locked_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"url" text NOT NULL,
	"format" text DEFAULT 'csv' NOT NULL,
	"interval_minutes" integer DEFAULT 60 NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"username" text,
	"password_sealed" text,
	"gone_action" text DEFAULT 'sold' NOT NULL,
	"removal_threshold_percent" smallint DEFAULT 30 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_rows" integer,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_feed_photos" ADD CONSTRAINT "inventory_feed_photos_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_feed_photos" ADD CONSTRAINT "inventory_feed_photos_photo_id_vehicle_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."vehicle_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_feed_runs" ADD CONSTRAINT "inventory_feed_runs_feed_id_inventory_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."inventory_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_feed_units" ADD CONSTRAINT "inventory_feed_units_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_feed_units" ADD CONSTRAINT "inventory_feed_units_feed_id_inventory_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."inventory_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_feed_photos_vehicle_url_idx" ON "inventory_feed_photos" USING btree ("vehicle_id","url");--> statement-breakpoint
CREATE INDEX "inventory_feed_runs_feed_idx" ON "inventory_feed_runs" USING btree ("feed_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_feed_runs_one_running_idx" ON "inventory_feed_runs" USING btree ("feed_id") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "inventory_feed_units_feed_idx" ON "inventory_feed_units" USING btree ("feed_id");