CREATE TABLE "school_match_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_profile_id" uuid,
	"applicant" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"methods" jsonb NOT NULL,
	"narrative" jsonb,
	"operation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_match_results" ADD CONSTRAINT "school_match_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_match_results" ADD CONSTRAINT "school_match_results_client_profile_id_client_profiles_id_fk" FOREIGN KEY ("client_profile_id") REFERENCES "public"."client_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_match_results_user_created_idx" ON "school_match_results" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "school_match_results_profile_created_idx" ON "school_match_results" USING btree ("client_profile_id","created_at");