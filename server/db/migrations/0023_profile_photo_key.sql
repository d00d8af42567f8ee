ALTER TABLE "users" ADD COLUMN "profile_image_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_image_variants" jsonb;--> statement-breakpoint
-- Photos stored before the key was kept: the key from the URL this once, with the variants every avatar has and the
-- one the URL shows (issue 31 §2; from now on the files are found by key).
UPDATE "users" SET
  "profile_image_key" = substring("profile_image_url" from '(avatars/[0-9]+/[0-9a-f]+)-[0-9]+\.webp$'),
  "profile_image_variants" = (
    SELECT jsonb_agg(jsonb_build_object('width', w, 'format', f))
    FROM (SELECT DISTINCT unnest(ARRAY[128, 256, 512, substring("profile_image_url" from '-([0-9]+)\.webp$')::int]) AS w) AS widths
    CROSS JOIN unnest(ARRAY['avif', 'webp']) AS f
  )
WHERE "profile_image_url" ~ 'avatars/[0-9]+/[0-9a-f]+-[0-9]+\.webp$';
