CREATE TABLE "dr_event_emails" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dr_event_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"event_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"target_kwh" double precision,
	"event_target_kwh" double precision,
	"baseline_kwh" double precision,
	"baseline_days" smallint,
	"last_baseline_day" date,
	"message_id" text,
	"delivered_to" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "dr_event_emails_key" UNIQUE("account_id","event_id","kind")
);
--> statement-breakpoint
ALTER TABLE "dr_event_emails" ADD CONSTRAINT "dr_event_emails_invitation_fk" FOREIGN KEY ("account_id","event_id") REFERENCES "public"."dr_event_invitations"("account_id","event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dr_event_emails_pending_idx" ON "dr_event_emails" USING btree ("created_at") WHERE "dr_event_emails"."status" = 'pending';