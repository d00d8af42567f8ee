CREATE TABLE "content_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(80) NOT NULL,
	"title" varchar(120) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "content_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" varchar(120) NOT NULL,
	"title" varchar(160) NOT NULL,
	"excerpt" varchar(320) DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"author_id" integer,
	"author_name" varchar(100) DEFAULT '' NOT NULL,
	"category_id" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover_image" text,
	"cover_alt" varchar(200) DEFAULT '' NOT NULL,
	"reading_time" smallint DEFAULT 1 NOT NULL,
	"related_vehicles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_entries_kind_check" CHECK ("content_entries"."kind" in ('post', 'page')),
	CONSTRAINT "content_entries_status_check" CHECK ("content_entries"."status" in ('draft', 'published', 'scheduled')),
	CONSTRAINT "content_entries_scheduled_check" CHECK ("content_entries"."status" <> 'scheduled' or "content_entries"."publish_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "content_slug_redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"old_slug" varchar(120) NOT NULL,
	"entry_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_entries" ADD CONSTRAINT "content_entries_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_entries" ADD CONSTRAINT "content_entries_category_id_content_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."content_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_slug_redirects" ADD CONSTRAINT "content_slug_redirects_entry_id_content_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."content_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_entries_kind_slug_idx" ON "content_entries" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "content_entries_public_idx" ON "content_entries" USING btree ("kind","status","published_at");--> statement-breakpoint
CREATE INDEX "content_entries_category_idx" ON "content_entries" USING btree ("category_id","published_at");--> statement-breakpoint
CREATE INDEX "content_entries_tags_idx" ON "content_entries" USING gin ("tags");--> statement-breakpoint
CREATE UNIQUE INDEX "content_slug_redirects_kind_slug_idx" ON "content_slug_redirects" USING btree ("kind","old_slug");--> statement-breakpoint
CREATE INDEX "content_slug_redirects_entry_idx" ON "content_slug_redirects" USING btree ("entry_id");