import type { CaseStatus } from '../../../../../machines/constants';
import type { Surgery } from '../../../../../src/features/surgeries/types';

/** A case as GET surgery/{id}/ answers it, at `status`, with overrides. */
export function surgeryAt(status: CaseStatus, overrides: Partial<Surgery> = {}): Surgery {
  return {
    id: 41,
    status,
    schedule: null,
    patient: { id: 7, nome_completo: 'Helena Duarte', foto: null, cellphone: '11988887777' },
    medic: { id: 3, first_name: 'Carlos Eduardo', last_name: 'Mendes' },
    hospital: { id: 5, fantasy_name: 'Hospital Sírio-Libanês' },
    health_plan: { id: 9, fantasy_name: 'Amil' },
    procedure: [{ id: 11, description: 'APENDICECTOMIA', code: '31003079' }],
    cid: [{ id: 21, code: 'K35', description: 'Apendicite aguda' }],
    payment_fountains: 'plano_saude',
    opme: false,
    fees_payments: 2500,
    surgery_note: null,
    document_arrivals: null,
    document_note: null,
    accomplishment: null,
    accomplishment_note: null,
    schedule_note: null,
    payment_done: null,
    date_payment: null,
    payment_notes: null,
    hospital_approvals_note: null,
    plan_approvals_note: null,
    opme_approvals_note: null,
    doctor_request: null,
    patient_document: null,
    medical_report: null,
    residence_proof: null,
    surgery_guide: null,
    convention_wallet: null,
    hospital_consent: null,
    hospital_template: null,
    health_plan_template: null,
    document_files: [],
    hospital_template_ok: true,
    plano_template_ok: false,
    status_changed_at: '2026-03-01T10:00:00-03:00',
    created_at: '2026-02-20T09:00:00-03:00',
    version: 3,
    loss_reason: null,
    loss_reason_note: null,
    authorization_alerts: [],
    days_in_stage: 9,
    stage_target_days: 5,
    overdue: true,
    holder: { id: 3, first_name: 'Carlos Eduardo', last_name: 'Mendes' },
    ...overrides,
  };
}

/** What openapi-fetch resolves for an answer with `status` and a JSON `body`. */
export function answer(status: number, body: unknown) {
  const ok = status >= 200 && status < 300;
  return {
    data: ok ? body : undefined,
    error: ok ? undefined : body,
    response: new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  };
}
