CREATE TABLE "similar_homes" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text NOT NULL,
	"group_key" text,
	"own_kwh_per_day" numeric(10, 1),
	"median_kwh_per_day" numeric(10, 1),
	"efficient_kwh_per_day" numeric(10, 1),
	"homes" integer,
	"rating" text,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "priced_days" ADD COLUMN "part_names" text[];--> statement-breakpoint
ALTER TABLE "priced_days" ADD COLUMN "part_usage" bigint[];--> statement-breakpoint
ALTER TABLE "priced_days" ADD COLUMN "part_spend" numeric[];--> statement-breakpoint
ALTER TABLE "priced_days" ADD COLUMN "part_always_on_usage" bigint[];--> statement-breakpoint
ALTER TABLE "priced_days" ADD COLUMN "part_always_on_spend" numeric[];--> statement-breakpoint
ALTER TABLE "similar_homes" ADD CONSTRAINT "similar_homes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Days priced before the part columns have no parts: the accounts' days are priced again by `portal billing
-- reprice`, or by their next reader (decision 0043), as migration 0008 did for every day.
INSERT INTO "usage_versions" ("account_id") SELECT "id" FROM "accounts"
ON CONFLICT ("account_id") DO UPDATE SET "version" = "usage_versions"."version" + 1;
--> statement-breakpoint
INSERT INTO "priced_days_stale" ("account_id") SELECT "id" FROM "accounts";
