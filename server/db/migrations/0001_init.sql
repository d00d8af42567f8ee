CREATE TABLE "app_meta" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"previous_price" integer,
	"price" integer NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(32) NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" varchar(60),
	"last_name" varchar(60),
	"profile_image_url" text,
	"role" text DEFAULT 'customer' NOT NULL,
	"is_active" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('customer', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "vehicle_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"variants" jsonb NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"vin" varchar(17) NOT NULL,
	"stock_number" varchar(20) NOT NULL,
	"year" smallint NOT NULL,
	"make" varchar(40) NOT NULL,
	"model" varchar(60) NOT NULL,
	"trim" varchar(60),
	"price" integer NOT NULL,
	"original_price" integer,
	"mileage" integer NOT NULL,
	"body_type" varchar(40) NOT NULL,
	"condition" text DEFAULT 'used' NOT NULL,
	"seller_type" text DEFAULT 'dealer' NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"transmission" varchar(40) NOT NULL,
	"engine" varchar(80),
	"drivetrain" varchar(10),
	"fuel_type" varchar(30) NOT NULL,
	"exterior_color" varchar(40) NOT NULL,
	"interior_color" varchar(40),
	"doors" smallint,
	"seats" smallint,
	"description" text DEFAULT '' NOT NULL,
	"location" text NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"owner_id" integer,
	"search_text" text GENERATED ALWAYS AS (lower("vehicles"."year"::text || ' ' || "vehicles"."make" || ' ' || "vehicles"."model" || ' ' || coalesce("vehicles"."trim", '') || ' ' || "vehicles"."body_type" || ' ' || "vehicles"."exterior_color" || ' ' || coalesce("vehicles"."interior_color", '') || ' ' || "vehicles"."fuel_type" || ' ' || coalesce("vehicles"."drivetrain", '') || ' ' || immutable_array_to_string("vehicles"."features", ' '))) STORED,
	"sold_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_vin_unique" UNIQUE("vin"),
	CONSTRAINT "vehicles_stock_number_unique" UNIQUE("stock_number"),
	CONSTRAINT "vehicles_price_check" CHECK ("vehicles"."price" >= 0),
	CONSTRAINT "vehicles_original_price_check" CHECK ("vehicles"."original_price" is null or "vehicles"."original_price" > "vehicles"."price"),
	CONSTRAINT "vehicles_mileage_check" CHECK ("vehicles"."mileage" >= 0),
	CONSTRAINT "vehicles_year_check" CHECK ("vehicles"."year" between 1980 and 2100),
	CONSTRAINT "vehicles_vin_check" CHECK ("vehicles"."vin" ~ '^[A-HJ-NPR-Z0-9]{17}$')
);
--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_photos" ADD CONSTRAINT "vehicle_photos_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_vehicle_idx" ON "price_history" USING btree ("vehicle_id","changed_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "vehicle_photos_vehicle_idx" ON "vehicle_photos" USING btree ("vehicle_id","position");--> statement-breakpoint
CREATE INDEX "vehicles_status_price_idx" ON "vehicles" USING btree ("status","price");--> statement-breakpoint
CREATE INDEX "vehicles_status_year_idx" ON "vehicles" USING btree ("status","year");--> statement-breakpoint
CREATE INDEX "vehicles_status_mileage_idx" ON "vehicles" USING btree ("status","mileage");--> statement-breakpoint
CREATE INDEX "vehicles_status_created_idx" ON "vehicles" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "vehicles_make_model_idx" ON "vehicles" USING btree ("make","model");--> statement-breakpoint
CREATE INDEX "vehicles_body_idx" ON "vehicles" USING btree ("body_type");--> statement-breakpoint
CREATE INDEX "vehicles_owner_idx" ON "vehicles" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "vehicles_features_idx" ON "vehicles" USING gin ("features");--> statement-breakpoint
CREATE INDEX "vehicles_search_trgm_idx" ON "vehicles" USING gin ("search_text" gin_trgm_ops);