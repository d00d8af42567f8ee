CREATE TABLE "vehicle_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	"confirmed_by" integer,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "vehicle_holds_end_check" CHECK (("vehicle_holds"."ended_at" is null) = ("vehicle_holds"."end_reason" is null)),
	CONSTRAINT "vehicle_holds_reason_check" CHECK ("vehicle_holds"."end_reason" is null or "vehicle_holds"."end_reason" in ('released', 'expired', 'sold', 'made_available'))
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vehicle_holds" ADD CONSTRAINT "vehicle_holds_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_holds" ADD CONSTRAINT "vehicle_holds_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_holds" ADD CONSTRAINT "vehicle_holds_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_holds_lead_idx" ON "vehicle_holds" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_holds_open_idx" ON "vehicle_holds" USING btree ("vehicle_id") WHERE "vehicle_holds"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "vehicles_held_until_idx" ON "vehicles" USING btree ("held_until") WHERE "vehicles"."held_until" is not null;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_held_until_check" CHECK ("vehicles"."held_until" is null or "vehicles"."status" = 'pending');