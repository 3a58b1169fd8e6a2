-- The medicine's stable key beside each of its use links, so a search orders tied products by it without reading
-- the medicines table. Existing links take it from their medicine before the column becomes required.
ALTER TABLE "medicine_use_links" ADD COLUMN "medicine_key" text;--> statement-breakpoint
UPDATE "medicine_use_links" AS l SET "medicine_key" = m."key" FROM "medicines" AS m WHERE m."id" = l."medicine_id";--> statement-breakpoint
ALTER TABLE "medicine_use_links" ALTER COLUMN "medicine_key" SET NOT NULL;
