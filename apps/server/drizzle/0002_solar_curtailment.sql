CREATE TABLE "solar_curtailments" (
	"nmi" text NOT NULL,
	"curtailed_on" date NOT NULL,
	"hours_curtailed" numeric(6, 2) NOT NULL,
	"kwh_curtailed" numeric(10, 3) NOT NULL,
	"benefit_cents" integer NOT NULL,
	CONSTRAINT "solar_curtailments_nmi_curtailed_on_pk" PRIMARY KEY("nmi","curtailed_on")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "solar_trial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "solar_welcome_seen" boolean DEFAULT false NOT NULL;