CREATE TABLE "happy_hours_participants" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opted_in" boolean DEFAULT false NOT NULL,
	"time_slot" text,
	"signed_up_at" timestamp with time zone,
	"last_change_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "happy_hours_slots" (
	"account_id" uuid NOT NULL,
	"effective_date" date NOT NULL,
	"time_slot" text NOT NULL,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "happy_hours_slots_account_id_effective_date_pk" PRIMARY KEY("account_id","effective_date")
);
--> statement-breakpoint
CREATE TABLE "here_for_you_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "here_for_you_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"opted_in" boolean NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "here_for_you_participants" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opted_in" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "here_for_you_settlements" (
	"account_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"week_micro_kwh" bigint NOT NULL,
	"average_micro_kwh" bigint NOT NULL,
	"credit_cents" integer NOT NULL,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "here_for_you_settlements_account_id_week_start_pk" PRIMARY KEY("account_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "product_configs" (
	"client_code" text NOT NULL,
	"product" text NOT NULL,
	"signup_end_time" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_configs_client_code_product_pk" PRIMARY KEY("client_code","product")
);
--> statement-breakpoint
ALTER TABLE "happy_hours_participants" ADD CONSTRAINT "happy_hours_participants_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "happy_hours_slots" ADD CONSTRAINT "happy_hours_slots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "here_for_you_changes" ADD CONSTRAINT "here_for_you_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "here_for_you_participants" ADD CONSTRAINT "here_for_you_participants_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "here_for_you_settlements" ADD CONSTRAINT "here_for_you_settlements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_configs" ADD CONSTRAINT "product_configs_client_code_retailers_client_code_fk" FOREIGN KEY ("client_code") REFERENCES "public"."retailers"("client_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "here_for_you_changes_account_idx" ON "here_for_you_changes" USING btree ("account_id","changed_at");--> statement-breakpoint
CREATE INDEX "here_for_you_settlements_week_idx" ON "here_for_you_settlements" USING btree ("week_start");