-- Each account's forecast of the day, stored beside its weeks (decision 0051). Edited by hand: drizzle-kit also
-- wrote 0013's event-email table here, as 0014's snapshot had been made beside 0013 and lacked it (its prevId now
-- names 0013; this migration's snapshot holds the whole schema).
CREATE TABLE "usage_forecasts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"market_day" date NOT NULL,
	"usage_version" bigint NOT NULL,
	"supply_period" text NOT NULL,
	"suffix" "bytea" NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage_forecasts" ADD CONSTRAINT "usage_forecasts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
