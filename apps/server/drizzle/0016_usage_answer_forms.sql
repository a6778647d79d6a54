-- A stored week's compressed forms are made when first asked for (decision 0052): the first reader of an older
-- week compresses only the form it sends.
ALTER TABLE "usage_answers" ALTER COLUMN "br" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_answers" ALTER COLUMN "gzip" DROP NOT NULL;
