-- Edited by hand at the end (the curtailment triggers); decision 0036.
CREATE TABLE "tracker_rollovers" (
	"market_day" date PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"accounts" bigint,
	"built" bigint
);
--> statement-breakpoint
CREATE TABLE "usage_answers" (
	"account_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"usage_version" bigint NOT NULL,
	"market_day" date NOT NULL,
	"account_stamp" text NOT NULL,
	"etag" text NOT NULL,
	"body" "bytea" NOT NULL,
	"br" "bytea" NOT NULL,
	"gzip" "bytea" NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_answers_account_id_week_start_pk" PRIMARY KEY("account_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "usage_answers" ADD CONSTRAINT "usage_answers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Edited by hand: curtailment shows in the usage answer, so whoever writes it raises the usage version of the
-- accounts that held its days, as the writers of reads, tariffs and slots do (migrations 0007, 0008, 0010).
CREATE FUNCTION "raise_usage_version_by_curtailment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "usage_versions" ("account_id")
  SELECT DISTINCT a."id" FROM "changed_rows" c JOIN "accounts" a ON a."nmi" = c."nmi"
    AND c."curtailed_on" <@ daterange(a."supply_from", a."supply_to", '[]')
  ON CONFLICT ("account_id") DO UPDATE SET "version" = "usage_versions"."version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "solar_curtailments_inserted" AFTER INSERT ON "solar_curtailments" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_usage_version_by_curtailment"();
--> statement-breakpoint
CREATE TRIGGER "solar_curtailments_updated" AFTER UPDATE ON "solar_curtailments" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_usage_version_by_curtailment"();
--> statement-breakpoint
CREATE TRIGGER "solar_curtailments_deleted" AFTER DELETE ON "solar_curtailments" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_usage_version_by_curtailment"();
