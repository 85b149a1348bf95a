-- Issue 33 items 15 and 16 (docs/LEDGER.md "The figures, one definition each"): the dashboard's summaries keep
-- 'Honorários a receber' net of what was received and lost (to_come_cents per case; the payer summaries' to_receive is
-- now its sum over the active cases), and dashboard_glosa_months holds the expected fees by the month they fall due and
-- the glosas by the month of the glosa's day (glosas follow the glosa's date, DECISIONS §18). The three columns are
-- drizzle-kit's; the view and the two functions below replace those of 0006/0007 (the same contributions otherwise)
-- and are written by hand; the backfill is the rebuild.
ALTER TABLE "dashboard_case_facts" ADD COLUMN "to_come_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_case_facts" ADD COLUMN "glosa_months" date[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_case_facts" ADD COLUMN "glosa_month_cents" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
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
  coalesce(CASE WHEN s.status IN ('cancelado', 'arquiv') THEN (
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
  s.status IN ('pagamento', 'concluido') AS receivable,
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
  -- 0015: what is still to come (expected - received - lost: the write-off and the decided glosas not recovered).
  greatest(0::bigint, ledger.expected_cents - receipts.received_cents - glosas.decided_loss_cents - coalesce(l.written_off_cents, 0))::bigint
    AS to_come_cents,
  glosa_months.months AS glosa_months,
  glosa_months.cents AS glosa_month_cents
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
    SELECT coalesce(array_agg(by_month.month ORDER BY by_month.month), '{}')::date[] AS months,
      coalesce(array_agg(by_month.cents ORDER BY by_month.month), '{}')::bigint[] AS cents
    FROM (
      SELECT date_trunc('month', g.glosa_on)::date AS month, sum(g.amount_cents)::bigint AS cents
      FROM surgery_glosas AS g WHERE g.surgery_id = s.id
      GROUP BY 1
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
CREATE OR REPLACE FUNCTION "dashboard_apply_fact"(f dashboard_case_facts, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  planned integer := CASE WHEN f.status IN ('ind_paciente', 'prep_doc', 'env_doc', 'autorizacao', 'agendamento') THEN sign ELSE 0 END;
  carried integer := CASE WHEN f.status IN ('realizacao', 'pagamento', 'concluido') THEN sign ELSE 0 END;
  to_receive numeric := CASE WHEN f.status NOT IN ('concluido', 'cancelado', 'arquiv') THEN sign * round(f.to_come_cents::numeric / 100, 2) ELSE 0 END;
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
    -- 0015: the expected fee in the month it falls due, each glosa in the month of its day.
    IF f.due_date IS NOT NULL THEN
      INSERT INTO dashboard_glosa_months AS t (medic_id, month, plan_id, source, expected_cents, glosa_cents)
      VALUES (f.medic_id, date_trunc('month', f.due_date)::date, f.plan_id, f.source, sign * f.expected_cents, 0)
      ON CONFLICT (medic_id, month, plan_id, source) DO UPDATE SET expected_cents = t.expected_cents + excluded.expected_cents;
    END IF;
    IF cardinality(f.glosa_months) > 0 THEN
      INSERT INTO dashboard_glosa_months AS t (medic_id, month, plan_id, source, expected_cents, glosa_cents)
      SELECT f.medic_id, denied.month, f.plan_id, f.source, 0, sign * denied.cents
      FROM unnest(f.glosa_months, f.glosa_month_cents) AS denied(month, cents) ORDER BY denied.month
      ON CONFLICT (medic_id, month, plan_id, source) DO UPDATE SET glosa_cents = t.glosa_cents + excluded.glosa_cents;
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
    coalesce(sum(round(to_come_cents::numeric / 100, 2)) FILTER (WHERE status NOT IN ('concluido', 'cancelado', 'arquiv')), 0)
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
    coalesce(sum(round(to_come_cents::numeric / 100, 2)) FILTER (WHERE status NOT IN ('concluido', 'cancelado', 'arquiv')), 0),
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
