import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { listOperations } from '../helpers/contract';

/** '/x/{id}/' and '/x/:patientId/' both become '/x/{}/' (parameter names may differ). */
const shape = (path: string) => path.replace(/\{[^}/]+\}/g, '{}').replace(/:[^/]+/g, '{}');
const key = (method: string, path: string) => `${method.toUpperCase()} ${shape(path)}`;

/** The operations this issue delivers: they must be served. */
const REQUIRED = [
  'POST /auth/token',
  'POST /auth/revoke',
  'GET /project_auth/profile/',
  'POST /project_auth/api/v1/cadastro/',
  'GET /project_auth/api/v1/list_specialty/',
  'GET /project_auth/api/v1/secretaria_convite/{token}',
  'POST /project_auth/api/v1/secretaria_convite/{token}',
  'GET /health',
  // Issue 3: patients, lookups and the medics list.
  'GET /project_auth/api/v1/list_medic/',
  'GET /surgery/api/v1/healthplan/',
  'GET /surgery/api/v1/hospital/',
  // Issue 33 item 1: the office's own hospitals.
  'POST /surgery/api/v1/hospital/',
  'GET /surgery/api/v1/procedure/',
  'GET /surgery/api/v1/cid/',
  'GET /surgery/api/v1/patient/',
  'GET /surgery/api/v1/patient/{id}/',
  'POST /surgery/api/v1/add_paciente/',
  'PUT /surgery/api/v1/update_patient/{id}/',
  'DELETE /surgery/api/v1/update_patient/{id}/',
  'GET /surgery/api/v1/patient/{id}/foto/',
  // Issue 3: surgeries (create, list, read) and their signed document links.
  'POST /surgery/api/v1/create_surgery/',
  'GET /surgery/api/v1/surgery/',
  'GET /surgery/api/v1/surgery/{id}/',
  'GET /surgery/api/v1/surgery/{id}/documents/{kind}/',
  // Issue 4: the lifecycle, its documents and templates.
  'PUT /surgery/api/v1/update/{id}/',
  'PUT /surgery/api/v1/archive_surgery/{id}/',
  'PUT /surgery/api/v1/cancel_surgery/{id}/',
  'PUT /surgery/api/v1/include_surgery_files/{id}/',
  'GET /surgery/api/v1/surgery/{id}/reusable_documents/',
  'POST /surgery/api/v1/surgery/{id}/reuse_document/',
  // Issue 33 item 10: several files per document, named documents' files, one file removed or opened alone.
  'POST /surgery/api/v1/surgery/{id}/named_documents/',
  'DELETE /surgery/api/v1/surgery/{id}/document_files/{fileId}/',
  'GET /surgery/api/v1/surgery/{id}/document_files/{fileId}/',
  'GET /surgery/api/v1/approvals/{id}/',
  'GET /surgery/api/v1/download/{kind}/{surgeryId}/',
  // Issue 5: the account (settings, password, secretaries), the dashboard and the calendar's month.
  'GET /project_auth/api/v1/settings/',
  'PUT /project_auth/api/v1/settings/',
  'POST /project_auth/api/v1/change_password/',
  'POST /project_auth/api/v1/password_reset/',
  'GET /project_auth/api/v1/password_reset/{token}',
  'POST /project_auth/api/v1/password_reset/{token}',
  'GET /project_auth/api/v1/account/',
  'PUT /project_auth/api/v1/account/',
  'GET /project_auth/api/v1/devices/',
  'DELETE /project_auth/api/v1/devices/others/',
  'DELETE /project_auth/api/v1/devices/{id}/',
  'POST /project_auth/api/v1/create_secretary/',
  'DELETE /project_auth/api/v1/remove_secretary/{id}',
  'GET /surgery/api/v1/dashboard/',
  'GET /surgery/api/v1/schedule_days/',
  // Issue 11: the medic's first steps.
  'GET /project_auth/api/v1/getting_started/',
  // Issue 35 item 3: two-factor sign-in.
  'POST /auth/mfa/associate',
  'GET /project_auth/api/v1/two_factor/',
  'POST /project_auth/api/v1/two_factor/setup/',
  'POST /project_auth/api/v1/two_factor/confirm/',
  'POST /project_auth/api/v1/two_factor/disable/',
  'PUT /project_auth/api/v1/two_factor/secretaries/',
  // Issue 11 item 13: the profile photo.
  'PUT /project_auth/api/v1/profile_photo/',
  'DELETE /project_auth/api/v1/profile_photo/',
  'GET /project_auth/api/v1/profile_photo/{userId}/{version}/',
  // Issue 13: authorization records and their alerts.
  'GET /surgery/api/v1/surgery/{id}/authorizations/',
  'PUT /surgery/api/v1/surgery/{id}/authorizations/{payer}/',
  'GET /surgery/api/v1/authorization_alerts/',
  // Issue 13 item 2: document checklists and sendings.
  'GET /surgery/api/v1/document_requirements/',
  'GET /surgery/api/v1/document_requirements/{scope}/{id}/',
  'PUT /surgery/api/v1/document_requirements/{scope}/{id}/',
  // Issue 33 item 10f: an office's own hospital and plan templates.
  'GET /surgery/api/v1/document_requirements/{scope}/{id}/template/',
  'PUT /surgery/api/v1/document_requirements/{scope}/{id}/template/',
  'DELETE /surgery/api/v1/document_requirements/{scope}/{id}/template/',
  'GET /surgery/api/v1/document_requirements/{scope}/{id}/template/file/',
  'GET /surgery/api/v1/surgery/{id}/checklist/',
  'PUT /surgery/api/v1/surgery/{id}/checklist/',
  'GET /surgery/api/v1/surgery/{id}/dispatches/',
  'POST /surgery/api/v1/surgery/{id}/dispatches/',
  // Issue 13 item 4: stage targets and case holders.
  'GET /project_auth/api/v1/stage_targets/',
  'PUT /project_auth/api/v1/stage_targets/',
  'GET /surgery/api/v1/surgery/{id}/holders/',
  // Issue 33 item 7: the case's history.
  'GET /surgery/api/v1/surgery/{id}/history/',
  'PUT /surgery/api/v1/surgery/{id}/holder/',
  // Issue 33 item 13: cases handed over, on the receiver's home.
  'GET /surgery/api/v1/handovers/',
  'POST /surgery/api/v1/handovers/{id}/dismiss/',
  // Issue 13 item 3: the OPME materials of a case.
  'GET /surgery/api/v1/surgery/{id}/opme/',
  'POST /surgery/api/v1/surgery/{id}/opme/',
  'PUT /surgery/api/v1/surgery/{id}/opme/{itemId}/',
  'DELETE /surgery/api/v1/surgery/{id}/opme/{itemId}/',
  // Issue 40: the installation's backups, on the medic's settings and home.
  'GET /surgery/api/v1/backup_status/',
];

