CREATE TABLE "school_sites" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"logo_key" text,
	"primary_color" text NOT NULL,
	"headline" text DEFAULT '' NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"custom_domain" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_sites" ADD CONSTRAINT "school_sites_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "school_sites_slug_idx" ON "school_sites" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "school_sites_custom_domain_idx" ON "school_sites" USING btree ("custom_domain");