-- What a token resolves to now carries the user's name (GET /partner/v1/auth/me answers from it
-- without a query), so a changed name must empty every process's cache like a changed e-mail does.
DROP TRIGGER "users_auth_changed" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.uid IS DISTINCT FROM NEW.uid OR OLD.full_name IS DISTINCT FROM NEW.full_name)
  EXECUTE FUNCTION "notify_auth_changed"();
