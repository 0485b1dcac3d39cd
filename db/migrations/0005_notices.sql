CREATE TABLE "system_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"importance" integer DEFAULT 1 NOT NULL,
	"need_confirmation" boolean DEFAULT false NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"redirect_url" text,
	"estimated_completion_time" timestamp with time zone,
	"update_log_id" uuid,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "update_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"update_type" text NOT NULL,
	"importance" integer DEFAULT 1 NOT NULL,
	"affected_modules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"publish_time" timestamp with time zone,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "system_notifications" ADD CONSTRAINT "system_notifications_update_log_id_update_logs_id_fk" FOREIGN KEY ("update_log_id") REFERENCES "public"."update_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_notifications" ADD CONSTRAINT "system_notifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "system_notifications_active_idx" ON "system_notifications" USING btree ("type","status","end_time");--> statement-breakpoint
CREATE INDEX "update_logs_status_publish_idx" ON "update_logs" USING btree ("status","publish_time");