ALTER TABLE "ai_operations" ADD COLUMN "uses_model" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_reductions" ADD COLUMN "segments" jsonb;