CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_name" varchar(100) NOT NULL,
	"customer_phone" varchar(40) NOT NULL,
	"customer_email" varchar(254),
	"appointment_type" text NOT NULL,
	"preferred_date" varchar(10) NOT NULL,
	"preferred_time" varchar(10) NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"vehicle_id" integer,
	"vehicle_info" varchar(200) DEFAULT 'General Consultation' NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_criteria" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"credit_score_min" smallint NOT NULL,
	"credit_score_max" smallint NOT NULL,
	"monthly_income" integer NOT NULL,
	"down_payment" integer NOT NULL,
	"monthly_budget" integer NOT NULL,
	"loan_term" smallint NOT NULL,
	"interest_rate_bp" integer NOT NULL,
	"approved_amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_criteria" ADD CONSTRAINT "approval_criteria_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_vehicle_idx" ON "appointments" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "appointments_created_idx" ON "appointments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "approval_criteria_user_idx" ON "approval_criteria" USING btree ("user_id","created_at");