CREATE TABLE "announcement_dismissals" (
	"user_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"surface" text NOT NULL,
	"announcement_updated_at" timestamp with time zone NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_dismissals_user_id_notification_id_surface_pk" PRIMARY KEY("user_id","notification_id","surface")
);
--> statement-breakpoint
CREATE TABLE "update_log_reads" (
	"user_id" uuid NOT NULL,
	"update_log_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "update_log_reads_user_id_update_log_id_pk" PRIMARY KEY("user_id","update_log_id")
);
--> statement-breakpoint
ALTER TABLE "announcement_dismissals" ADD CONSTRAINT "announcement_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_dismissals" ADD CONSTRAINT "announcement_dismissals_notification_id_system_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."system_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_log_reads" ADD CONSTRAINT "update_log_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_log_reads" ADD CONSTRAINT "update_log_reads_update_log_id_update_logs_id_fk" FOREIGN KEY ("update_log_id") REFERENCES "public"."update_logs"("id") ON DELETE cascade ON UPDATE no action;