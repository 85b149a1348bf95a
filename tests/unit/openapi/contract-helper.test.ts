import { describe, expect, it } from 'vitest';
import {
  findOperation,
  listOperations,
  loadContract,
  toFastifyPath,
  validateInjected,
  validateResponse,
} from '../../helpers/contract';

const JSON_TYPE = 'application/json; charset=utf-8';

const profile = { type: 'medic', user: { id: 1, first_name: 'Ana', last_name: 'Souza', nickname: null, image: null }, has_secretary: true };

function surgery(overrides: Record<string, unknown> = {}) {
  const link = '/surgery/api/v1/surgery/42/documents/doctor_request/?expires=1900000000&signature=abc';
  return {
    id: 42,
    status: 'autorizacao',
    schedule: null,
    patient: { id: 7, nome_completo: 'João da Silva', foto: null, cellphone: '11987654321' },
    medic: { id: 1, first_name: 'Ana', last_name: 'Souza' },
    hospital: { id: 3, fantasy_name: 'Hospital Central' },
    health_plan: { id: 5, fantasy_name: 'Plano Bom' },
    procedure: [{ id: 9, description: 'Colecistectomia', code: '31005497' }],
    cid: [{ id: 11, code: 'K80.2', description: 'Calculose da vesícula biliar sem colecistite' }],
    payment_fountains: 'plano_saude',
    opme: false,
    fees_payments: 1500.5,
    surgery_note: null,
    document_arrivals: '2026-03-02',
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
    doctor_request: link,
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
    status_changed_at: '2026-03-02T10:00:00-03:00',
    created_at: '2026-03-01T09:30:00-03:00',
    version: 3,
    loss_reason: null,
    loss_reason_note: null,
    authorization_alerts: [],
    days_in_stage: 1,
    stage_target_days: 3,
    overdue: false,
    holder: { id: 3, first_name: 'Renata', last_name: 'Lopes' },
    ...overrides,
  };
}

describe('loadContract / listOperations / toFastifyPath', () => {
  it('loads the document once and dereferences it', () => {
    const contract = loadContract();
    expect(loadContract()).toBe(contract);
    expect(JSON.stringify(contract.document)).not.toContain('"$ref"');
    expect((contract.raw as { info: { title: string } }).info.title).toBe('Cirurgias — API');
  });

  it('lists every operation with a unique camelCase operationId', () => {
    const ops = listOperations();
    expect(ops.length).toBeGreaterThanOrEqual(35);
    const ids = ops.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    expect(ops).toContainEqual({ method: 'GET', path: '/surgery/api/v1/surgery/{id}/', operationId: 'getSurgery' });
    expect(ops).toContainEqual({
      method: 'DELETE',
      path: '/project_auth/api/v1/remove_secretary/{id}',
      operationId: 'removeSecretary',
    });
  });

  it('converts path templates to Fastify syntax', () => {
    expect(toFastifyPath('/surgery/api/v1/download/{kind}/{surgeryId}/')).toBe('/surgery/api/v1/download/:kind/:surgeryId/');
    expect(toFastifyPath('/health')).toBe('/health');
  });
});

