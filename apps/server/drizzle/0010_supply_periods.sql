-- Edited by hand (decision 0034): supply periods. An account holds its NMI from supply_from to supply_to (both
-- included; null: unbounded); two accounts of one retailer never hold one NMI on the same day.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "supply_from" date;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "supply_to" date;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_supply_period_order" CHECK ("accounts"."supply_from" is null or "accounts"."supply_to" is null or "accounts"."supply_from" <= "accounts"."supply_to");
--> statement-breakpoint
-- Today's accounts: the first of an NMI (of its retailer) starts at its meter's first read or its creation (AEST),
-- whichever is earlier; each later one starts at its creation (at least a day after the one before), and the one
-- before it is closed the day before: a new occupant's account was made when they moved in.
DO $$
DECLARE
  account record;
  previous_id uuid := NULL;
  previous_client text := NULL;
  previous_nmi text := NULL;
  previous_start date := NULL;
  start date;
BEGIN
  FOR account IN
    SELECT a."id", a."client_code", a."nmi", ((a."created_at" AT TIME ZONE 'UTC') + interval '10 hours')::date AS "created_on"
    FROM "accounts" a
    ORDER BY a."client_code", a."nmi", a."created_at", a."id"
  LOOP
    IF previous_id IS NULL OR previous_client <> account."client_code" OR previous_nmi <> account."nmi" THEN
      start := least(account."created_on", (SELECT min(r."read_date") FROM "meter_reads" r WHERE r."nmi" = account."nmi"));
    ELSE
      start := greatest(account."created_on", previous_start + 1);
      UPDATE "accounts" SET "supply_to" = start - 1 WHERE "id" = previous_id;
    END IF;
    UPDATE "accounts" SET "supply_from" = start WHERE "id" = account."id";
    previous_id := account."id";
    previous_client := account."client_code";
    previous_nmi := account."nmi";
    previous_start := start;
  END LOOP;
END $$;
--> statement-breakpoint
-- What was priced for an account outside its period is no longer its own; the days inside stay as priced.
INSERT INTO "usage_versions" ("account_id")
SELECT DISTINCT p."account_id" FROM "priced_days" p JOIN "accounts" a ON a."id" = p."account_id"
WHERE NOT p."market_date" <@ daterange(a."supply_from", a."supply_to", '[]')
ON CONFLICT ("account_id") DO UPDATE SET "version" = "usage_versions"."version" + 1;
--> statement-breakpoint
DELETE FROM "priced_days" p USING "accounts" a
WHERE a."id" = p."account_id" AND NOT p."market_date" <@ daterange(a."supply_from", a."supply_to", '[]');
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_one_holder_per_day" EXCLUDE USING gist ("client_code" WITH =, "nmi" WITH =, daterange("supply_from", "supply_to", '[]') WITH &&);
--> statement-breakpoint
-- New reads concern only the accounts whose supply period holds their days.
CREATE OR REPLACE FUNCTION "raise_usage_version_by_nmi"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "usage_versions" ("account_id")
  SELECT DISTINCT a."id" FROM "changed_rows" c JOIN "accounts" a ON a."nmi" = c."nmi"
    AND c."read_date" <@ daterange(a."supply_from", a."supply_to", '[]')
  ON CONFLICT ("account_id") DO UPDATE SET "version" = "usage_versions"."version" + 1;
  INSERT INTO "priced_days_stale" ("account_id", "from_date", "to_date")
  SELECT a."id", min(c."read_date"), max(c."read_date")
  FROM "changed_rows" c JOIN "accounts" a ON a."nmi" = c."nmi"
    AND c."read_date" <@ daterange(a."supply_from", a."supply_to", '[]')
  GROUP BY a."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An account whose NMI or supply period changes is priced again whole (its days are few: at most its history).
DROP TRIGGER "accounts_nmi_changed" ON "accounts";
--> statement-breakpoint
CREATE TRIGGER "accounts_supply_changed" AFTER UPDATE OF "nmi", "supply_from", "supply_to" ON "accounts" FOR EACH ROW WHEN (OLD."nmi" IS DISTINCT FROM NEW."nmi" OR OLD."supply_from" IS DISTINCT FROM NEW."supply_from" OR OLD."supply_to" IS DISTINCT FROM NEW."supply_to") EXECUTE FUNCTION "reprice_moved_account"();
