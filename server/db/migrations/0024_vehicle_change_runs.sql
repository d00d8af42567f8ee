CREATE TABLE "vehicle_change_run_befores" (
	"run_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"before" jsonb NOT NULL,
	CONSTRAINT "vehicle_change_run_befores_run_id_vehicle_id_pk" PRIMARY KEY("run_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "vehicle_change_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"actor_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"finished_at" timestamp with time zone,
	"created_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	CONSTRAINT "vehicle_change_runs_state_check" CHECK ("vehicle_change_runs"."state" in ('running', 'finished', 'rolled_back'))
);
--> statement-breakpoint
ALTER TABLE "vehicle_change_run_befores" ADD CONSTRAINT "vehicle_change_run_befores_run_id_vehicle_change_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."vehicle_change_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_change_runs" ADD CONSTRAINT "vehicle_change_runs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_change_runs_running_idx" ON "vehicle_change_runs" USING btree ("id") WHERE "vehicle_change_runs"."state" = 'running';