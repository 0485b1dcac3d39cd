CREATE TABLE "ai_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"client_profile_id" uuid,
	"work_id" uuid,
	"model" text NOT NULL,
	"provider_kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"input_chars" integer DEFAULT 0 NOT NULL,
	"output_chars" integer DEFAULT 0 NOT NULL,
	"points_reserved_cents" bigint DEFAULT 0 NOT NULL,
	"points_charged_cents" bigint DEFAULT 0 NOT NULL,
	"reservation_id" uuid,
	"error_code" text,
	"error_message" text,
	"prompt_version" text,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "selected_model_id" text;--> statement-breakpoint
ALTER TABLE "ai_operations" ADD CONSTRAINT "ai_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_operations" ADD CONSTRAINT "ai_operations_client_profile_id_client_profiles_id_fk" FOREIGN KEY ("client_profile_id") REFERENCES "public"."client_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_operations" ADD CONSTRAINT "ai_operations_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_operations_user_created_idx" ON "ai_operations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_operations_active_idx" ON "ai_operations" USING btree ("status","created_at") WHERE "ai_operations"."status" in ('queued', 'running');