CREATE TABLE "ticket_signing_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"public_key" text NOT NULL,
	"sealed_private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ticket_signing_keys" ADD CONSTRAINT "ticket_signing_keys_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_signing_keys_partner_idx" ON "ticket_signing_keys" USING btree ("partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_signing_keys_active_key" ON "ticket_signing_keys" USING btree ("partner_id") WHERE "ticket_signing_keys"."retired_at" is null;