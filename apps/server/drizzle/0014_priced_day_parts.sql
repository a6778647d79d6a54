ALTER TABLE "priced_days" ADD COLUMN "part_names" text[];--> statement-breakpoint
ALTER TABLE "priced_days" ADD COLUMN "part_usage" bigint[];--> statement-breakpoint
ALTER TABLE "priced_days" ADD COLUMN "part_spend" numeric[];--> statement-breakpoint
ALTER TABLE "priced_days" ADD COLUMN "part_always_on_usage" bigint[];--> statement-breakpoint
ALTER TABLE "priced_days" ADD COLUMN "part_always_on_spend" numeric[];--> statement-breakpoint
-- Days priced before these columns have no parts: the accounts' days are priced again by `portal billing
-- reprice`, or by their next reader (decision 0043), as migration 0008 did for every day.
INSERT INTO "usage_versions" ("account_id") SELECT "id" FROM "accounts"
ON CONFLICT ("account_id") DO UPDATE SET "version" = "usage_versions"."version" + 1;
--> statement-breakpoint
INSERT INTO "priced_days_stale" ("account_id") SELECT "id" FROM "accounts";
