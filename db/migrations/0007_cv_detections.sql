CREATE TABLE "cv_detections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reservation_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"nickname" text,
	"text" text NOT NULL,
	"detected" jsonb NOT NULL,
	"profile_id" uuid,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cv_detections" ADD CONSTRAINT "cv_detections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cv_detections" ADD CONSTRAINT "cv_detections_profile_id_client_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."client_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cv_detections_user_idx" ON "cv_detections" USING btree ("user_id","created_at");