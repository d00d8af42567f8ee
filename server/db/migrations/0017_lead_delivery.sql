CREATE TABLE "lead_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" integer NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"payload" text,
	"last_error" text,
	"last_response" varchar(300),
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"dead_at" timestamp with time zone,
	"dead_notified_at" timestamp with time zone,
	"resend_of" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_deliveries_delivery_id_unique" UNIQUE("delivery_id"),
	CONSTRAINT "lead_deliveries_channel_check" CHECK ("lead_deliveries"."channel" in ('email', 'webhook')),
	CONSTRAINT "lead_deliveries_status_check" CHECK ("lead_deliveries"."status" in ('pending', 'sending', 'delivered', 'dead'))
);
--> statement-breakpoint
CREATE TABLE "lead_delivery_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"adf_email" varchar(254),
	"webhook_url" text,
	"webhook_secret" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "lead_delivery_settings_one_row" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_delivery_settings" ADD CONSTRAINT "lead_delivery_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_deliveries_due_idx" ON "lead_deliveries" USING btree ("next_attempt_at") WHERE "lead_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "lead_deliveries_claimed_idx" ON "lead_deliveries" USING btree ("claimed_until") WHERE "lead_deliveries"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "lead_deliveries_lead_idx" ON "lead_deliveries" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "lead_deliveries_created_idx" ON "lead_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lead_deliveries_dead_idx" ON "lead_deliveries" USING btree ("dead_at") WHERE "lead_deliveries"."status" = 'dead' and "lead_deliveries"."dead_notified_at" is null;