-- pg_trgm powers typo-tolerant listing search; PGlite loads it as an extension, PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- array_to_string is only STABLE; a generated column needs an IMMUTABLE wrapper.
CREATE OR REPLACE FUNCTION immutable_array_to_string(text[], text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string($1, $2) $$;
