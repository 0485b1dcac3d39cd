CREATE TABLE "wechat_access_tokens" (
	"appid" text PRIMARY KEY NOT NULL,
	"access_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_scenes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scene_str" text NOT NULL,
	"purpose" text NOT NULL,
	"secret_hash" text NOT NULL,
	"user_id" uuid,
	"qr_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"openid" text,
	"unionid" text,
	"nickname" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"scanned_at" timestamp with time zone,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wechat_openid" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wechat_unionid" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "id_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "id_real_name_masked" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "id_number_masked" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "id_number_hash" text;--> statement-breakpoint
ALTER TABLE "wechat_scenes" ADD CONSTRAINT "wechat_scenes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_scenes_scene_key" ON "wechat_scenes" USING btree ("scene_str");--> statement-breakpoint
CREATE INDEX "wechat_scenes_expires_idx" ON "wechat_scenes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_wechat_openid_key" ON "users" USING btree ("wechat_openid");