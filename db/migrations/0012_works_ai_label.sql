ALTER TABLE "works" ALTER COLUMN "ai_rate" SET DATA TYPE real;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "ai_label" text;