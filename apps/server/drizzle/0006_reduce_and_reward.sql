CREATE TABLE "dr_event_invitations" (
	"account_id" uuid NOT NULL,
	"event_id" integer NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"interval_usage" bigint[],
	"baseline_kwh" double precision,
	"baseline_days" smallint,
	"average_kwh" double precision,
	"target_kwh" double precision,
	"passed" boolean,
	"reduced_kwh" double precision,
	"rank" integer,
	"credit_cents" integer,
	CONSTRAINT "dr_event_invitations_account_id_event_id_pk" PRIMARY KEY("account_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "dr_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dr_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_code" text NOT NULL,
	"reference" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"percent_displacement_factor" numeric(5, 3) NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "dr_events_reference_unique" UNIQUE("reference"),
	CONSTRAINT "dr_events_ends_after_start" CHECK ("dr_events"."ends_at" > "dr_events"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "dr_event_invitations" ADD CONSTRAINT "dr_event_invitations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dr_event_invitations" ADD CONSTRAINT "dr_event_invitations_event_id_dr_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."dr_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dr_events" ADD CONSTRAINT "dr_events_client_code_retailers_client_code_fk" FOREIGN KEY ("client_code") REFERENCES "public"."retailers"("client_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dr_event_invitations_event_idx" ON "dr_event_invitations" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "dr_events_client_starts_idx" ON "dr_events" USING btree ("client_code","starts_at");