describe('validateResponse', () => {
  it('accepts a valid JSON body (object or string)', () => {
    const base = { method: 'GET', url: '/project_auth/profile/', statusCode: 200, contentType: JSON_TYPE };
    expect(validateResponse({ ...base, body: profile })).toEqual([]);
    expect(validateResponse({ ...base, body: JSON.stringify(profile) })).toEqual([]);
  });

  it('reports a body that does not match the schema, with the place and the operation', () => {
    const errors = validateResponse({
      method: 'GET',
      url: '/project_auth/profile/',
      statusCode: 200,
      contentType: JSON_TYPE,
      body: { type: 'admin', user: { id: 1, first_name: 'Ana' }, extra: true },
    });
    expect(errors.length).toBeGreaterThanOrEqual(3);
    expect(errors.join('\n')).toContain('getProfile');
    expect(errors.some((e) => e.includes('/type') && e.includes('medic'))).toBe(true);
    expect(errors.some((e) => e.includes('/user') && e.includes('last_name'))).toBe(true);
    expect(errors.some((e) => e.includes('"extra"'))).toBe(true);
  });

  it('reports an undocumented status code', () => {
    const errors = validateResponse({
      method: 'GET',
      url: '/project_auth/profile/',
      statusCode: 404,
      contentType: JSON_TYPE,
      body: { error: ['x'] },
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/status 404 is not documented/);
  });

  it('reports an unknown path and an undocumented method', () => {
    const unknown = validateResponse({ method: 'GET', url: '/nope/', statusCode: 200, contentType: JSON_TYPE, body: {} });
    expect(unknown[0]).toMatch(/no path of the contract matches \/nope\//);
    const method = validateResponse({
      method: 'POST',
      url: '/project_auth/profile/',
      statusCode: 200,
      contentType: JSON_TYPE,
      body: profile,
    });
    expect(method[0]).toMatch(/POST is not documented/);
  });

  it('is strict about trailing slashes, as the contract is', () => {
    const errors = validateResponse({ method: 'GET', url: '/project_auth/profile', statusCode: 200, contentType: JSON_TYPE, body: profile });
    expect(errors[0]).toMatch(/no path/);
  });

  it('ignores the query string and the origin', () => {
    const body = { results: [surgery()] };
    for (const url of [
      '/surgery/api/v1/surgery/?is_schedule=true&date=2026-03-10&status__in=prep_doc,env_doc',
      'http://127.0.0.1:3000/surgery/api/v1/surgery/?status__in=prep_doc',
    ]) {
      expect(validateResponse({ method: 'GET', url, statusCode: 200, contentType: JSON_TYPE, body })).toEqual([]);
    }
  });

  it('matches path parameters, preferring the more specific template', () => {
    expect(
      validateResponse({ method: 'GET', url: '/surgery/api/v1/surgery/42/', statusCode: 200, contentType: JSON_TYPE, body: surgery() }),
    ).toEqual([]);
    const match = findOperation('GET', '/surgery/api/v1/surgery/42/documents/medical_report/?expires=1&signature=x');
    expect(match?.operationId).toBe('getSurgeryDocument');
    expect(match?.params).toEqual({ id: '42', kind: 'medical_report' });
    expect(findOperation('GET', '/surgery/api/v1/patient/7/foto/')?.operationId).toBe('getPatientPhoto');
    expect(findOperation('GET', '/surgery/api/v1/patient/7/')?.operationId).toBe('getPatient');
    expect(findOperation('DELETE', '/project_auth/api/v1/remove_secretary/9')?.operationId).toBe('removeSecretary');
  });

  it('validates nested shapes: nullable links, enums, formats', () => {
    const bad = validateResponse({
      method: 'GET',
      url: '/surgery/api/v1/surgery/42/',
      statusCode: 200,
      contentType: JSON_TYPE,
      body: surgery({ status: 'done', document_arrivals: '02/03/2026', health_plan: { id: 5 } }),
    });
    const text = bad.join('\n');
    expect(text).toContain('/status');
    expect(text).toContain('/document_arrivals');
    expect(text).toContain('/health_plan');
    const missing = { ...surgery() } as Record<string, unknown>;
    delete missing.created_at;
    expect(
      validateResponse({ method: 'GET', url: '/surgery/api/v1/surgery/42/', statusCode: 200, contentType: JSON_TYPE, body: missing })
        .join('\n'),
    ).toContain('created_at');
  });

  it('validates the §8 error shapes', () => {
    const url = '/surgery/api/v1/update/42/';
    expect(
      validateResponse({
        method: 'PUT',
        url,
        statusCode: 409,
        contentType: JSON_TYPE,
        body: { message: 'Mudança não permitida.', status: { actual_status: 'prep_doc' } },
      }),
    ).toEqual([]);
    expect(
      validateResponse({ method: 'PUT', url, statusCode: 409, contentType: JSON_TYPE, body: { error: ['x'] } }).length,
    ).toBeGreaterThan(0);
    expect(
      validateResponse({
        method: 'POST',
        url: '/surgery/api/v1/create_surgery/',
        statusCode: 400,
        contentType: JSON_TYPE,
        body: { error: ['Preencha CID!'], cid: ['Preencha CID!'], code: 'VALIDATION' },
      }),
    ).toEqual([]);
    expect(
      validateResponse({ method: 'POST', url: '/auth/token', statusCode: 400, contentType: JSON_TYPE, body: { error: ['x'] } }).length,
    ).toBeGreaterThan(0);
    expect(
      validateResponse({
        method: 'POST',
        url: '/auth/token',
        statusCode: 429,
        contentType: JSON_TYPE,
        body: { error: 'invalid_request', error_description: 'Muitas tentativas de acesso.' },
      }),
    ).toEqual([]);
  });

  it('checks only the content type of non-JSON bodies', () => {
    const photo = { method: 'GET', url: '/surgery/api/v1/patient/7/foto/?expires=1&signature=x', statusCode: 200 };
    expect(validateResponse({ ...photo, contentType: 'image/webp', body: Buffer.from([1, 2, 3]) })).toEqual([]);
    expect(validateResponse({ ...photo, contentType: 'text/html', body: '<p>' })[0]).toMatch(/Content-Type text\/html/);
    expect(validateResponse({ ...photo, body: 'x' })[0]).toMatch(/missing Content-Type/);
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    expect(
      validateResponse({ method: 'GET', url: '/surgery/api/v1/download/plano/42/', statusCode: 200, contentType: docx, body: 'PK' }),
    ).toEqual([]);
  });

  it('handles responses without a body', () => {
    const del = { method: 'DELETE', url: '/surgery/api/v1/update_patient/7/', statusCode: 204 };
    expect(validateResponse({ ...del, body: '' })).toEqual([]);
    expect(validateResponse({ ...del, contentType: JSON_TYPE, body: '{"ok":true}' })[0]).toMatch(/documents no body/);
    expect(validateResponse({ method: 'DELETE', url: '/project_auth/api/v1/remove_secretary/3', statusCode: 204, body: '' })).toEqual([]);
  });

  it('reports invalid JSON', () => {
    const errors = validateResponse({ method: 'GET', url: '/health', statusCode: 200, contentType: JSON_TYPE, body: '{oops' });
    expect(errors[0]).toMatch(/not valid JSON/);
  });
});

describe('validateInjected', () => {
  it('reads status, content type and body from an inject response', () => {
    const res = { statusCode: 200, headers: { 'content-type': JSON_TYPE }, body: '{"status":"ok","database":"ok"}' };
    expect(validateInjected('GET', '/health', res)).toEqual([]);
    expect(validateInjected('GET', '/health', { ...res, body: '{"status":"fine","database":"ok"}' })).not.toEqual([]);
  });
});
