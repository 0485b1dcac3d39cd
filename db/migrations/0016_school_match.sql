CREATE TABLE "institutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"catalogue_key" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"country" text NOT NULL,
	"country_code" text,
	"city" text,
	"state" text,
	"control" text,
	"website" text,
	"scorecard_unit_id" integer,
	"admission_rate" double precision,
	"admission_rate_year" text,
	"test_requirement" text,
	"sat_average" integer,
	"sat_math_25" integer,
	"sat_math_75" integer,
	"sat_verbal_25" integer,
	"sat_verbal_75" integer,
	"act_25" integer,
	"act_75" integer,
	"tuition_in_state_usd" integer,
	"tuition_out_of_state_usd" integer,
	"tuition_year" text,
	"room_board_usd" integer,
	"undergraduates" integer,
	"completion_rate" double precision,
	"median_earnings_10y_usd" integer,
	"source" text NOT NULL,
	"verified_at" date NOT NULL,
	"catalogue_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_catalogue_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"rows" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_match_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"result" text NOT NULL,
	"term" text,
	"gpa" double precision,
	"gpa_scale" double precision,
	"school_tier" text,
	"major" text,
	"ielts" double precision,
	"toefl" integer,
	"gre_v" integer,
	"gre_q" integer,
	"gmat" integer,
	"international" boolean,
	"notes" text,
	"import_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"institution_id" uuid,
	"program_key" text NOT NULL,
	"school" text NOT NULL,
	"program" text NOT NULL,
	"program_zh" text,
	"degree" text NOT NULL,
	"field" text,
	"country" text,
	"duration" text,
	"tuition" double precision,
	"tuition_currency" text,
	"living_cost" double precision,
	"deadlines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ielts_overall" double precision,
	"ielts_min_band" double precision,
	"toefl_total" integer,
	"toefl_min_section" integer,
	"gpa_985" double precision,
	"gpa_211" double precision,
	"gpa_shuangfei" double precision,
	"gpa_overseas" double precision,
	"gpa_scale" double precision,
	"tests_required" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"admission_rate" double precision,
	"official_url" text,
	"verified_at" date,
	"source" text,
	"ranking" integer,
	"ranking_source" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_match_cases" ADD CONSTRAINT "school_match_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_match_cases" ADD CONSTRAINT "school_match_cases_program_id_school_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."school_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_programs" ADD CONSTRAINT "school_programs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_programs" ADD CONSTRAINT "school_programs_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_catalogue_key_idx" ON "institutions" USING btree ("catalogue_key");--> statement-breakpoint
CREATE INDEX "institutions_name_key_idx" ON "institutions" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "institutions_country_name_idx" ON "institutions" USING btree ("country","name");--> statement-breakpoint
CREATE INDEX "institutions_country_code_idx" ON "institutions" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "institutions_name_trgm_idx" ON "institutions" USING gin ("name" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "school_match_cases_user_created_idx" ON "school_match_cases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "school_match_cases_user_program_idx" ON "school_match_cases" USING btree ("user_id","program_id");--> statement-breakpoint
CREATE UNIQUE INDEX "school_match_cases_import_key_idx" ON "school_match_cases" USING btree ("user_id","import_key");--> statement-breakpoint
CREATE UNIQUE INDEX "school_programs_shared_key_idx" ON "school_programs" USING btree ("program_key") WHERE "school_programs"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "school_programs_owned_key_idx" ON "school_programs" USING btree ("user_id","program_key") WHERE "school_programs"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "school_programs_school_idx" ON "school_programs" USING btree ("school","program");--> statement-breakpoint
CREATE INDEX "school_programs_search_trgm_idx" ON "school_programs" USING gin ("search_text" gin_trgm_ops);