CREATE TABLE "vehicle_listing_json" (
	"vehicle_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"format" smallint DEFAULT 0 NOT NULL,
	"json" text
);
--> statement-breakpoint
ALTER TABLE "vehicle_listing_json" ADD CONSTRAINT "vehicle_listing_json_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (issue 17): a change to anything a vehicle's listing JSON reads makes its stored JSON stale, in the
-- writing transaction, whoever writes (the vehicle write path, photos, deal ratings, holds, restores, raw SQL).
-- Only existing vehicles get a row: a photo or rating row deleted with, or after, its vehicle has nothing to mark.
CREATE FUNCTION vehicle_listing_json_stale(vehicle integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO vehicle_listing_json (vehicle_id, version)
  SELECT v.id, 1 FROM vehicles v WHERE v.id = vehicle
  ON CONFLICT (vehicle_id) DO UPDATE SET version = vehicle_listing_json.version + 1, json = NULL
$$;
--> statement-breakpoint
CREATE FUNCTION vehicle_listing_json_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'vehicles' THEN
    PERFORM vehicle_listing_json_stale(NEW.id);
  ELSE
    IF TG_OP <> 'DELETE' THEN PERFORM vehicle_listing_json_stale(NEW.vehicle_id); END IF;
    -- A deleted row, or a row moved to another vehicle: the vehicle it left changes too.
    IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.vehicle_id IS DISTINCT FROM NEW.vehicle_id) THEN
      PERFORM vehicle_listing_json_stale(OLD.vehicle_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER vehicle_listing_json_vehicles AFTER INSERT OR UPDATE ON vehicles
  FOR EACH ROW EXECUTE FUNCTION vehicle_listing_json_on_change();
--> statement-breakpoint
CREATE TRIGGER vehicle_listing_json_photos AFTER INSERT OR UPDATE OR DELETE ON vehicle_photos
  FOR EACH ROW EXECUTE FUNCTION vehicle_listing_json_on_change();
--> statement-breakpoint
-- A rating row rewritten with what it already said (its computed_at alone) changes no JSON.
CREATE TRIGGER vehicle_listing_json_deal_ratings_write AFTER INSERT OR DELETE ON deal_ratings
  FOR EACH ROW EXECUTE FUNCTION vehicle_listing_json_on_change();
--> statement-breakpoint
CREATE TRIGGER vehicle_listing_json_deal_ratings_update AFTER UPDATE ON deal_ratings
  FOR EACH ROW WHEN ((OLD.vehicle_id, OLD.rating, OLD.market_price, OLD.difference, OLD.comparable_count)
    IS DISTINCT FROM (NEW.vehicle_id, NEW.rating, NEW.market_price, NEW.difference, NEW.comparable_count))
  EXECUTE FUNCTION vehicle_listing_json_on_change();
