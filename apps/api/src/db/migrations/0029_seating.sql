CREATE TABLE "event_day_seats" (
	"event_day_id" integer NOT NULL,
	"seat_id" integer NOT NULL,
	"state" text NOT NULL,
	"hold_token" uuid,
	"expires_at" timestamp with time zone,
	"ticket_id" integer,
	CONSTRAINT "event_day_seats_event_day_id_seat_id_pk" PRIMARY KEY("event_day_id","seat_id"),
	CONSTRAINT "event_day_seats_reserved_ck" CHECK (("event_day_seats"."state" = 'reserved') = ("event_day_seats"."hold_token" is not null and "event_day_seats"."expires_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "event_seating" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"seat_map_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_type_seat_categories" (
	"ticket_type_id" integer PRIMARY KEY NOT NULL,
	"seat_category_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_day_seats" ADD CONSTRAINT "event_day_seats_event_day_id_event_days_id_fk" FOREIGN KEY ("event_day_id") REFERENCES "public"."event_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_day_seats" ADD CONSTRAINT "event_day_seats_seat_id_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."seats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_seating" ADD CONSTRAINT "event_seating_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_seating" ADD CONSTRAINT "event_seating_seat_map_id_seat_maps_id_fk" FOREIGN KEY ("seat_map_id") REFERENCES "public"."seat_maps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_type_seat_categories" ADD CONSTRAINT "ticket_type_seat_categories_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_type_seat_categories" ADD CONSTRAINT "ticket_type_seat_categories_seat_category_id_seat_categories_id_fk" FOREIGN KEY ("seat_category_id") REFERENCES "public"."seat_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_day_seats_hold_idx" ON "event_day_seats" USING btree ("hold_token");--> statement-breakpoint
CREATE INDEX "event_day_seats_seat_idx" ON "event_day_seats" USING btree ("seat_id");--> statement-breakpoint
CREATE INDEX "ticket_type_seat_categories_category_idx" ON "ticket_type_seat_categories" USING btree ("seat_category_id");