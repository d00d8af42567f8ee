CREATE TABLE "assistant_sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"context" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "assistant_sessions_expires_idx" ON "assistant_sessions" USING btree ("expires_at");