CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"client_code" text NOT NULL,
	"nmi" text NOT NULL,
	"market_segment" text DEFAULT 'residential' NOT NULL,
	"email" text,
	"spend_target" integer DEFAULT 0 NOT NULL,
	"no_email" boolean DEFAULT false NOT NULL,
	"email_click_count" integer DEFAULT 0 NOT NULL,
	"completed_survey" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "accounts_spend_target_range" CHECK ("accounts"."spend_target" between 0 and 99)
);
--> statement-breakpoint
CREATE TABLE "retailers" (
	"client_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_interactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "web_interactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"page_name" text NOT NULL,
	"url" text NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_client_code_retailers_client_code_fk" FOREIGN KEY ("client_code") REFERENCES "public"."retailers"("client_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_interactions" ADD CONSTRAINT "web_interactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_nmi_idx" ON "accounts" USING btree ("nmi");--> statement-breakpoint
CREATE INDEX "web_interactions_account_idx" ON "web_interactions" USING btree ("account_id","received_at");