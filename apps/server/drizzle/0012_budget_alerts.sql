CREATE TABLE "budget_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "budget_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"spent_cents" integer NOT NULL,
	"projected_cents" integer NOT NULL,
	"budget_cents" integer NOT NULL,
	"message_id" text,
	"delivered_to" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "budget_alerts_week_key" UNIQUE("account_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "budget_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_alerts" ADD CONSTRAINT "budget_alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_alerts_pending_idx" ON "budget_alerts" USING btree ("created_at") WHERE "budget_alerts"."status" = 'pending';