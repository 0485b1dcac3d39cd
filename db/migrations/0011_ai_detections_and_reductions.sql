CREATE TABLE "ai_detections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"work_id" uuid,
	"page_identifier" text,
	"text_hash" text NOT NULL,
	"chars" integer NOT NULL,
	"ai_rate_permille" integer NOT NULL,
	"label" text NOT NULL,
	"language" text NOT NULL,
	"model_version" text NOT NULL,
	"points_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_reductions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"work_id" uuid,
	"mode" text NOT NULL,
	"engine" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"chars" integer NOT NULL,
	"before_permille" integer NOT NULL,
	"after_permille" integer,
	"changed_sentences" integer DEFAULT 0 NOT NULL,
	"points_cents" bigint DEFAULT 0 NOT NULL,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ai_detections" ADD CONSTRAINT "ai_detections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_detections" ADD CONSTRAINT "ai_detections_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_reductions" ADD CONSTRAINT "ai_reductions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_reductions" ADD CONSTRAINT "ai_reductions_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_detections_user_page_idx" ON "ai_detections" USING btree ("user_id","page_identifier","created_at");--> statement-breakpoint
CREATE INDEX "ai_detections_user_work_idx" ON "ai_detections" USING btree ("user_id","work_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_reductions_user_created_idx" ON "ai_reductions" USING btree ("user_id","created_at");