CREATE TABLE "web_vitals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"page" varchar(20) NOT NULL,
	"form_factor" varchar(10) NOT NULL,
	"metric" varchar(4) NOT NULL,
	"value" double precision NOT NULL,
	"ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "web_vitals_ts_idx" ON "web_vitals" USING btree ("ts");