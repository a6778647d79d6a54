-- Edited by hand (decision 0021): priced_days is partitioned by month on market_date like meter_reads, with a
-- partition for every month meter_reads has; the triggers of 0007 also record what must be priced again.
CREATE TABLE "priced_days" (
	"nmi" text NOT NULL,
	"account_id" uuid NOT NULL,
	"market_date" date NOT NULL,
	"has_import" boolean NOT NULL,
	"has_export" boolean NOT NULL,
	"tariff_code" text,
	"usage_micro_kwh" bigint,
	"export_micro_kwh" bigint,
	"grid_spend" numeric,
	"solar_input" numeric,
	"service_charge" numeric,
	"concession" numeric,
	"total_spend" numeric GENERATED ALWAYS AS (grid_spend + service_charge - solar_input - concession) STORED,
	"hour_grid" numeric[],
	"hour_solar" numeric[],
	"hour_waived" numeric[],
	"hour_usage" bigint[],
	"hour_export" bigint[],
	"estimated_percent" smallint,
	"hour_estimated_percent" smallint[],
	CONSTRAINT "priced_days_nmi_account_id_market_date_pk" PRIMARY KEY("nmi","account_id","market_date")
) PARTITION BY RANGE ("market_date");
--> statement-breakpoint
CREATE TABLE "priced_days_stale" (
	"account_id" uuid NOT NULL,
	"from_date" date,
	"to_date" date,
	"txid" bigint DEFAULT txid_current() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "priced_days" ADD CONSTRAINT "priced_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "priced_days_stale" ADD CONSTRAINT "priced_days_stale_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "priced_days_stale_account_idx" ON "priced_days_stale" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "priced_days_stale_txid_idx" ON "priced_days_stale" USING btree ("txid");--> statement-breakpoint
DO $$
DECLARE
  month date;
BEGIN
  FOR month IN
    SELECT make_date(substring(c.relname FROM 'y(\d{4})m')::int, substring(c.relname FROM 'm(\d{2})$')::int, 1)
    FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid
    JOIN pg_class p ON p.oid = i.inhparent
    WHERE p.relname = 'meter_reads'
  LOOP
    EXECUTE format(
      'CREATE TABLE IF NOT EXISTS %I PARTITION OF "priced_days" FOR VALUES FROM (%L) TO (%L)',
      'priced_days_y' || to_char(month, 'YYYY') || 'm' || to_char(month, 'MM'),
      month,
      (month + interval '1 month')::date
    );
  END LOOP;
END $$;
--> statement-breakpoint
-- Whoever changes what prices an account's days raises its usage version (0007) and records the days to price
-- again, in the writer's own transaction; statement-level, so a batch of rows costs one statement.
CREATE OR REPLACE FUNCTION "raise_usage_version_by_nmi"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "usage_versions" ("account_id")
  SELECT "id" FROM "accounts" WHERE "nmi" IN (SELECT "nmi" FROM "changed_rows")
  ON CONFLICT ("account_id") DO UPDATE SET "version" = "usage_versions"."version" + 1;
  INSERT INTO "priced_days_stale" ("account_id", "from_date", "to_date")
  SELECT a."id", min(c."read_date"), max(c."read_date")
  FROM "changed_rows" c JOIN "accounts" a ON a."nmi" = c."nmi"
  GROUP BY a."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "reprice_from_tariff_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "usage_versions" ("account_id")
  SELECT "id" FROM "accounts" WHERE "id" IN (SELECT "account_id" FROM "changed_rows")
  ON CONFLICT ("account_id") DO UPDATE SET "version" = "usage_versions"."version" + 1;
  INSERT INTO "priced_days_stale" ("account_id", "from_date")
  SELECT c."account_id", min(c."start_date")
  FROM "changed_rows" c JOIN "accounts" a ON a."id" = c."account_id"
  GROUP BY c."account_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "reprice_from_slot_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "usage_versions" ("account_id")
  SELECT "id" FROM "accounts" WHERE "id" IN (SELECT "account_id" FROM "changed_rows")
  ON CONFLICT ("account_id") DO UPDATE SET "version" = "usage_versions"."version" + 1;
  INSERT INTO "priced_days_stale" ("account_id", "from_date")
  SELECT c."account_id", min(c."effective_date")
  FROM "changed_rows" c JOIN "accounts" a ON a."id" = c."account_id"
  GROUP BY c."account_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update may move a date either way: the earlier of the old and the new date.
CREATE FUNCTION "reprice_from_tariff_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "usage_versions" ("account_id")
  SELECT "id" FROM "accounts" WHERE "id" IN (SELECT "account_id" FROM "changed_rows")
  ON CONFLICT ("account_id") DO UPDATE SET "version" = "usage_versions"."version" + 1;
  INSERT INTO "priced_days_stale" ("account_id", "from_date")
  SELECT c."account_id", min(c."start_date")
  FROM (SELECT "account_id", "start_date" FROM "changed_rows"
        UNION ALL SELECT "account_id", "start_date" FROM "old_rows") c
  JOIN "accounts" a ON a."id" = c."account_id"
  GROUP BY c."account_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "reprice_from_slot_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "usage_versions" ("account_id")
  SELECT "id" FROM "accounts" WHERE "id" IN (SELECT "account_id" FROM "changed_rows")
  ON CONFLICT ("account_id") DO UPDATE SET "version" = "usage_versions"."version" + 1;
  INSERT INTO "priced_days_stale" ("account_id", "from_date")
  SELECT c."account_id", min(c."effective_date")
  FROM (SELECT "account_id", "effective_date" FROM "changed_rows"
        UNION ALL SELECT "account_id", "effective_date" FROM "old_rows") c
  JOIN "accounts" a ON a."id" = c."account_id"
  GROUP BY c."account_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "raise_usage_version_by_tariff"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "usage_versions" ("account_id")
  SELECT DISTINCT "account_id" FROM "account_tariffs" WHERE "tariff_code" IN (SELECT "code" FROM "changed_rows")
  ON CONFLICT ("account_id") DO UPDATE SET "version" = "usage_versions"."version" + 1;
  INSERT INTO "priced_days_stale" ("account_id", "from_date")
  SELECT "account_id", min("start_date") FROM "account_tariffs"
  WHERE "tariff_code" IN (SELECT "code" FROM "changed_rows")
  GROUP BY "account_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A new account of an NMI that already has reads: all of them are its days to price.
CREATE FUNCTION "reprice_new_accounts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "usage_versions" ("account_id")
  SELECT "id" FROM "changed_rows"
  ON CONFLICT ("account_id") DO UPDATE SET "version" = "usage_versions"."version" + 1;
  INSERT INTO "priced_days_stale" ("account_id") SELECT "id" FROM "changed_rows";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "reprice_moved_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "usage_versions" ("account_id") VALUES (NEW."id")
  ON CONFLICT ("account_id") DO UPDATE SET "version" = "usage_versions"."version" + 1;
  INSERT INTO "priced_days_stale" ("account_id") VALUES (NEW."id");
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "account_tariffs_inserted" ON "account_tariffs";
--> statement-breakpoint
DROP TRIGGER "account_tariffs_updated" ON "account_tariffs";
--> statement-breakpoint
DROP TRIGGER "account_tariffs_deleted" ON "account_tariffs";
--> statement-breakpoint
DROP TRIGGER "happy_hours_slots_inserted" ON "happy_hours_slots";
--> statement-breakpoint
DROP TRIGGER "happy_hours_slots_updated" ON "happy_hours_slots";
--> statement-breakpoint
DROP TRIGGER "happy_hours_slots_deleted" ON "happy_hours_slots";
--> statement-breakpoint
DROP FUNCTION "raise_usage_version_by_account"();
--> statement-breakpoint
CREATE TRIGGER "account_tariffs_inserted" AFTER INSERT ON "account_tariffs" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "reprice_from_tariff_change"();
--> statement-breakpoint
CREATE TRIGGER "account_tariffs_updated" AFTER UPDATE ON "account_tariffs" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "reprice_from_tariff_update"();
--> statement-breakpoint
CREATE TRIGGER "account_tariffs_deleted" AFTER DELETE ON "account_tariffs" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "reprice_from_tariff_change"();
--> statement-breakpoint
CREATE TRIGGER "happy_hours_slots_inserted" AFTER INSERT ON "happy_hours_slots" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "reprice_from_slot_change"();
--> statement-breakpoint
CREATE TRIGGER "happy_hours_slots_updated" AFTER UPDATE ON "happy_hours_slots" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "reprice_from_slot_update"();
--> statement-breakpoint
CREATE TRIGGER "happy_hours_slots_deleted" AFTER DELETE ON "happy_hours_slots" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "reprice_from_slot_change"();
--> statement-breakpoint
CREATE TRIGGER "accounts_inserted" AFTER INSERT ON "accounts" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "reprice_new_accounts"();
--> statement-breakpoint
CREATE TRIGGER "accounts_nmi_changed" AFTER UPDATE OF "nmi" ON "accounts" FOR EACH ROW WHEN (OLD."nmi" IS DISTINCT FROM NEW."nmi") EXECUTE FUNCTION "reprice_moved_account"();
--> statement-breakpoint
-- The days of the accounts that exist now are priced by `portal billing reprice`, or by their next reader.
INSERT INTO "usage_versions" ("account_id") SELECT "id" FROM "accounts"
ON CONFLICT ("account_id") DO UPDATE SET "version" = "usage_versions"."version" + 1;
--> statement-breakpoint
INSERT INTO "priced_days_stale" ("account_id") SELECT "id" FROM "accounts";
