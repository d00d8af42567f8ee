CREATE TABLE "deal_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"incentives" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "deal_settings_one_row" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "deal_worksheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"share_token" varchar(32) NOT NULL,
	"user_id" integer,
	"vehicle_id" integer,
	"lead_id" integer,
	"request" jsonb NOT NULL,
	"quote" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_worksheets_share_token_unique" UNIQUE("share_token")
);
--> statement-breakpoint
ALTER TABLE "deal_settings" ADD CONSTRAINT "deal_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_worksheets" ADD CONSTRAINT "deal_worksheets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_worksheets" ADD CONSTRAINT "deal_worksheets_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_worksheets" ADD CONSTRAINT "deal_worksheets_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_worksheets_user_idx" ON "deal_worksheets" USING btree ("user_id","created_at");