CREATE TABLE "check_in_undos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "check_in_undos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"admitted_at" timestamp with time zone NOT NULL,
	"admitted_by" integer,
	"scan_id" uuid,
	"undone_by" integer,
	"undone_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "check_in_scan_id" uuid;--> statement-breakpoint
ALTER TABLE "check_in_undos" ADD CONSTRAINT "check_in_undos_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_undos" ADD CONSTRAINT "check_in_undos_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_undos" ADD CONSTRAINT "check_in_undos_admitted_by_members_id_fk" FOREIGN KEY ("admitted_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_undos" ADD CONSTRAINT "check_in_undos_undone_by_members_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_undos_ticket_idx" ON "check_in_undos" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "check_in_undos_scan_idx" ON "check_in_undos" USING btree ("scan_id");