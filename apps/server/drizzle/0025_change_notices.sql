-- Written by hand (ADR 019): every committed change to the data that answers kept in an app
-- server's memory are built from is announced on the channel structomate_changed, so every
-- server forgets those answers (lib/changes-cache.ts). The payload is the topic: 'who' for what a
-- session's user is read from (sessions ended or changed, users, agreements), 'data' for the
-- rest. Row-level, so a statement that changes no row announces nothing; PostgreSQL delivers
-- NOTIFY on commit only, and one payload once per transaction however many rows it touched.
-- Not announced (db/schema.test.ts lists them with their reasons): new sessions, throttling
-- counters, secrets, the audit log, the mail outbox and its notices, the payment provider's
-- plumbing, one-time account tokens, and the figures the database keeps from other tables.
CREATE FUNCTION structomate_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('structomate_changed', TG_ARGV[0]);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('who');--> statement-breakpoint
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('who');--> statement-breakpoint
CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('who');--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('who');--> statement-breakpoint
CREATE TRIGGER agreements_changed AFTER INSERT OR UPDATE OR DELETE ON agreements
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('who');--> statement-breakpoint
CREATE TRIGGER agreements_truncated AFTER TRUNCATE ON agreements
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('who');--> statement-breakpoint
CREATE TRIGGER user_identities_changed AFTER INSERT OR UPDATE OR DELETE ON user_identities
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER user_identities_truncated AFTER TRUNCATE ON user_identities
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER payments_changed AFTER INSERT OR UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER payments_truncated AFTER TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER lease_rents_changed AFTER INSERT OR UPDATE OR DELETE ON lease_rents
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER lease_rents_truncated AFTER TRUNCATE ON lease_rents
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER building_changed AFTER INSERT OR UPDATE OR DELETE ON building
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER building_truncated AFTER TRUNCATE ON building
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER announcements_changed AFTER INSERT OR UPDATE OR DELETE ON announcements
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER announcements_truncated AFTER TRUNCATE ON announcements
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER deposit_entries_changed AFTER INSERT OR UPDATE OR DELETE ON deposit_entries
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER deposit_entries_truncated AFTER TRUNCATE ON deposit_entries
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER payment_intents_changed AFTER INSERT OR UPDATE OR DELETE ON payment_intents
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER payment_intents_truncated AFTER TRUNCATE ON payment_intents
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER charges_changed AFTER INSERT OR UPDATE OR DELETE ON charges
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER charges_truncated AFTER TRUNCATE ON charges
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER mail_preferences_changed AFTER INSERT OR UPDATE OR DELETE ON mail_preferences
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER mail_preferences_truncated AFTER TRUNCATE ON mail_preferences
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER coupons_changed AFTER INSERT OR UPDATE OR DELETE ON coupons
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER coupons_truncated AFTER TRUNCATE ON coupons
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER maintenance_contacts_changed AFTER INSERT OR UPDATE OR DELETE ON maintenance_contacts
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER maintenance_contacts_truncated AFTER TRUNCATE ON maintenance_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER maintenance_requests_changed AFTER INSERT OR UPDATE OR DELETE ON maintenance_requests
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER maintenance_requests_truncated AFTER TRUNCATE ON maintenance_requests
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER maintenance_events_changed AFTER INSERT OR UPDATE OR DELETE ON maintenance_events
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER maintenance_events_truncated AFTER TRUNCATE ON maintenance_events
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER maintenance_comments_changed AFTER INSERT OR UPDATE OR DELETE ON maintenance_comments
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER maintenance_comments_truncated AFTER TRUNCATE ON maintenance_comments
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER maintenance_photos_changed AFTER INSERT OR UPDATE OR DELETE ON maintenance_photos
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER maintenance_photos_truncated AFTER TRUNCATE ON maintenance_photos
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER maintenance_costs_changed AFTER INSERT OR UPDATE OR DELETE ON maintenance_costs
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER maintenance_costs_truncated AFTER TRUNCATE ON maintenance_costs
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER images_changed AFTER INSERT OR UPDATE OR DELETE ON images
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER images_truncated AFTER TRUNCATE ON images
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER apartments_changed AFTER INSERT OR UPDATE OR DELETE ON apartments
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER apartments_truncated AFTER TRUNCATE ON apartments
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER apartment_photos_changed AFTER INSERT OR UPDATE OR DELETE ON apartment_photos
  FOR EACH ROW EXECUTE FUNCTION structomate_changed('data');--> statement-breakpoint
CREATE TRIGGER apartment_photos_truncated AFTER TRUNCATE ON apartment_photos
  FOR EACH STATEMENT EXECUTE FUNCTION structomate_changed('data');