let t: TestApp;
const served = new Set<string>();

beforeAll(async () => {
  t = await buildTestApp({
    seedLookups: false,
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) served.add(key(method, route.url));
    },
  });
});

afterAll(async () => {
  await t?.close();
});

describe('routes served versus openapi/openapi.yaml', () => {
  it('serves every operation of this issue', () => {
    const missing = REQUIRED.filter((operation) => {
      const [method, path] = operation.split(' ') as [string, string];
      return !served.has(key(method, path));
    });
    expect(missing).toEqual([]);
  });

  it('serves GET /openapi.json (outside the contract itself)', () => {
    expect(served.has('GET /openapi.json')).toBe(true);
  });

  it('lists the contract operations not served yet (the remaining gap)', () => {
    const operations = listOperations();
    const notServed = operations.filter((op) => !served.has(key(op.method, op.path)));
    console.log(
      `Operações do contrato ainda não servidas: ${notServed.length} de ${operations.length}\n` +
        notServed.map((op) => `  ${op.method.padEnd(6)} ${op.path}  (${op.operationId})`).join('\n'),
    );
    // Every served API route is documented (no route outside the contract, apart from the docs and the SPA).
    const documented = new Set(operations.map((op) => key(op.method, op.path)));
    const undocumented = [...served].filter((route) => {
      const [method, path] = route.split(' ') as [string, string];
      if (method === 'HEAD' || method === 'OPTIONS') return false;
      if (path === '/openapi.json' || path.startsWith('/docs') || path === '/*') return false;
      return !documented.has(route);
    });
    expect(undocumented).toEqual([]);
  });
});
