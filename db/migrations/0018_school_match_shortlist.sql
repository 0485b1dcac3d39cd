CREATE TABLE "school_match_shortlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_profile_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"result_id" uuid,
	"band" text,
	"probability" jsonb,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_match_shortlist" ADD CONSTRAINT "school_match_shortlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_match_shortlist" ADD CONSTRAINT "school_match_shortlist_client_profile_id_client_profiles_id_fk" FOREIGN KEY ("client_profile_id") REFERENCES "public"."client_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_match_shortlist" ADD CONSTRAINT "school_match_shortlist_program_id_school_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."school_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_match_shortlist" ADD CONSTRAINT "school_match_shortlist_result_id_school_match_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."school_match_results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "school_match_shortlist_profile_program_idx" ON "school_match_shortlist" USING btree ("client_profile_id","program_id");--> statement-breakpoint
CREATE INDEX "school_match_shortlist_user_idx" ON "school_match_shortlist" USING btree ("user_id");