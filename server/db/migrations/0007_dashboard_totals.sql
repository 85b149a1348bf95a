-- Issue 15, second pass: all-time summaries for the period 'all' (the homes' read), which otherwise sums every
-- month's rows of the 0006 summaries (docs/BENCHMARKS.md "Issue 15, second pass: the dashboard's PostgreSQL CPU").
-- The tables are drizzle-kit's (server/db/schema/dashboard-figures.ts); the two functions below them replace those of
-- 0006 (the same contributions, plus the new tables) and are written by hand; the backfill is the rebuild. Same SQL on
-- PGlite and PostgreSQL.
CREATE TABLE "dashboard_hospital_totals" (
	"medic_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"planned" integer NOT NULL,
	"carried_out" integer NOT NULL,
	CONSTRAINT "dashboard_hospital_totals_medic_id_hospital_id_pk" PRIMARY KEY("medic_id","hospital_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_lost_totals" (
	"medic_id" integer NOT NULL,
	"reason" text NOT NULL,
	"cases" integer NOT NULL,
	CONSTRAINT "dashboard_lost_totals_medic_id_reason_pk" PRIMARY KEY("medic_id","reason")
);
--> statement-breakpoint
CREATE TABLE "dashboard_open_dues" (
	"medic_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"plan_id" integer NOT NULL,
	"source" text NOT NULL,
	"open_cents" bigint NOT NULL,
	CONSTRAINT "dashboard_open_dues_medic_id_due_date_plan_id_source_pk" PRIMARY KEY("medic_id","due_date","plan_id","source")
);
--> statement-breakpoint
CREATE TABLE "dashboard_payer_totals" (
	"medic_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"source" text NOT NULL,
	"planned" integer NOT NULL,
	"carried_out" integer NOT NULL,
	"to_receive" numeric NOT NULL,
	"received_cents" bigint NOT NULL,
	"expected_cents" bigint NOT NULL,
	"glosa_cents" bigint NOT NULL,
	"open_cents" bigint NOT NULL,
	CONSTRAINT "dashboard_payer_totals_medic_id_plan_id_source_pk" PRIMARY KEY("medic_id","plan_id","source")
);
--> statement-breakpoint
CREATE TABLE "dashboard_payment_day_totals" (
	"medic_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"source" text NOT NULL,
	"days" integer NOT NULL,
	"cases" integer NOT NULL,
	CONSTRAINT "dashboard_payment_day_totals_medic_id_plan_id_source_days_pk" PRIMARY KEY("medic_id","plan_id","source","days")
);
--> statement-breakpoint
CREATE TABLE "dashboard_procedure_totals" (
	"medic_id" integer NOT NULL,
	"procedure_id" integer NOT NULL,
	"planned" integer NOT NULL,
	"carried_out" integer NOT NULL,
	CONSTRAINT "dashboard_procedure_totals_medic_id_procedure_id_pk" PRIMARY KEY("medic_id","procedure_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_receipt_month_totals" (
	"medic_id" integer NOT NULL,
	"month" date NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "dashboard_receipt_month_totals_medic_id_month_pk" PRIMARY KEY("medic_id","month")
);
--> statement-breakpoint
CREATE TABLE "dashboard_status_totals" (
	"medic_id" integer NOT NULL,
	"status" "case_status" NOT NULL,
	"cases" integer NOT NULL,
	"fees" numeric NOT NULL,
	"days" bigint NOT NULL,
	"concluded" integer NOT NULL,
	CONSTRAINT "dashboard_status_totals_medic_id_status_pk" PRIMARY KEY("medic_id","status")
);
--> statement-breakpoint
-- Adds `sign` (1 or -1) times the contribution of one case (a dashboard_case_facts row) to every summary table: the
-- monthly ones of 0006 and the all-time ones of 0007. Statuses: planned = ind_paciente..agendamento, carried out =
-- realizacao, pagamento, concluido, active = the seven stages (machines/constants.ts), lost = cancelado, arquiv,
-- receivable = pagamento, concluido.
CREATE OR REPLACE FUNCTION "dashboard_apply_fact"(f dashboard_case_facts, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  planned integer := CASE WHEN f.status IN ('ind_paciente', 'prep_doc', 'env_doc', 'autorizacao', 'agendamento') THEN sign ELSE 0 END;
  carried integer := CASE WHEN f.status IN ('realizacao', 'pagamento', 'concluido') THEN sign ELSE 0 END;
  to_receive numeric := CASE WHEN f.status NOT IN ('concluido', 'cancelado', 'arquiv') THEN sign * coalesce(f.fees, 0) ELSE 0 END;
  open_cents bigint := CASE WHEN f.receivable AND f.open_cents > 0 THEN sign * f.open_cents ELSE 0 END;
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
    (medic_id, plan_id, source, planned, carried_out, to_receive, received_cents, expected_cents, glosa_cents, open_cents)
  VALUES (f.medic_id, f.plan_id, f.source, planned, carried, to_receive, sign * f.received_cents,
    CASE WHEN f.receivable THEN sign * f.expected_cents ELSE 0 END, CASE WHEN f.receivable THEN sign * f.glosa_cents ELSE 0 END,
    open_cents)
  ON CONFLICT (medic_id, plan_id, source) DO UPDATE SET planned = t.planned + excluded.planned,
    carried_out = t.carried_out + excluded.carried_out, to_receive = t.to_receive + excluded.to_receive,
    received_cents = t.received_cents + excluded.received_cents, expected_cents = t.expected_cents + excluded.expected_cents,
    glosa_cents = t.glosa_cents + excluded.glosa_cents, open_cents = t.open_cents + excluded.open_cents;
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
  IF f.status IN ('cancelado', 'arquiv') THEN
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
    IF f.open_cents > 0 THEN
      INSERT INTO dashboard_open_balances AS t (medic_id, month, plan_id, source, due_date, open_cents)
      VALUES (f.medic_id, f.created_month, f.plan_id, f.source, coalesce(f.due_date, 'infinity'::date), sign * f.open_cents)
      ON CONFLICT (medic_id, month, plan_id, source, due_date) DO UPDATE SET open_cents = t.open_cents + excluded.open_cents;
      INSERT INTO dashboard_open_dues AS t (medic_id, due_date, plan_id, source, open_cents)
      VALUES (f.medic_id, coalesce(f.due_date, 'infinity'::date), f.plan_id, f.source, sign * f.open_cents)
      ON CONFLICT (medic_id, due_date, plan_id, source) DO UPDATE SET open_cents = t.open_cents + excluded.open_cents;
    END IF;
    INSERT INTO dashboard_glosa_months AS t (medic_id, month, plan_id, source, expected_cents, glosa_cents)
    VALUES (f.medic_id, f.created_month, f.plan_id, f.source, sign * f.expected_cents, sign * f.glosa_cents)
    ON CONFLICT (medic_id, month, plan_id, source) DO UPDATE SET expected_cents = t.expected_cents + excluded.expected_cents,
      glosa_cents = t.glosa_cents + excluded.glosa_cents;
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
-- Rebuilds every summary from the base rows, set-wise (the backfill below; after a bulk load with the triggers off,
-- scripts/bench-dashboard.ts). The same contributions as dashboard_apply_fact, grouped. It takes no lock: run it
-- where nothing else writes (a migration, a bulk load).
CREATE OR REPLACE FUNCTION "dashboard_rebuild_figures"() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_case_facts; DELETE FROM dashboard_status_months; DELETE FROM dashboard_payer_months;
  DELETE FROM dashboard_hospital_months; DELETE FROM dashboard_procedure_months; DELETE FROM dashboard_lost_months;
  DELETE FROM dashboard_receipt_months; DELETE FROM dashboard_open_balances; DELETE FROM dashboard_glosa_months;
  DELETE FROM dashboard_payment_days; DELETE FROM dashboard_due_months;
  DELETE FROM dashboard_status_totals; DELETE FROM dashboard_payer_totals; DELETE FROM dashboard_hospital_totals;
  DELETE FROM dashboard_procedure_totals; DELETE FROM dashboard_lost_totals; DELETE FROM dashboard_open_dues;
  DELETE FROM dashboard_payment_day_totals; DELETE FROM dashboard_receipt_month_totals;
  INSERT INTO dashboard_case_facts SELECT * FROM dashboard_case_facts_source;
  INSERT INTO dashboard_status_months (medic_id, month, status, cases, fees, days, concluded)
  SELECT medic_id, created_month, status, count(*), coalesce(sum(fees), 0), coalesce(sum(concluded_days), 0), count(concluded_days)
  FROM dashboard_case_facts GROUP BY 1, 2, 3;
  INSERT INTO dashboard_payer_months (medic_id, month, plan_id, source, planned, carried_out, to_receive)
  SELECT medic_id, created_month, plan_id, source,
    count(*) FILTER (WHERE status IN ('ind_paciente', 'prep_doc', 'env_doc', 'autorizacao', 'agendamento')),
    count(*) FILTER (WHERE status IN ('realizacao', 'pagamento', 'concluido')),
    coalesce(sum(fees) FILTER (WHERE status NOT IN ('concluido', 'cancelado', 'arquiv')), 0)
  FROM dashboard_case_facts WHERE status NOT IN ('cancelado', 'arquiv')
  GROUP BY 1, 2, 3, 4;
  INSERT INTO dashboard_hospital_months (medic_id, month, hospital_id, planned, carried_out)
  SELECT medic_id, created_month, hospital_id,
    count(*) FILTER (WHERE status IN ('ind_paciente', 'prep_doc', 'env_doc', 'autorizacao', 'agendamento')),
    count(*) FILTER (WHERE status IN ('realizacao', 'pagamento', 'concluido'))
  FROM dashboard_case_facts WHERE status NOT IN ('cancelado', 'arquiv')
  GROUP BY 1, 2, 3;
  INSERT INTO dashboard_procedure_months (medic_id, month, procedure_id, planned, carried_out)
  SELECT f.medic_id, f.created_month, code.id,
    count(*) FILTER (WHERE f.status IN ('ind_paciente', 'prep_doc', 'env_doc', 'autorizacao', 'agendamento')),
    count(*) FILTER (WHERE f.status IN ('realizacao', 'pagamento', 'concluido'))
  FROM dashboard_case_facts AS f, unnest(f.procedure_ids) AS code(id)
  WHERE f.status NOT IN ('cancelado', 'arquiv')
  GROUP BY 1, 2, 3;
  INSERT INTO dashboard_lost_months (medic_id, month, reason, cases)
  SELECT medic_id, created_month, lost_reason, count(*)
  FROM dashboard_case_facts WHERE status IN ('cancelado', 'arquiv') GROUP BY 1, 2, 3;
  INSERT INTO dashboard_receipt_months (medic_id, month, plan_id, source, cents)
  SELECT f.medic_id, paid.month, f.plan_id, f.source, sum(paid.cents)
  FROM dashboard_case_facts AS f, unnest(f.receipt_months, f.receipt_cents) AS paid(month, cents)
  GROUP BY 1, 2, 3, 4;
  INSERT INTO dashboard_open_balances (medic_id, month, plan_id, source, due_date, open_cents)
  SELECT medic_id, created_month, plan_id, source, coalesce(due_date, 'infinity'::date), sum(open_cents)
  FROM dashboard_case_facts WHERE receivable AND open_cents > 0 GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO dashboard_glosa_months (medic_id, month, plan_id, source, expected_cents, glosa_cents)
  SELECT medic_id, created_month, plan_id, source, sum(expected_cents), sum(glosa_cents)
  FROM dashboard_case_facts WHERE receivable GROUP BY 1, 2, 3, 4;
  INSERT INTO dashboard_payment_days (medic_id, month, plan_id, source, days, cases)
  SELECT medic_id, date_trunc('month', last_receipt_on)::date, plan_id, source, greatest(0, last_receipt_on - accomplishment), count(*)
  FROM dashboard_case_facts
  WHERE receivable AND open_cents = 0 AND disputed_cents = 0 AND received_cents > 0 AND accomplishment IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO dashboard_due_months (medic_id, month, cases, expected_cents)
  SELECT medic_id, date_trunc('month', due_date)::date, count(*), sum(expected_cents)
  FROM dashboard_case_facts WHERE receivable AND due_date IS NOT NULL GROUP BY 1, 2;
  -- The all-time summaries (0007), from the monthly ones where they are the same sums without the month.
  INSERT INTO dashboard_status_totals (medic_id, status, cases, fees, days, concluded)
  SELECT medic_id, status, sum(cases), sum(fees), sum(days), sum(concluded) FROM dashboard_status_months GROUP BY 1, 2;
  INSERT INTO dashboard_payer_totals
    (medic_id, plan_id, source, planned, carried_out, to_receive, received_cents, expected_cents, glosa_cents, open_cents)
  SELECT medic_id, plan_id, source,
    count(*) FILTER (WHERE status IN ('ind_paciente', 'prep_doc', 'env_doc', 'autorizacao', 'agendamento')),
    count(*) FILTER (WHERE status IN ('realizacao', 'pagamento', 'concluido')),
    coalesce(sum(fees) FILTER (WHERE status NOT IN ('concluido', 'cancelado', 'arquiv')), 0),
    sum(received_cents),
    coalesce(sum(expected_cents) FILTER (WHERE receivable), 0),
    coalesce(sum(glosa_cents) FILTER (WHERE receivable), 0),
    coalesce(sum(open_cents) FILTER (WHERE receivable AND open_cents > 0), 0)
  FROM dashboard_case_facts GROUP BY 1, 2, 3;
  INSERT INTO dashboard_hospital_totals (medic_id, hospital_id, planned, carried_out)
  SELECT medic_id, hospital_id, sum(planned), sum(carried_out) FROM dashboard_hospital_months GROUP BY 1, 2;
  INSERT INTO dashboard_procedure_totals (medic_id, procedure_id, planned, carried_out)
  SELECT medic_id, procedure_id, sum(planned), sum(carried_out) FROM dashboard_procedure_months GROUP BY 1, 2;
  INSERT INTO dashboard_lost_totals (medic_id, reason, cases)
  SELECT medic_id, reason, sum(cases) FROM dashboard_lost_months GROUP BY 1, 2;
  INSERT INTO dashboard_open_dues (medic_id, due_date, plan_id, source, open_cents)
  SELECT medic_id, due_date, plan_id, source, sum(open_cents) FROM dashboard_open_balances GROUP BY 1, 2, 3, 4;
  INSERT INTO dashboard_payment_day_totals (medic_id, plan_id, source, days, cases)
  SELECT medic_id, plan_id, source, days, sum(cases) FROM dashboard_payment_days GROUP BY 1, 2, 3, 4;
  INSERT INTO dashboard_receipt_month_totals (medic_id, month, cents)
  SELECT medic_id, month, sum(cents) FROM dashboard_receipt_months GROUP BY 1, 2;
END $$;
--> statement-breakpoint
SELECT dashboard_rebuild_figures();
