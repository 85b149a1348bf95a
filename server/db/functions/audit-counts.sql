-- How many rows each medic's audit trail holds, without counting them on every 'Auditoria' page (issue 41 goal 3: the
-- count(*) over a medic's trail cost 45 ms of PostgreSQL per page at 1,000,000 cases and grew with the trail). Derived
-- data, like the dashboard's summaries: this file is applied after the migrations when its hash changed, and the
-- counts are then rebuilt from audit_events (the last statement below). Same SQL on PGlite and PostgreSQL.
--
-- The trail only grows (migration 0008 refuses UPDATE, DELETE and TRUNCATE), so a medic's total is the sum of the rows
-- added for it. Each statement that adds audit rows adds one row here per medic it names: an INSERT, never an UPDATE,
-- so concurrent requests of one medic never wait on each other for a counter row. A statement that adds the trail's
-- 64th, 128th… row (about one in 64, and deterministic) also folds its medics' rows into one, under a
-- transaction-scoped advisory lock it only tries to take: a second folder skips instead of waiting, so a write is
-- never held and two folders cannot deadlock. A fold beside new inserts is safe: it deletes and sums only the rows its
-- snapshot sees; rows committed after it stay, and the next read sums them.
DROP TABLE IF EXISTS audit_event_counts CASCADE;
--> statement-breakpoint
CREATE TABLE audit_event_counts (
  medic_id integer NOT NULL,
  events bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX audit_event_counts_medic_idx ON audit_event_counts (medic_id);
--> statement-breakpoint
-- Folds a medic's rows into one (the sum is unchanged). Returns whether it ran: false when another transaction is folding.
CREATE OR REPLACE FUNCTION audit_fold_counts(medic integer) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(15016, medic) THEN
    RETURN false;
  END IF;
  WITH folded AS (DELETE FROM audit_event_counts WHERE medic_id = medic RETURNING events)
  INSERT INTO audit_event_counts (medic_id, events) SELECT medic, sum(events) FROM folded HAVING count(*) > 0;
  RETURN true;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  medic integer;
BEGIN
  INSERT INTO audit_event_counts (medic_id, events) SELECT medic_id, count(*) FROM inserted GROUP BY medic_id;
  IF EXISTS (SELECT 1 FROM inserted WHERE id % 64 = 0) THEN
    FOR medic IN SELECT DISTINCT medic_id FROM inserted LOOP
      PERFORM audit_fold_counts(medic);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_events_counted ON audit_events;
--> statement-breakpoint
CREATE TRIGGER audit_events_counted AFTER INSERT ON audit_events REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION audit_count_inserted();
--> statement-breakpoint
-- The counts from the trail itself: one row per medic. Run with nothing else writing the trail (this file's
-- application, under the start-up lock; a benchmark's bulk load).
CREATE OR REPLACE FUNCTION audit_rebuild_counts() RETURNS void LANGUAGE sql AS $$
  DELETE FROM audit_event_counts;
  INSERT INTO audit_event_counts (medic_id, events) SELECT medic_id, count(*) FROM audit_events GROUP BY medic_id;
$$;
--> statement-breakpoint
SELECT audit_rebuild_counts();
