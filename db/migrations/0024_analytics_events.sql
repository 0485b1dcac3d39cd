CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"user_id" uuid,
	"role" text NOT NULL,
	"type" text NOT NULL,
	"page" text NOT NULL,
	"page_name" text NOT NULL,
	"data" jsonb,
	"occurred_at" timestamp with time zone NOT NULL,
	"batch_id" text,
	"batch_seq" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_created_idx" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_type_created_idx" ON "analytics_events" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_user_created_idx" ON "analytics_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_events_batch_idx" ON "analytics_events" USING btree ("batch_id","batch_seq") WHERE "analytics_events"."batch_id" is not null;--> statement-breakpoint
-- Append-only (ADR 0058): an event is never changed. Deleting stays possible: the account purge
-- (ADR 0055) and the retention prune remove rows whole.
CREATE FUNCTION "analytics_events_no_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'analytics_events is append-only: UPDATE refused' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "analytics_events_no_update" BEFORE UPDATE ON "analytics_events"
  FOR EACH ROW EXECUTE FUNCTION "analytics_events_no_update"();
