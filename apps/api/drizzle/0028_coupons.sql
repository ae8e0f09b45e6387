CREATE TABLE "coupon_courses" (
	"coupon_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	CONSTRAINT "coupon_courses_coupon_id_course_id_pk" PRIMARY KEY("coupon_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"all_courses" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_student" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_one_discount" CHECK (("coupons"."percent_off" is null) <> ("coupons"."amount_off_cents" is null) and coalesce("coupons"."percent_off", 1) between 1 and 100 and coalesce("coupons"."amount_off_cents", 1) > 0),
	CONSTRAINT "coupons_limits_positive" CHECK (coalesce("coupons"."max_uses", 1) > 0 and coalesce("coupons"."max_uses_per_student", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amount_nonnegative";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "coupon_courses" ADD CONSTRAINT "coupon_courses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_courses" ADD CONSTRAINT "coupon_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_courses_course_idx" ON "coupon_courses" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_org_code_idx" ON "coupons" USING btree ("org_id","code");--> statement-breakpoint
CREATE INDEX "coupons_org_created_idx" ON "coupons" USING btree ("org_id","created_at","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_coupon_idx" ON "orders" USING btree ("coupon_id","user_id") WHERE "orders"."coupon_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amount_nonnegative" CHECK ("orders"."amount_cents" >= 0 and "orders"."discount_cents" <= "orders"."amount_cents");