CREATE TABLE "dealer_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"closed_holidays" jsonb NOT NULL,
	"closed_dates" jsonb NOT NULL,
	"feeds_require_disclosures" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "dealer_settings_one_row" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "amvic_disclosures" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dealer_settings" ADD CONSTRAINT "dealer_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;