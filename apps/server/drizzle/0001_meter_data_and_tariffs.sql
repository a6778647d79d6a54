-- Edited by hand: meter_reads is partitioned by month on read_date (docs/scaling.md); the importer creates
-- each month's partition (meter_reads_yYYYYmMM) before it writes to it.
CREATE TABLE "account_tariffs" (
	"account_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"tariff_code" text NOT NULL,
	CONSTRAINT "account_tariffs_account_id_start_date_pk" PRIMARY KEY("account_id","start_date")
);
--> statement-breakpoint
CREATE TABLE "meter_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meter_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"summary" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "meter_reads" (
	"nmi" text NOT NULL,
	"read_date" date NOT NULL,
	"suffix" text NOT NULL,
	"kind" text NOT NULL,
	"unit" text NOT NULL,
	"interval_minutes" smallint NOT NULL,
	"interval_values" bigint[] NOT NULL,
	"quality" text NOT NULL,
	"quality_method" text,
	"reason_code" smallint,
	"reason_description" text,
	"update_time" timestamp with time zone,
	"msats_load_time" timestamp with time zone,
	"import_id" bigint NOT NULL,
	CONSTRAINT "meter_reads_nmi_read_date_suffix_pk" PRIMARY KEY("nmi","read_date","suffix")
) PARTITION BY RANGE ("read_date");
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_tariffs" ADD CONSTRAINT "account_tariffs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tariffs" ADD CONSTRAINT "account_tariffs_tariff_code_tariffs_code_fk" FOREIGN KEY ("tariff_code") REFERENCES "public"."tariffs"("code") ON DELETE no action ON UPDATE no action;