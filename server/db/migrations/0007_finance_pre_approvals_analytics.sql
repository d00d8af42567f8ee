CREATE TABLE "form_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"form" varchar(40) NOT NULL,
	"step" varchar(40),
	"event" text NOT NULL,
	"session_id" varchar(64) NOT NULL,
	"duration_ms" integer,
	"ts" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_events_event_check" CHECK ("form_events"."event" in ('start', 'step', 'abandon', 'complete', 'exit_intent', 'page_leave'))
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"path" varchar(300) NOT NULL,
	"vehicle_id" integer,
	"ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pre_approval_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer,
	"status" text DEFAULT 'new' NOT NULL,
	"assignee_id" integer,
	"vehicle_id" integer,
	"vehicle_interest" varchar(200) DEFAULT '' NOT NULL,
	"pii" text NOT NULL,
	"consent_text" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pre_approvals_status_check" CHECK ("pre_approval_applications"."status" in ('new', 'contacted', 'approved', 'declined', 'funded'))
);
--> statement-breakpoint
CREATE TABLE "pre_approval_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"author_id" integer,
	"author_name" varchar(100) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_approval_applications" ADD CONSTRAINT "pre_approval_applications_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_approval_applications" ADD CONSTRAINT "pre_approval_applications_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_approval_notes" ADD CONSTRAINT "pre_approval_notes_application_id_pre_approval_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."pre_approval_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_approval_notes" ADD CONSTRAINT "pre_approval_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_events_form_ts_idx" ON "form_events" USING btree ("form","ts");--> statement-breakpoint
CREATE INDEX "form_events_ts_idx" ON "form_events" USING btree ("ts");--> statement-breakpoint
CREATE INDEX "page_views_vehicle_ts_idx" ON "page_views" USING btree ("vehicle_id","ts");--> statement-breakpoint
CREATE INDEX "page_views_ts_idx" ON "page_views" USING btree ("ts");--> statement-breakpoint
CREATE INDEX "pre_approvals_created_idx" ON "pre_approval_applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pre_approvals_status_idx" ON "pre_approval_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "pre_approvals_assignee_idx" ON "pre_approval_applications" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "pre_approval_notes_app_idx" ON "pre_approval_notes" USING btree ("application_id","created_at");