ALTER TABLE "price_table" ADD COLUMN "min_amount_fen" integer;--> statement-breakpoint
ALTER TABLE "price_table" ADD COLUMN "max_amount_fen" integer;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_batch_id_redemption_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."redemption_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "redemptions_batch_user_key" ON "redemptions" USING btree ("batch_id","user_id");--> statement-breakpoint
-- Issue 28. A user's redemptions name their batch; where a user already holds two codes of one
-- batch (redeemed before the rule was enforced) the first keeps the batch and the later ones stay
-- null, so the unique index holds and nothing already credited is taken back.
UPDATE "redemptions" AS r SET "batch_id" = c."batch_id"
FROM "redemption_codes" AS c
WHERE c."id" = r."code_id"
  AND r."id" = (
    SELECT r2."id" FROM "redemptions" AS r2 JOIN "redemption_codes" AS c2 ON c2."id" = r2."code_id"
    WHERE r2."user_id" = r."user_id" AND c2."batch_id" = c."batch_id"
    ORDER BY r2."created_at", r2."id" LIMIT 1
  );--> statement-breakpoint
-- A deleted notice says so in its status (spec §3: PUBLISHED, EXPIRED, DELETED).
UPDATE "system_notifications" SET "status" = 'DELETED' WHERE "deleted_at" IS NOT NULL;--> statement-breakpoint
-- 文书修改 has its own ledger source and price: an edited 文书润色 price carries over to it, and the
-- rows of past revisions (the reservation and its settle or refund rows) are named by their own tool.
INSERT INTO "price_table" ("operation", "points_cents", "per_1000_chars_cents", "updated_by", "updated_at")
SELECT 'essay_revision', "points_cents", "per_1000_chars_cents", "updated_by", "updated_at" FROM "price_table" WHERE "operation" = 'essay_polish'
ON CONFLICT ("operation") DO NOTHING;--> statement-breakpoint
UPDATE "points_ledger" AS l SET
  "source" = 'essay_revision',
  "description" = replace(l."description", '文书润色', '文书修改')
FROM "ai_operations" AS o
WHERE o."operation" = 'revision' AND o."reservation_id" IS NOT NULL AND l."source" = 'essay_polish'
  AND (l."id" = o."reservation_id" OR l."related_id" = o."reservation_id"::text);
