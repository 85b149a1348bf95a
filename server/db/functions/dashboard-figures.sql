-- The dashboard's maintained figures (issue 15; docs/BENCHMARKS.md "Issue 15: maintained figures"; issue 36): the
-- view that computes a case's facts, the functions that add and subtract a case's contribution to the summaries and
-- rebuild them, and the triggers that keep them up to date in the transaction of every write. The one definition of
-- each: edit this file (migrations 0006, 0007 and 0015 are history). It is applied after the migrations when its
-- hash changed, and the summaries are then rebuilt once (server/db/migrate.ts). The summary tables are defined here
-- too (derived data: dropped, created and rebuilt when this file changes); the stage sets come from stage_group() and
-- stage_is_*() (server/db/functions/stages.sql, generated from machines/stages.ts). Same SQL on PGlite and PostgreSQL.
--
-- The summary tables (created here, not by migrations: a new figure's column is one line below). Keys have no nulls, so that
-- `on conflict` finds the row: no plan, no hospital is 0; no payment source, no loss reason is ''; no due date is
-- 'infinity'. Months are São Paulo months as their first day. Counts and sums may reach zero (the row stays): reads
-- filter on them.
DROP TABLE IF EXISTS dashboard_case_facts, dashboard_status_months, dashboard_payer_months, dashboard_hospital_months,
  dashboard_procedure_months, dashboard_lost_months, dashboard_receipt_months, dashboard_open_balances,
  dashboard_glosa_months, dashboard_payment_days, dashboard_due_months, dashboard_status_totals, dashboard_payer_totals,
  dashboard_hospital_totals, dashboard_procedure_totals, dashboard_lost_totals, dashboard_open_dues,
  dashboard_payment_day_totals, dashboard_receipt_month_totals, dashboard_glosa_reason_months,
  dashboard_glosa_reason_totals, dashboard_owing_dues, dashboard_owing_due_dates CASCADE;
--> statement-breakpoint
-- One row per case: what the case contributes to the figures (its keys and derived values, the ledger's included), as
-- of its last write. The triggers subtract a case's old contribution and add the new one; the column order is that of
-- the view dashboard_case_facts_source, which computes it from the base rows.
CREATE TABLE dashboard_case_facts (
  surgery_id integer PRIMARY KEY,
  medic_id integer NOT NULL,
  created_at timestamp with time zone NOT NULL,
  created_month date NOT NULL,
  status case_status NOT NULL,
  plan_id integer NOT NULL,
  source text NOT NULL,
  hospital_id integer NOT NULL,
  fees numeric(12,2),
  concluded_days integer, -- São Paulo days from creation to conclusion; null unless concluido with concluded_at
  lost_reason text NOT NULL, -- the loss reason of a lost case ('' when none)
  procedure_ids integer[] NOT NULL, -- the codes it counts under: one per description
  receivable boolean NOT NULL,
  expected_cents bigint NOT NULL,
  received_cents bigint NOT NULL,
  open_cents bigint NOT NULL,
  disputed_cents bigint NOT NULL,
  glosa_cents bigint NOT NULL,
  due_date date,
  last_receipt_on date,
  accomplishment date,
  receipt_months date[] NOT NULL, -- receipts summed per São Paulo month of receipt (parallel arrays)
  receipt_cents bigint[] NOT NULL,
  to_come_cents bigint NOT NULL, -- 'Honorários a receber': expected - received - lost, never below 0
  -- Glosas (as denied) summed per month of the glosa's day and TISS reason code ('' when none) (parallel arrays).
  glosa_months date[] NOT NULL,
  glosa_reasons text[] NOT NULL,
  glosa_month_cents bigint[] NOT NULL,
  glosa_month_counts integer[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX dashboard_case_facts_medic_created_idx ON dashboard_case_facts (medic_id, created_at);
--> statement-breakpoint
CREATE INDEX dashboard_case_facts_medic_due_idx ON dashboard_case_facts (medic_id, due_date);
--> statement-breakpoint
CREATE INDEX dashboard_case_facts_medic_last_receipt_idx ON dashboard_case_facts (medic_id, last_receipt_on);
--> statement-breakpoint
-- The cases that owe money today, in 'A receber''s order, with what its totals and payer options read
-- (server/services/ledger/receivables.ts): those read the index alone, not the facts' wide rows (issue 41 goal 3).
CREATE INDEX dashboard_case_facts_owing_idx ON dashboard_case_facts (medic_id, due_date, surgery_id)
  INCLUDE (open_cents, disputed_cents, plan_id, source)
  WHERE receivable AND (open_cents > 0 OR disputed_cents > 0);
--> statement-breakpoint
-- Per medic and São Paulo month of creation (the period reads), and all time (*_totals: the homes' read).
CREATE TABLE dashboard_status_months (
  medic_id integer NOT NULL, month date NOT NULL, status case_status NOT NULL,
  cases integer NOT NULL, fees numeric NOT NULL, days bigint NOT NULL, concluded integer NOT NULL,
  PRIMARY KEY (medic_id, month, status)
);
--> statement-breakpoint
CREATE TABLE dashboard_status_totals (
  medic_id integer NOT NULL, status case_status NOT NULL,
  cases integer NOT NULL, fees numeric NOT NULL, days bigint NOT NULL, concluded integer NOT NULL,
  PRIMARY KEY (medic_id, status)
);
--> statement-breakpoint
CREATE TABLE dashboard_payer_months (
  medic_id integer NOT NULL, month date NOT NULL, plan_id integer NOT NULL, source text NOT NULL,
  planned integer NOT NULL, carried_out integer NOT NULL, to_receive numeric NOT NULL,
  PRIMARY KEY (medic_id, month, plan_id, source)
);
--> statement-breakpoint
CREATE TABLE dashboard_payer_totals (
  medic_id integer NOT NULL, plan_id integer NOT NULL, source text NOT NULL,
  planned integer NOT NULL, carried_out integer NOT NULL, to_receive numeric NOT NULL, received_cents bigint NOT NULL,
  expected_cents bigint NOT NULL, glosa_cents bigint NOT NULL, open_cents bigint NOT NULL,
  -- The cases that owe money today ('A receber''s payer options).
  owing_cases integer NOT NULL,
  PRIMARY KEY (medic_id, plan_id, source)
);
--> statement-breakpoint
CREATE TABLE dashboard_hospital_months (
  medic_id integer NOT NULL, month date NOT NULL, hospital_id integer NOT NULL,
  planned integer NOT NULL, carried_out integer NOT NULL,
  PRIMARY KEY (medic_id, month, hospital_id)
);
--> statement-breakpoint
CREATE TABLE dashboard_hospital_totals (
  medic_id integer NOT NULL, hospital_id integer NOT NULL, planned integer NOT NULL, carried_out integer NOT NULL,
  PRIMARY KEY (medic_id, hospital_id)
);
--> statement-breakpoint
CREATE TABLE dashboard_procedure_months (
  medic_id integer NOT NULL, month date NOT NULL, procedure_id integer NOT NULL,
  planned integer NOT NULL, carried_out integer NOT NULL,
  PRIMARY KEY (medic_id, month, procedure_id)
);
--> statement-breakpoint
CREATE TABLE dashboard_procedure_totals (
  medic_id integer NOT NULL, procedure_id integer NOT NULL, planned integer NOT NULL, carried_out integer NOT NULL,
  PRIMARY KEY (medic_id, procedure_id)
);
--> statement-breakpoint
CREATE TABLE dashboard_lost_months (
  medic_id integer NOT NULL, month date NOT NULL, reason text NOT NULL, cases integer NOT NULL,
  PRIMARY KEY (medic_id, month, reason)
);
--> statement-breakpoint
CREATE TABLE dashboard_lost_totals (
  medic_id integer NOT NULL, reason text NOT NULL, cases integer NOT NULL,
  PRIMARY KEY (medic_id, reason)
);
--> statement-breakpoint
-- Receipts by the month they were received.
CREATE TABLE dashboard_receipt_months (
  medic_id integer NOT NULL, month date NOT NULL, plan_id integer NOT NULL, source text NOT NULL, cents bigint NOT NULL,
  PRIMARY KEY (medic_id, month, plan_id, source)
);
--> statement-breakpoint
CREATE TABLE dashboard_receipt_month_totals (
  medic_id integer NOT NULL, month date NOT NULL, cents bigint NOT NULL,
  PRIMARY KEY (medic_id, month)
);
--> statement-breakpoint
-- Open balances of the receivable cases by month of creation and due date (the aging by due date alone is
-- dashboard_owing_dues'). dashboard_open_dues, which summed the same as dashboard_owing_dues, is only dropped above.
CREATE TABLE dashboard_open_balances (
  medic_id integer NOT NULL, month date NOT NULL, plan_id integer NOT NULL, source text NOT NULL, due_date date NOT NULL,
  open_cents bigint NOT NULL,
  PRIMARY KEY (medic_id, month, plan_id, source, due_date)
);
--> statement-breakpoint
-- The cases that owe money today ('A receber''s totals and payer options: server/services/ledger/receivables.ts; the
-- dashboard's aging by payer), by due date and payer: how many, their open and disputed amounts. A case that owes only
-- a dispute counts too.
CREATE TABLE dashboard_owing_dues (
  medic_id integer NOT NULL, due_date date NOT NULL, plan_id integer NOT NULL, source text NOT NULL,
  cases integer NOT NULL, open_cents bigint NOT NULL, disputed_cents bigint NOT NULL,
  PRIMARY KEY (medic_id, due_date, plan_id, source) INCLUDE (cases, open_cents, disputed_cents)
);
--> statement-breakpoint
-- The same by due date alone ('A receber''s totals with no payer chosen: a row per due date, whatever the payers).
CREATE TABLE dashboard_owing_due_dates (
  medic_id integer NOT NULL, due_date date NOT NULL,
  cases integer NOT NULL, open_cents bigint NOT NULL, disputed_cents bigint NOT NULL,
  PRIMARY KEY (medic_id, due_date) INCLUDE (cases, open_cents, disputed_cents)
);
--> statement-breakpoint
-- Expected fees falling due and glosas, by month (the glosa rate).
CREATE TABLE dashboard_glosa_months (
  medic_id integer NOT NULL, month date NOT NULL, plan_id integer NOT NULL, source text NOT NULL,
  expected_cents bigint NOT NULL, glosa_cents bigint NOT NULL,
  PRIMARY KEY (medic_id, month, plan_id, source)
);
--> statement-breakpoint
-- Glosas (as denied) of the receivable cases by the month of their day and TISS reason code ('Glosas por motivo').
CREATE TABLE dashboard_glosa_reason_months (
  medic_id integer NOT NULL, month date NOT NULL, reason text NOT NULL, glosas integer NOT NULL, cents bigint NOT NULL,
  PRIMARY KEY (medic_id, month, reason)
);
--> statement-breakpoint
CREATE TABLE dashboard_glosa_reason_totals (
  medic_id integer NOT NULL, reason text NOT NULL, glosas integer NOT NULL, cents bigint NOT NULL,
  PRIMARY KEY (medic_id, reason)
);
--> statement-breakpoint
-- Cases paid off by the month of their last receipt and the days from the surgery to it (the median days).
CREATE TABLE dashboard_payment_days (
  medic_id integer NOT NULL, month date NOT NULL, plan_id integer NOT NULL, source text NOT NULL, days integer NOT NULL,
  cases integer NOT NULL,
  PRIMARY KEY (medic_id, month, plan_id, source, days)
);
--> statement-breakpoint
CREATE TABLE dashboard_payment_day_totals (
  medic_id integer NOT NULL, plan_id integer NOT NULL, source text NOT NULL, days integer NOT NULL, cases integer NOT NULL,
  PRIMARY KEY (medic_id, plan_id, source, days)
);
--> statement-breakpoint
-- Expected fees of the receivable cases by the month they fall due (expected against received).
CREATE TABLE dashboard_due_months (
  medic_id integer NOT NULL, month date NOT NULL, cases integer NOT NULL, expected_cents bigint NOT NULL,
  PRIMARY KEY (medic_id, month)
);
--> statement-breakpoint
--
-- What each case contributes to the figures, computed from the base rows (one row per case; filter on surgery_id for
-- one case: every part is a lookup by index). The ledger columns follow server/services/ledger/balances.ts
-- (ledgerColumns): the same rules, checked by tests/api/dashboard-figures.property.test.ts. São Paulo days and months
-- are computed with AT TIME ZONE: a trigger cannot rely on the session's zone.
-- Dropped first: a view's columns can only be added at its end, and a new fact may sit anywhere.
DROP VIEW IF EXISTS "dashboard_case_facts_source";
--> statement-breakpoint
CREATE OR REPLACE VIEW "dashboard_case_facts_source" AS
SELECT s.id AS surgery_id,
  s.medic_id,
  s.created_at,
  date_trunc('month', s.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS created_month,
  s.status,
  coalesce(s.health_plan_id, 0) AS plan_id,
  coalesce(s.payment_fountains::text, '') AS source,
  coalesce(s.hospital_id, 0) AS hospital_id,
  s.fees_payments AS fees,
  CASE WHEN s.status = 'concluido' AND s.concluded_at IS NOT NULL
    THEN (s.concluded_at AT TIME ZONE 'America/Sao_Paulo')::date - (s.created_at AT TIME ZONE 'America/Sao_Paulo')::date
  END AS concluded_days,
  coalesce(CASE WHEN stage_group(s.status) = 'lost' THEN (
    SELECT h.reason::text FROM surgery_status_history AS h
    WHERE h.surgery_id = s.id AND h.to_status = s.status
    ORDER BY h.changed_at DESC, h.id DESC LIMIT 1
  ) END, '') AS lost_reason,
  -- A case listing two codes of one description counts once, under its lowest code of that description.
  coalesce((
    SELECT array_agg(link.procedure_id ORDER BY link.procedure_id)
    FROM surgery_procedures AS link JOIN procedures AS mine ON mine.id = link.procedure_id
    WHERE link.surgery_id = s.id AND NOT EXISTS (
      SELECT 1 FROM surgery_procedures AS other JOIN procedures AS theirs ON theirs.id = other.procedure_id
      WHERE other.surgery_id = s.id AND other.procedure_id < link.procedure_id AND theirs.description = mine.description
    )
  ), '{}')::integer[] AS procedure_ids,
  stage_is_receivable(s.status) AS receivable,
  ledger.expected_cents,
  receipts.received_cents,
  greatest(0::bigint, ledger.expected_cents - receipts.received_cents - glosas.net_cents - coalesce(l.written_off_cents, 0))::bigint
    AS open_cents,
  glosas.disputed_cents,
  glosas.gross_cents AS glosa_cents,
  coalesce(l.billed_on, s.accomplishment) + ledger.term_days AS due_date,
  receipts.last_receipt_on,
  s.accomplishment,
  receipts.months AS receipt_months,
  receipts.cents AS receipt_cents,
  -- What is still to come (expected - received - lost: the write-off and the decided glosas not recovered).
  greatest(0::bigint, ledger.expected_cents - receipts.received_cents - glosas.decided_loss_cents - coalesce(l.written_off_cents, 0))::bigint
    AS to_come_cents,
  glosa_months.months AS glosa_months,
  glosa_months.reasons AS glosa_reasons,
  glosa_months.cents AS glosa_month_cents,
  glosa_months.counts AS glosa_month_counts
FROM surgeries AS s
  LEFT JOIN surgery_ledgers AS l ON l.surgery_id = s.id
  CROSS JOIN LATERAL (
    SELECT coalesce(array_agg(by_month.month ORDER BY by_month.month), '{}')::date[] AS months,
      coalesce(array_agg(by_month.cents ORDER BY by_month.month), '{}')::bigint[] AS cents,
      coalesce(sum(by_month.cents), 0)::bigint AS received_cents,
      max(by_month.last_on) AS last_receipt_on
    FROM (
      SELECT date_trunc('month', r.received_on)::date AS month, sum(r.amount_cents)::bigint AS cents, max(r.received_on) AS last_on
      FROM surgery_receipts AS r WHERE r.surgery_id = s.id
      GROUP BY 1
    ) AS by_month
  ) AS receipts
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(g.amount_cents - coalesce(g.recovered_cents, 0)), 0)::bigint AS net_cents,
      coalesce(sum(g.amount_cents), 0)::bigint AS gross_cents,
      coalesce(sum(g.amount_cents) FILTER (WHERE g.appeal_outcome IS NULL), 0)::bigint AS disputed_cents,
      coalesce(sum(g.amount_cents - coalesce(g.recovered_cents, 0)) FILTER (WHERE g.appeal_outcome IS NOT NULL), 0)::bigint
        AS decided_loss_cents
    FROM surgery_glosas AS g WHERE g.surgery_id = s.id
  ) AS glosas
  CROSS JOIN LATERAL (
    SELECT coalesce(array_agg(by_month.month ORDER BY by_month.month, by_month.reason), '{}')::date[] AS months,
      coalesce(array_agg(by_month.reason ORDER BY by_month.month, by_month.reason), '{}')::text[] AS reasons,
      coalesce(array_agg(by_month.cents ORDER BY by_month.month, by_month.reason), '{}')::bigint[] AS cents,
      coalesce(array_agg(by_month.glosas ORDER BY by_month.month, by_month.reason), '{}')::integer[] AS counts
    FROM (
      SELECT date_trunc('month', g.glosa_on)::date AS month, coalesce(g.reason_code, '') AS reason,
        sum(g.amount_cents)::bigint AS cents, count(*)::integer AS glosas
      FROM surgery_glosas AS g WHERE g.surgery_id = s.id
      GROUP BY 1, 2
    ) AS by_month
  ) AS glosa_months
  CROSS JOIN LATERAL (
    SELECT round(coalesce(s.fees_payments, 0) * 100)::bigint AS expected_cents,
      -- DEFAULT_PAYMENT_TERM_DAYS (machines/ledger/constants.ts) is 30.
      coalesce(
        (SELECT t.days FROM payment_terms AS t WHERE t.medic_id = s.medic_id AND t.payer = 'plano'
          AND t.payer_id = s.health_plan_id AND s.payment_fountains = 'plano_saude'),
        (SELECT t.days FROM payment_terms AS t WHERE t.medic_id = s.medic_id AND t.payer = 'hospital'
          AND t.payer_id = s.hospital_id),
        30) AS term_days
  ) AS ledger;
--> statement-breakpoint
-- Adds `sign` (1 or -1) times the contribution of one case (a dashboard_case_facts row) to every summary table: the
-- monthly ones and the all-time ones (*_totals).
CREATE OR REPLACE FUNCTION "dashboard_apply_fact"(f dashboard_case_facts, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  planned integer := CASE WHEN stage_group(f.status) = 'planned' THEN sign ELSE 0 END;
  carried integer := CASE WHEN stage_group(f.status) = 'carried_out' THEN sign ELSE 0 END;
  to_receive numeric := CASE WHEN stage_is_active(f.status) THEN sign * round(f.to_come_cents::numeric / 100, 2) ELSE 0 END;
  open_cents bigint := CASE WHEN f.receivable AND f.open_cents > 0 THEN sign * f.open_cents ELSE 0 END;
  owing integer := CASE WHEN f.receivable AND (f.open_cents > 0 OR f.disputed_cents > 0) THEN sign ELSE 0 END;
BEGIN
  INSERT INTO dashboard_status_months AS t (medic_id, month, status, cases, fees, days, concluded)
  VALUES (f.medic_id, f.created_month, f.status, sign, sign * coalesce(f.fees, 0), sign * coalesce(f.concluded_days, 0),
    CASE WHEN f.concluded_days IS NULL THEN 0 ELSE sign END)
  ON CONFLICT (medic_id, month, status) DO UPDATE SET cases = t.cases + excluded.cases, fees = t.fees + excluded.fees,
    days = t.days + excluded.days, concluded = t.concluded + excluded.concluded;
  INSERT INTO dashboard_status_totals AS t (medic_id, status, cases, fees, days, concluded)
  VALUES (f.medic_id, f.status, sign, sign * coalesce(f.fees, 0), sign * coalesce(f.concluded_days, 0),
    CASE WHEN f.concluded_days IS NULL THEN 0 ELSE sign END)
  ON CONFLICT (medic_id, status) DO UPDATE SET cases = t.cases + excluded.cases, fees = t.fees + excluded.fees,
    days = t.days + excluded.days, concluded = t.concluded + excluded.concluded;
  INSERT INTO dashboard_payer_totals AS t
    (medic_id, plan_id, source, planned, carried_out, to_receive, received_cents, expected_cents, glosa_cents, open_cents,
      owing_cases)
  VALUES (f.medic_id, f.plan_id, f.source, planned, carried, to_receive, sign * f.received_cents,
    CASE WHEN f.receivable THEN sign * f.expected_cents ELSE 0 END, CASE WHEN f.receivable THEN sign * f.glosa_cents ELSE 0 END,
    open_cents, owing)
  ON CONFLICT (medic_id, plan_id, source) DO UPDATE SET planned = t.planned + excluded.planned,
    carried_out = t.carried_out + excluded.carried_out, to_receive = t.to_receive + excluded.to_receive,
    received_cents = t.received_cents + excluded.received_cents, expected_cents = t.expected_cents + excluded.expected_cents,
    glosa_cents = t.glosa_cents + excluded.glosa_cents, open_cents = t.open_cents + excluded.open_cents,
    owing_cases = t.owing_cases + excluded.owing_cases;
  IF planned <> 0 OR carried <> 0 OR to_receive <> 0 THEN
    INSERT INTO dashboard_payer_months AS t (medic_id, month, plan_id, source, planned, carried_out, to_receive)
    VALUES (f.medic_id, f.created_month, f.plan_id, f.source, planned, carried, to_receive)
    ON CONFLICT (medic_id, month, plan_id, source) DO UPDATE SET planned = t.planned + excluded.planned,
      carried_out = t.carried_out + excluded.carried_out, to_receive = t.to_receive + excluded.to_receive;
  END IF;
  IF planned <> 0 OR carried <> 0 THEN
    INSERT INTO dashboard_hospital_months AS t (medic_id, month, hospital_id, planned, carried_out)
    VALUES (f.medic_id, f.created_month, f.hospital_id, planned, carried)
    ON CONFLICT (medic_id, month, hospital_id) DO UPDATE SET planned = t.planned + excluded.planned,
      carried_out = t.carried_out + excluded.carried_out;
    INSERT INTO dashboard_hospital_totals AS t (medic_id, hospital_id, planned, carried_out)
    VALUES (f.medic_id, f.hospital_id, planned, carried)
    ON CONFLICT (medic_id, hospital_id) DO UPDATE SET planned = t.planned + excluded.planned,
      carried_out = t.carried_out + excluded.carried_out;
    INSERT INTO dashboard_procedure_months AS t (medic_id, month, procedure_id, planned, carried_out)
    SELECT f.medic_id, f.created_month, code.id, planned * count(*), carried * count(*)
    FROM unnest(f.procedure_ids) AS code(id) GROUP BY code.id ORDER BY code.id
    ON CONFLICT (medic_id, month, procedure_id) DO UPDATE SET planned = t.planned + excluded.planned,
      carried_out = t.carried_out + excluded.carried_out;
    INSERT INTO dashboard_procedure_totals AS t (medic_id, procedure_id, planned, carried_out)
    SELECT f.medic_id, code.id, planned * count(*), carried * count(*)
    FROM unnest(f.procedure_ids) AS code(id) GROUP BY code.id ORDER BY code.id
    ON CONFLICT (medic_id, procedure_id) DO UPDATE SET planned = t.planned + excluded.planned,
      carried_out = t.carried_out + excluded.carried_out;
  END IF;
  IF stage_group(f.status) = 'lost' THEN
    INSERT INTO dashboard_lost_months AS t (medic_id, month, reason, cases)
    VALUES (f.medic_id, f.created_month, f.lost_reason, sign)
    ON CONFLICT (medic_id, month, reason) DO UPDATE SET cases = t.cases + excluded.cases;
    INSERT INTO dashboard_lost_totals AS t (medic_id, reason, cases)
    VALUES (f.medic_id, f.lost_reason, sign)
    ON CONFLICT (medic_id, reason) DO UPDATE SET cases = t.cases + excluded.cases;
  END IF;
  IF cardinality(f.receipt_months) > 0 THEN
    INSERT INTO dashboard_receipt_months AS t (medic_id, month, plan_id, source, cents)
    SELECT f.medic_id, paid.month, f.plan_id, f.source, sign * paid.cents
    FROM unnest(f.receipt_months, f.receipt_cents) AS paid(month, cents) ORDER BY paid.month
    ON CONFLICT (medic_id, month, plan_id, source) DO UPDATE SET cents = t.cents + excluded.cents;
    INSERT INTO dashboard_receipt_month_totals AS t (medic_id, month, cents)
    SELECT f.medic_id, paid.month, sign * paid.cents
    FROM unnest(f.receipt_months, f.receipt_cents) AS paid(month, cents) ORDER BY paid.month
    ON CONFLICT (medic_id, month) DO UPDATE SET cents = t.cents + excluded.cents;
  END IF;
  IF f.receivable THEN
    IF f.open_cents > 0 OR f.disputed_cents > 0 THEN
      INSERT INTO dashboard_owing_dues AS t (medic_id, due_date, plan_id, source, cases, open_cents, disputed_cents)
      VALUES (f.medic_id, coalesce(f.due_date, 'infinity'::date), f.plan_id, f.source, sign, sign * f.open_cents, sign * f.disputed_cents)
      ON CONFLICT (medic_id, due_date, plan_id, source) DO UPDATE SET cases = t.cases + excluded.cases,
        open_cents = t.open_cents + excluded.open_cents, disputed_cents = t.disputed_cents + excluded.disputed_cents;
      INSERT INTO dashboard_owing_due_dates AS t (medic_id, due_date, cases, open_cents, disputed_cents)
      VALUES (f.medic_id, coalesce(f.due_date, 'infinity'::date), sign, sign * f.open_cents, sign * f.disputed_cents)
      ON CONFLICT (medic_id, due_date) DO UPDATE SET cases = t.cases + excluded.cases,
        open_cents = t.open_cents + excluded.open_cents, disputed_cents = t.disputed_cents + excluded.disputed_cents;
    END IF;
    IF f.open_cents > 0 THEN
      INSERT INTO dashboard_open_balances AS t (medic_id, month, plan_id, source, due_date, open_cents)
      VALUES (f.medic_id, f.created_month, f.plan_id, f.source, coalesce(f.due_date, 'infinity'::date), sign * f.open_cents)
      ON CONFLICT (medic_id, month, plan_id, source, due_date) DO UPDATE SET open_cents = t.open_cents + excluded.open_cents;
    END IF;
    -- The expected fee in the month it falls due, each glosa in the month of its day.
    IF f.due_date IS NOT NULL THEN
      INSERT INTO dashboard_glosa_months AS t (medic_id, month, plan_id, source, expected_cents, glosa_cents)
      VALUES (f.medic_id, date_trunc('month', f.due_date)::date, f.plan_id, f.source, sign * f.expected_cents, 0)
      ON CONFLICT (medic_id, month, plan_id, source) DO UPDATE SET expected_cents = t.expected_cents + excluded.expected_cents;
    END IF;
    IF cardinality(f.glosa_months) > 0 THEN
      INSERT INTO dashboard_glosa_months AS t (medic_id, month, plan_id, source, expected_cents, glosa_cents)
      SELECT f.medic_id, denied.month, f.plan_id, f.source, 0, sign * sum(denied.cents)
      FROM unnest(f.glosa_months, f.glosa_month_cents) AS denied(month, cents) GROUP BY denied.month ORDER BY denied.month
      ON CONFLICT (medic_id, month, plan_id, source) DO UPDATE SET glosa_cents = t.glosa_cents + excluded.glosa_cents;
      INSERT INTO dashboard_glosa_reason_months AS t (medic_id, month, reason, glosas, cents)
      SELECT f.medic_id, denied.month, denied.reason, sign * denied.glosas, sign * denied.cents
      FROM unnest(f.glosa_months, f.glosa_reasons, f.glosa_month_cents, f.glosa_month_counts) AS denied(month, reason, cents, glosas)
      ORDER BY denied.month, denied.reason
      ON CONFLICT (medic_id, month, reason) DO UPDATE SET glosas = t.glosas + excluded.glosas, cents = t.cents + excluded.cents;
      INSERT INTO dashboard_glosa_reason_totals AS t (medic_id, reason, glosas, cents)
      SELECT f.medic_id, denied.reason, sign * sum(denied.glosas), sign * sum(denied.cents)
      FROM unnest(f.glosa_reasons, f.glosa_month_cents, f.glosa_month_counts) AS denied(reason, cents, glosas)
      GROUP BY denied.reason ORDER BY denied.reason
      ON CONFLICT (medic_id, reason) DO UPDATE SET glosas = t.glosas + excluded.glosas, cents = t.cents + excluded.cents;
    END IF;
    IF f.open_cents = 0 AND f.disputed_cents = 0 AND f.received_cents > 0 AND f.accomplishment IS NOT NULL THEN
      INSERT INTO dashboard_payment_days AS t (medic_id, month, plan_id, source, days, cases)
      VALUES (f.medic_id, date_trunc('month', f.last_receipt_on)::date, f.plan_id, f.source,
        greatest(0, f.last_receipt_on - f.accomplishment), sign)
      ON CONFLICT (medic_id, month, plan_id, source, days) DO UPDATE SET cases = t.cases + excluded.cases;
      INSERT INTO dashboard_payment_day_totals AS t (medic_id, plan_id, source, days, cases)
      VALUES (f.medic_id, f.plan_id, f.source, greatest(0, f.last_receipt_on - f.accomplishment), sign)
      ON CONFLICT (medic_id, plan_id, source, days) DO UPDATE SET cases = t.cases + excluded.cases;
    END IF;
    IF f.due_date IS NOT NULL THEN
      INSERT INTO dashboard_due_months AS t (medic_id, month, cases, expected_cents)
      VALUES (f.medic_id, date_trunc('month', f.due_date)::date, sign, sign * f.expected_cents)
      ON CONFLICT (medic_id, month) DO UPDATE SET cases = t.cases + excluded.cases,
        expected_cents = t.expected_cents + excluded.expected_cents;
    END IF;
  END IF;
END $$;
--> statement-breakpoint
-- Brings one case's contribution up to date: recomputes its facts from the base rows and, when they differ from the
-- stored ones, subtracts the old contribution and adds the new one.
--
-- Lock order: every write to the summaries of a medic happens under the transaction-scoped advisory lock
-- (15015, medic_id), taken first, before the stored facts are read. So the summary rows of one medic are only ever
-- written by one transaction at a time, in any order, and two writers cannot deadlock on them; the facts read after
-- the lock include whatever the previous holder committed (each statement of a plpgsql function in READ COMMITTED
-- takes a new snapshot). The base rows are locked before the trigger runs: every write on a case starts by locking
-- the case's row (services/access/scope.ts visibleSurgeryRow), so the advisory lock comes last for that case. Row
-- locks on the summaries alone (upserts in a fixed key order) would not do: one transaction writes several tables in
-- turn (the case, its history, its receipts), each with its own keys.
CREATE OR REPLACE FUNCTION "dashboard_refresh_case"(case_id integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  stored dashboard_case_facts;
  current_facts dashboard_case_facts;
  has_stored boolean;
  has_current boolean;
  medic integer;
BEGIN
  FOR medic IN
    SELECT m FROM (
      SELECT medic_id AS m FROM surgeries WHERE id = case_id
      UNION SELECT medic_id FROM dashboard_case_facts WHERE surgery_id = case_id
    ) AS medics ORDER BY m
  LOOP
    PERFORM pg_advisory_xact_lock(15015, medic);
  END LOOP;
  SELECT * INTO stored FROM dashboard_case_facts WHERE surgery_id = case_id;
  has_stored := FOUND;
  SELECT * INTO current_facts FROM dashboard_case_facts_source WHERE surgery_id = case_id;
  has_current := FOUND;
  IF has_stored AND has_current AND stored IS NOT DISTINCT FROM current_facts THEN
    RETURN;
  END IF;
  IF has_stored THEN
    PERFORM dashboard_apply_fact(stored, -1);
    DELETE FROM dashboard_case_facts WHERE surgery_id = case_id;
  END IF;
  IF has_current THEN
    PERFORM dashboard_apply_fact(current_facts, 1);
    INSERT INTO dashboard_case_facts SELECT (current_facts).*;
  END IF;
END $$;
--> statement-breakpoint
-- A case's refresh at most once between two statements that write a case's own rows (issue 41, goal 4). The deferred
-- triggers fire after every row of the statements before them is written (at the commit; at the end of each statement
-- once SET CONSTRAINTS ... IMMEDIATE): the first refresh of a case there brings it to its final state, and another of
-- the same case would recompute its facts only to find them unchanged (a case write fires four: the case, two
-- procedures, a receipt). So the cases refreshed are noted in a setting local to the transaction, which every statement
-- writing a case's own rows clears before its first row (dashboard_case_rows_writing, BEFORE ... FOR EACH STATEMENT).
CREATE OR REPLACE FUNCTION "dashboard_refresh_case_once"(case_id integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  refreshed text := coalesce(current_setting('dashboard.refreshed_cases', true), '');
  mark text := case_id::text || ',';
BEGIN
  IF position(',' || mark IN ',' || refreshed) > 0 THEN
    RETURN;
  END IF;
  PERFORM dashboard_refresh_case(case_id);
  PERFORM set_config('dashboard.refreshed_cases', refreshed || mark, true);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dashboard_case_rows_writing"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('dashboard.refreshed_cases', '', true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dashboard_surgery_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM dashboard_refresh_case_once(OLD.id);
  ELSE
    PERFORM dashboard_refresh_case_once(NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dashboard_case_row_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM dashboard_refresh_case_once(OLD.surgery_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.surgery_id <> OLD.surgery_id) THEN
    PERFORM dashboard_refresh_case_once(NEW.surgery_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A payment term changes the due dates of the medic's cases of that plan or hospital.
CREATE OR REPLACE FUNCTION "dashboard_payment_term_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  term payment_terms := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  case_id integer;
BEGIN
  FOR case_id IN
    SELECT s.id FROM surgeries AS s
    WHERE s.medic_id = term.medic_id
      AND ((term.payer = 'plano' AND s.health_plan_id = term.payer_id) OR (term.payer = 'hospital' AND s.hospital_id = term.payer_id))
    ORDER BY s.id
  LOOP
    PERFORM dashboard_refresh_case(case_id);
  END LOOP;
  IF TG_OP = 'UPDATE' AND (OLD.medic_id, OLD.payer, OLD.payer_id) IS DISTINCT FROM (NEW.medic_id, NEW.payer, NEW.payer_id) THEN
    FOR case_id IN
      SELECT s.id FROM surgeries AS s
      WHERE s.medic_id = OLD.medic_id
        AND ((OLD.payer = 'plano' AND s.health_plan_id = OLD.payer_id) OR (OLD.payer = 'hospital' AND s.hospital_id = OLD.payer_id))
      ORDER BY s.id
    LOOP
      PERFORM dashboard_refresh_case(case_id);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A procedure's description decides which of a case's codes count (one per description).
CREATE OR REPLACE FUNCTION "dashboard_procedure_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  case_id integer;
BEGIN
  FOR case_id IN
    SELECT s.id FROM surgeries AS s
    WHERE s.id IN (SELECT link.surgery_id FROM surgery_procedures AS link WHERE link.procedure_id = NEW.id)
    ORDER BY s.medic_id, s.id
  LOOP
    PERFORM dashboard_refresh_case(case_id);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The triggers of a case's own rows (the case, its procedures, receipts, glosas, ledger and history) are deferred to
-- the commit (issue 41, goal 4: the write cost): a case write touches several of them, and each used to recompute the
-- case's facts and apply the change to every summary at once, up to five times per write. At the commit the first
-- refreshes the case to its final state; the others stop at once (dashboard_refresh_case_once). The summaries are
-- still written in the transaction of the write: readers never see one without the other.
DROP TRIGGER IF EXISTS "dashboard_surgery_inserted" ON "surgeries";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "dashboard_surgery_inserted" AFTER INSERT ON "surgeries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_surgery_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "dashboard_surgery_updated" ON "surgeries";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "dashboard_surgery_updated" AFTER UPDATE ON "surgeries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (
    OLD.medic_id IS DISTINCT FROM NEW.medic_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.status IS DISTINCT FROM NEW.status OR OLD.health_plan_id IS DISTINCT FROM NEW.health_plan_id
    OR OLD.payment_fountains IS DISTINCT FROM NEW.payment_fountains OR OLD.hospital_id IS DISTINCT FROM NEW.hospital_id
    OR OLD.fees_payments IS DISTINCT FROM NEW.fees_payments OR OLD.concluded_at IS DISTINCT FROM NEW.concluded_at
    OR OLD.accomplishment IS DISTINCT FROM NEW.accomplishment
  ) EXECUTE FUNCTION dashboard_surgery_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "dashboard_surgery_deleted" ON "surgeries";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "dashboard_surgery_deleted" AFTER DELETE ON "surgeries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_surgery_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "dashboard_procedures_changed" ON "surgery_procedures";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "dashboard_procedures_changed" AFTER INSERT OR UPDATE OR DELETE ON "surgery_procedures"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_case_row_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "dashboard_receipts_changed" ON "surgery_receipts";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "dashboard_receipts_changed" AFTER INSERT OR UPDATE OR DELETE ON "surgery_receipts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_case_row_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "dashboard_glosas_changed" ON "surgery_glosas";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "dashboard_glosas_changed" AFTER INSERT OR UPDATE OR DELETE ON "surgery_glosas"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_case_row_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "dashboard_ledgers_changed" ON "surgery_ledgers";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "dashboard_ledgers_changed" AFTER INSERT OR UPDATE OR DELETE ON "surgery_ledgers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_case_row_changed();
--> statement-breakpoint
-- Only a history row into cancelado or arquiv can change a loss reason; updates and deletes are rare (cascades).
DROP TRIGGER IF EXISTS "dashboard_history_inserted" ON "surgery_status_history";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "dashboard_history_inserted" AFTER INSERT ON "surgery_status_history"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (stage_group(NEW.to_status) = 'lost') EXECUTE FUNCTION dashboard_case_row_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "dashboard_history_changed" ON "surgery_status_history";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "dashboard_history_changed" AFTER UPDATE OR DELETE ON "surgery_status_history"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_case_row_changed();
--> statement-breakpoint
-- Before each statement that writes a case's own rows: the cases refreshed so far may change again
-- (dashboard_refresh_case_once).
DO $$
DECLARE
  case_table text;
BEGIN
  FOREACH case_table IN ARRAY ARRAY['surgeries', 'surgery_procedures', 'surgery_receipts', 'surgery_glosas',
    'surgery_ledgers', 'surgery_status_history']
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS dashboard_case_rows_writing ON %I', case_table);
    EXECUTE format('CREATE TRIGGER dashboard_case_rows_writing BEFORE INSERT OR UPDATE OR DELETE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION dashboard_case_rows_writing()', case_table);
  END LOOP;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "dashboard_payment_terms_changed" ON "payment_terms";
--> statement-breakpoint
CREATE TRIGGER "dashboard_payment_terms_changed" AFTER INSERT OR UPDATE OR DELETE ON "payment_terms"
  FOR EACH ROW EXECUTE FUNCTION dashboard_payment_term_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "dashboard_procedure_description_changed" ON "procedures";
--> statement-breakpoint
CREATE TRIGGER "dashboard_procedure_description_changed" AFTER UPDATE OF description ON "procedures"
  FOR EACH ROW WHEN (OLD.description IS DISTINCT FROM NEW.description) EXECUTE FUNCTION dashboard_procedure_changed();
--> statement-breakpoint
-- Rebuilds every summary from the base rows, set-wise (after this file or stages.sql changed, server/db/migrate.ts;
-- after a bulk load with the triggers off, scripts/bench-dashboard.ts). The same contributions as
-- dashboard_apply_fact, grouped. It takes no lock: run it where nothing else writes (the start-up, a bulk load).
CREATE OR REPLACE FUNCTION "dashboard_rebuild_figures"() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_case_facts; DELETE FROM dashboard_status_months; DELETE FROM dashboard_payer_months;
  DELETE FROM dashboard_hospital_months; DELETE FROM dashboard_procedure_months; DELETE FROM dashboard_lost_months;
  DELETE FROM dashboard_receipt_months; DELETE FROM dashboard_open_balances; DELETE FROM dashboard_glosa_months;
  DELETE FROM dashboard_payment_days; DELETE FROM dashboard_due_months;
  DELETE FROM dashboard_status_totals; DELETE FROM dashboard_payer_totals; DELETE FROM dashboard_hospital_totals;
  DELETE FROM dashboard_procedure_totals; DELETE FROM dashboard_lost_totals;
  DELETE FROM dashboard_payment_day_totals; DELETE FROM dashboard_receipt_month_totals;
  DELETE FROM dashboard_glosa_reason_months; DELETE FROM dashboard_glosa_reason_totals; DELETE FROM dashboard_owing_dues;
  DELETE FROM dashboard_owing_due_dates;
  INSERT INTO dashboard_case_facts SELECT * FROM dashboard_case_facts_source;
  INSERT INTO dashboard_status_months (medic_id, month, status, cases, fees, days, concluded)
  SELECT medic_id, created_month, status, count(*), coalesce(sum(fees), 0), coalesce(sum(concluded_days), 0), count(concluded_days)
  FROM dashboard_case_facts GROUP BY 1, 2, 3;
  INSERT INTO dashboard_payer_months (medic_id, month, plan_id, source, planned, carried_out, to_receive)
  SELECT medic_id, created_month, plan_id, source,
    count(*) FILTER (WHERE stage_group(status) = 'planned'),
    count(*) FILTER (WHERE stage_group(status) = 'carried_out'),
    coalesce(sum(round(to_come_cents::numeric / 100, 2)) FILTER (WHERE stage_is_active(status)), 0)
  FROM dashboard_case_facts WHERE stage_group(status) <> 'lost'
  GROUP BY 1, 2, 3, 4;
  INSERT INTO dashboard_hospital_months (medic_id, month, hospital_id, planned, carried_out)
  SELECT medic_id, created_month, hospital_id,
    count(*) FILTER (WHERE stage_group(status) = 'planned'),
    count(*) FILTER (WHERE stage_group(status) = 'carried_out')
  FROM dashboard_case_facts WHERE stage_group(status) <> 'lost'
  GROUP BY 1, 2, 3;
  INSERT INTO dashboard_procedure_months (medic_id, month, procedure_id, planned, carried_out)
  SELECT f.medic_id, f.created_month, code.id,
    count(*) FILTER (WHERE stage_group(f.status) = 'planned'),
    count(*) FILTER (WHERE stage_group(f.status) = 'carried_out')
  FROM dashboard_case_facts AS f, unnest(f.procedure_ids) AS code(id)
  WHERE stage_group(f.status) <> 'lost'
  GROUP BY 1, 2, 3;
  INSERT INTO dashboard_lost_months (medic_id, month, reason, cases)
  SELECT medic_id, created_month, lost_reason, count(*)
  FROM dashboard_case_facts WHERE stage_group(status) = 'lost' GROUP BY 1, 2, 3;
  INSERT INTO dashboard_receipt_months (medic_id, month, plan_id, source, cents)
  SELECT f.medic_id, paid.month, f.plan_id, f.source, sum(paid.cents)
  FROM dashboard_case_facts AS f, unnest(f.receipt_months, f.receipt_cents) AS paid(month, cents)
  GROUP BY 1, 2, 3, 4;
  INSERT INTO dashboard_open_balances (medic_id, month, plan_id, source, due_date, open_cents)
  SELECT medic_id, created_month, plan_id, source, coalesce(due_date, 'infinity'::date), sum(open_cents)
  FROM dashboard_case_facts WHERE receivable AND open_cents > 0 GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO dashboard_glosa_months (medic_id, month, plan_id, source, expected_cents, glosa_cents)
  SELECT medic_id, month, plan_id, source, sum(expected_cents), sum(glosa_cents)
  FROM (
    SELECT medic_id, date_trunc('month', due_date)::date AS month, plan_id, source, expected_cents, 0::bigint AS glosa_cents
    FROM dashboard_case_facts WHERE receivable AND due_date IS NOT NULL
    UNION ALL
    SELECT f.medic_id, denied.month, f.plan_id, f.source, 0::bigint, denied.cents
    FROM dashboard_case_facts AS f, unnest(f.glosa_months, f.glosa_month_cents) AS denied(month, cents)
    WHERE f.receivable
  ) AS parts
  GROUP BY 1, 2, 3, 4;
  INSERT INTO dashboard_glosa_reason_months (medic_id, month, reason, glosas, cents)
  SELECT f.medic_id, denied.month, denied.reason, sum(denied.glosas), sum(denied.cents)
  FROM dashboard_case_facts AS f,
    unnest(f.glosa_months, f.glosa_reasons, f.glosa_month_cents, f.glosa_month_counts) AS denied(month, reason, cents, glosas)
  WHERE f.receivable
  GROUP BY 1, 2, 3;
  INSERT INTO dashboard_payment_days (medic_id, month, plan_id, source, days, cases)
  SELECT medic_id, date_trunc('month', last_receipt_on)::date, plan_id, source, greatest(0, last_receipt_on - accomplishment), count(*)
  FROM dashboard_case_facts
  WHERE receivable AND open_cents = 0 AND disputed_cents = 0 AND received_cents > 0 AND accomplishment IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO dashboard_due_months (medic_id, month, cases, expected_cents)
  SELECT medic_id, date_trunc('month', due_date)::date, count(*), sum(expected_cents)
  FROM dashboard_case_facts WHERE receivable AND due_date IS NOT NULL GROUP BY 1, 2;
  -- The all-time summaries, from the monthly ones where they are the same sums without the month.
  INSERT INTO dashboard_status_totals (medic_id, status, cases, fees, days, concluded)
  SELECT medic_id, status, sum(cases), sum(fees), sum(days), sum(concluded) FROM dashboard_status_months GROUP BY 1, 2;
  INSERT INTO dashboard_payer_totals
    (medic_id, plan_id, source, planned, carried_out, to_receive, received_cents, expected_cents, glosa_cents, open_cents,
      owing_cases)
  SELECT medic_id, plan_id, source,
    count(*) FILTER (WHERE stage_group(status) = 'planned'),
    count(*) FILTER (WHERE stage_group(status) = 'carried_out'),
    coalesce(sum(round(to_come_cents::numeric / 100, 2)) FILTER (WHERE stage_is_active(status)), 0),
    sum(received_cents),
    coalesce(sum(expected_cents) FILTER (WHERE receivable), 0),
    coalesce(sum(glosa_cents) FILTER (WHERE receivable), 0),
    coalesce(sum(open_cents) FILTER (WHERE receivable AND open_cents > 0), 0),
    count(*) FILTER (WHERE receivable AND (open_cents > 0 OR disputed_cents > 0))
  FROM dashboard_case_facts GROUP BY 1, 2, 3;
  INSERT INTO dashboard_hospital_totals (medic_id, hospital_id, planned, carried_out)
  SELECT medic_id, hospital_id, sum(planned), sum(carried_out) FROM dashboard_hospital_months GROUP BY 1, 2;
  INSERT INTO dashboard_procedure_totals (medic_id, procedure_id, planned, carried_out)
  SELECT medic_id, procedure_id, sum(planned), sum(carried_out) FROM dashboard_procedure_months GROUP BY 1, 2;
  INSERT INTO dashboard_lost_totals (medic_id, reason, cases)
  SELECT medic_id, reason, sum(cases) FROM dashboard_lost_months GROUP BY 1, 2;
  INSERT INTO dashboard_owing_dues (medic_id, due_date, plan_id, source, cases, open_cents, disputed_cents)
  SELECT medic_id, coalesce(due_date, 'infinity'::date), plan_id, source, count(*), sum(open_cents), sum(disputed_cents)
  FROM dashboard_case_facts WHERE receivable AND (open_cents > 0 OR disputed_cents > 0) GROUP BY 1, 2, 3, 4;
  INSERT INTO dashboard_owing_due_dates (medic_id, due_date, cases, open_cents, disputed_cents)
  SELECT medic_id, due_date, sum(cases), sum(open_cents), sum(disputed_cents) FROM dashboard_owing_dues GROUP BY 1, 2;
  INSERT INTO dashboard_payment_day_totals (medic_id, plan_id, source, days, cases)
  SELECT medic_id, plan_id, source, days, sum(cases) FROM dashboard_payment_days GROUP BY 1, 2, 3, 4;
  INSERT INTO dashboard_receipt_month_totals (medic_id, month, cents)
  SELECT medic_id, month, sum(cents) FROM dashboard_receipt_months GROUP BY 1, 2;
  INSERT INTO dashboard_glosa_reason_totals (medic_id, reason, glosas, cents)
  SELECT medic_id, reason, sum(glosas), sum(cents) FROM dashboard_glosa_reason_months GROUP BY 1, 2;
END $$;
