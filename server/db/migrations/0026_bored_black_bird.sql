ALTER TABLE "lead_deliveries" DROP CONSTRAINT "lead_deliveries_status_check";--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "event" text DEFAULT 'lead.created' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "change" jsonb;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_event_check" CHECK ("lead_deliveries"."event" in ('lead.created', 'appointment.rescheduled', 'appointment.cancelled'));--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_status_check" CHECK ("lead_deliveries"."status" in ('pending', 'sending', 'delivered', 'not_sent', 'dead'));