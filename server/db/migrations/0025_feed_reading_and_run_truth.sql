ALTER TABLE "inventory_feed_runs" ADD COLUMN "returned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_feed_runs" ADD COLUMN "adopted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_feed_runs" ADD COLUMN "not_modified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_feed_runs" ADD COLUMN "progress" jsonb;--> statement-breakpoint
ALTER TABLE "inventory_feed_runs" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_feed_units" ADD COLUMN "decoded_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_feed_units" ADD COLUMN "removed_by_feed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventory_feeds" ADD COLUMN "encoding" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_feeds" ADD COLUMN "delimiter" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_feeds" ADD COLUMN "odometer_unit" text;--> statement-breakpoint
ALTER TABLE "inventory_feeds" ADD COLUMN "defaults" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_feeds" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;