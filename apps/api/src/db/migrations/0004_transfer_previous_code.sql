ALTER TABLE "transfers" ADD COLUMN "previous_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "transfers_previous_code_idx" ON "transfers" USING btree ("previous_code");