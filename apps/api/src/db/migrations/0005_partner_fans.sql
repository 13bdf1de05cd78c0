CREATE TABLE "partner_fans" (
	"partner_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_fans_partner_id_user_id_pk" PRIMARY KEY("partner_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "partner_fans" ADD CONSTRAINT "partner_fans_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_fans" ADD CONSTRAINT "partner_fans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_fans_name_idx" ON "partner_fans" USING btree ("partner_id",lower("full_name"),"user_id");--> statement-breakpoint
CREATE INDEX "partner_fans_user_idx" ON "partner_fans" USING btree ("user_id");--> statement-breakpoint
INSERT INTO "partner_fans" ("partner_id", "user_id", "full_name", "email", "created_at")
SELECT f.partner_id, u.id, u.full_name, u.email, f.first_seen
FROM (
	SELECT partner_id, user_id, min(created_at) AS first_seen FROM (
		SELECT partner_id, buyer_id AS user_id, created_at FROM "orders"
		UNION ALL
		SELECT partner_id, owner_id AS user_id, created_at FROM "tickets"
	) s GROUP BY partner_id, user_id
) f JOIN "users" u ON u.id = f.user_id
ON CONFLICT DO NOTHING;
