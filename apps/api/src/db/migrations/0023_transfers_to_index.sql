-- A fan's history lists the transfers they received as well as those they made (fans/history.ts).
CREATE INDEX "transfers_to_idx" ON "transfers" USING btree ("to_user_id");
