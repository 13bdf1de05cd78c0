ALTER TABLE "sessions" ADD COLUMN "sign_in_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE INDEX "sessions_sign_in_idx" ON "sessions" USING btree ("sign_in_id");