-- Each API process keeps what it read for a token (plugins/session-cache.ts). Any change to what that
-- answer depends on notifies every process on commit, and each one empties its cache: a revoked
-- session, a disabled user, a removed member or a changed role stops working everywhere at once.
CREATE FUNCTION "notify_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE ON "sessions"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "notify_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.uid IS DISTINCT FROM NEW.uid) EXECUTE FUNCTION "notify_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_deleted_auth_changed" AFTER DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_deleted_auth_changed" AFTER DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "members_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "members"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "member_roles_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "member_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "roles_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "role_permissions_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "permissions_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
