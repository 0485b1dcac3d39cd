ALTER TABLE "users" ADD COLUMN "merged_into_user_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "merged_at" timestamp with time zone;