CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"points_cents" bigint NOT NULL,
	"bonus_points_cents" bigint DEFAULT 0 NOT NULL,
	"price_fen" integer NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_price_positive" CHECK ("packages"."price_fen" > 0),
	CONSTRAINT "packages_points_positive" CHECK ("packages"."points_cents" > 0 and "packages"."bonus_points_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"order_no" text,
	"event_id" text,
	"headers" jsonb,
	"raw" text NOT NULL,
	"verified" boolean NOT NULL,
	"outcome" text NOT NULL,
	"error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" text NOT NULL,
	"user_id" uuid NOT NULL,
	"package_id" uuid,
	"title" text NOT NULL,
	"description" text,
	"amount_fen" integer NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"points_cents" bigint NOT NULL,
	"channel" text NOT NULL,
	"provider" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"code_url" text,
	"provider_trade_no" text,
	"ledger_entry_id" uuid,
	"paid_late" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_orders_amount_positive" CHECK ("payment_orders"."amount_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_notifications_order_idx" ON "payment_notifications" USING btree ("order_no","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_order_no_key" ON "payment_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "payment_orders_user_created_idx" ON "payment_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_pending_idx" ON "payment_orders" USING btree ("expires_at") WHERE "payment_orders"."status" = 'pending';--> statement-breakpoint
-- The packages a fresh installation sells (edited at /dash/admin/packages). The default price table
-- charges 2 to 10 points a use, so 100 points are about twenty AI checks or ten personal statements.
INSERT INTO "packages" ("name", "points_cents", "bonus_points_cents", "price_fen", "description", "sort_order") VALUES
	('体验包', 10000, 0, 990, '适合初次体验，可完成约十篇文书生成', 10),
	('标准包', 30000, 3000, 2990, '常用选择，额外赠送10%积分', 20),
	('进阶包', 80000, 12000, 6990, '多名学生同时申请，额外赠送15%积分', 30),
	('专业包', 250000, 50000, 19900, '机构与顾问团队，额外赠送20%积分', 40);
