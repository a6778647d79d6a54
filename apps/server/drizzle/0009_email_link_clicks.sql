CREATE TABLE "email_link_clicks" (
	"account_id" uuid NOT NULL,
	"link" text NOT NULL,
	"day" date NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_link_clicks_account_id_day_link_pk" PRIMARY KEY("account_id","day","link")
);
--> statement-breakpoint
ALTER TABLE "email_link_clicks" ADD CONSTRAINT "email_link_clicks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;