CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "partner_fans_name_trgm_idx" ON "partner_fans" USING gin (lower("full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partner_fans_email_trgm_idx" ON "partner_fans" USING gin ("email" gin_trgm_ops);