import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opmeItems, opmeQuotes, surgeries } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, surgeryRow, type SurgeryOverrides } from '../helpers/clinical-fixtures';
import { validateInjected } from '../helpers/contract';
import { authHeader, type TestAccount } from '../helpers/fixtures';
import { SURGERY_NOT_FOUND } from '../helpers/spec-texts';
import { signInTenants } from '../helpers/tenants';

/**
 * The OPME materials of a case (DECISIONS §15; openapi listOpmeItems, createOpmeItem, updateOpmeItem,
 * deleteOpmeItem): the list with its quotes and totals, each rule of the item (at least three suppliers, CFM
 * 1.956/2010; the chosen one quoted; the per-item authorization), bad input 400 with nothing written, the case
 * version bumped by every write, tenancy 404, 401; and the rule that the OPME approval is 'aprovada' only when every
 * item is decided, through update/{id}/. Every answer is checked against openapi.yaml.
 */

const ITEMS_UNDECIDED = 'Decida a autorização de todos os itens de OPME (autorizado, parcial ou negado) antes de aprovar a OPME.';
const APPROVED_NEEDS_DECISION = 'A OPME já está aprovada: informe a autorização deste item (autorizado, parcial ou negado).';
const TOO_FEW = 'Informe pelo menos três fornecedores ou marcas (Resolução CFM 1.956/2010).';
const ITEM_NOT_FOUND = 'Item de OPME não encontrado.';

let t: TestApp;
let medic: TestAccount;
let medicToken: string;
let secretaryToken: string;
let otherMedicToken: string;
let unlinkedSecretaryToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ medic, medicToken, secretaryToken, otherMedicToken, unlinkedSecretaryToken } = await signInTenants(t));
});
afterAll(async () => {
  await t?.close();
});

async function newCase(overrides: SurgeryOverrides = {}) {
  const patient = await insertPatient(t.deps.db, medic.id);
  return insertSurgery(t.deps.db, patient, { status: 'autorizacao', opme: true, ...overrides });
}

const suppliers = [
  { supplier: 'Ortomed', brand: 'Synthes', unit_price: 1250.5 },
  { supplier: 'Cirúrgica Sul', brand: 'Stryker', unit_price: null },
  { supplier: 'MedPlus', brand: null, unit_price: 980 },
];
const plate = { description: 'Placa de titânio 4 furos', quantity: 3, suppliers };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(method: Method, url: string, token: string | null = secretaryToken, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: token ? authHeader(token) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  expect(validateInjected(method, url, res), res.body).toEqual([]);
  return res;
}

const listUrl = (id: number | string) => `/surgery/api/v1/surgery/${id}/opme/`;
const itemUrl = (id: number | string, itemId: number | string) => `/surgery/api/v1/surgery/${id}/opme/${itemId}/`;

/** What is stored for a case: its items and quotes, and its row (version included). */
async function stored(id: number) {
  const items = await t.deps.db.select().from(opmeItems).where(eq(opmeItems.surgeryId, id)).orderBy(asc(opmeItems.position));
  const quotes = [];
  for (const item of items) quotes.push(...(await t.deps.db.select().from(opmeQuotes).where(eq(opmeQuotes.itemId, item.id)).orderBy(asc(opmeQuotes.position))));
  return { items, quotes, row: await surgeryRow(t.deps.db, id) };
}

describe('the OPME list', () => {
  it('starts empty, and lists what was added in order with quotes and the chosen totals', async () => {
    const surgery = await newCase();
    const empty = await call('GET', listUrl(surgery.id));
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ results: [], chosen_total: null, undecided: 0, version: surgery.version });

    const created = await call('POST', listUrl(surgery.id), secretaryToken, { ...plate, chosen: 0 });
    expect(created.statusCode).toBe(201);
    const screws = { description: 'Parafuso cortical', quantity: 10, suppliers: suppliers.map((s) => ({ ...s, unit_price: 12.35 })), chosen: 2, decision: 'autorizado' };
    const second = await call('POST', listUrl(surgery.id), medicToken, screws);
    const body = second.json();
    expect(body).toMatchObject({
      results: [
        {
          description: 'Placa de titânio 4 furos',
          quantity: 3,
          suppliers: [
            { supplier: 'Ortomed', brand: 'Synthes', unit_price: 1250.5 },
            { supplier: 'Cirúrgica Sul', brand: 'Stryker', unit_price: null },
            { supplier: 'MedPlus', brand: null, unit_price: 980 },
          ],
          chosen: 0,
          decision: null,
          authorized_quantity: null,
          chosen_total: 3751.5,
        },
        { description: 'Parafuso cortical', chosen: 2, decision: 'autorizado', authorized_quantity: 10, chosen_total: 123.5 },
      ],
      chosen_total: 3875,
      undecided: 1,
      version: surgery.version + 2,
    });
    expect((await call('GET', listUrl(surgery.id), medicToken)).json()).toEqual(body);
    const { items, quotes } = await stored(surgery.id);
    expect(items.map((item) => item.position)).toEqual([0, 1]);
    expect(quotes.filter((quote) => quote.itemId === items[0]!.id).map((quote) => quote.unitPrice)).toEqual(['1250.50', null, '980.00']);
  });

  it('takes materials from the first step of an active case: the quotes come before the request to the plan (issue 33 #4)', async () => {
    for (const status of ['ind_paciente', 'prep_doc', 'env_doc'] as const) {
      const surgery = await newCase({ status });
      const created = await call('POST', listUrl(surgery.id), secretaryToken, { ...plate, chosen: 0 });
      expect(created.statusCode, status).toBe(201);
      expect(created.json()).toMatchObject({ results: [{ description: 'Placa de titânio 4 furos', chosen_total: 3751.5 }], undecided: 1, version: surgery.version + 1 });
      const [item] = (await stored(surgery.id)).items;
      const edited = await call('PUT', itemUrl(surgery.id, item!.id), medicToken, { ...plate, quantity: 2, chosen: 2 });
      expect(edited.statusCode, status).toBe(200);
      expect(edited.json()).toMatchObject({ results: [{ quantity: 2, chosen_total: 1960 }] });
      expect((await call('DELETE', itemUrl(surgery.id, item!.id), medicToken)).statusCode, status).toBe(200);
    }
  });

  it('replaces an item in its place and deletes one, the next moving up; each write bumps the case version', async () => {
    const surgery = await newCase();
    for (const description of ['Primeiro', 'Segundo', 'Terceiro']) await call('POST', listUrl(surgery.id), secretaryToken, { ...plate, description });
    const [first, second, third] = (await stored(surgery.id)).items;
    const replaced = await call('PUT', itemUrl(surgery.id, second!.id), secretaryToken, {
      description: 'Segundo (trocado)',
      quantity: 5,
      suppliers: [...suppliers, { supplier: 'Quarta Opção', unit_price: 10 }],
      chosen: 3,
      decision: 'parcial',
      authorized_quantity: 2,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().results.map((item: { description: string }) => item.description)).toEqual(['Primeiro', 'Segundo (trocado)', 'Terceiro']);
    // 'Total escolhido' of a partial item: the chosen quote × the authorized quantity (2 × R$ 10), not the 5 asked.
    expect(replaced.json().results[1]).toMatchObject({ id: second!.id, suppliers: { length: 4 }, chosen: 3, decision: 'parcial', authorized_quantity: 2, chosen_total: 20 });
    expect(replaced.json().chosen_total).toBe(20); // the other two have no quote chosen
    const removed = await call('DELETE', itemUrl(surgery.id, first!.id), medicToken);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().results.map((item: { id: number }) => item.id)).toEqual([second!.id, third!.id]);
    const after = await stored(surgery.id);
    expect(after.items.map((item) => item.position)).toEqual([0, 1]);
    expect(after.quotes.filter((quote) => quote.itemId === first!.id)).toEqual([]);
    expect(after.row.version).toBe(surgery.version + 5);
    expect(removed.json().version).toBe(after.row.version);
  });
});

describe('the item rules: 400 with pt-BR messages, nothing written', () => {
  const cases: Array<[string, unknown, string]> = [
    ['two suppliers', { ...plate, suppliers: suppliers.slice(0, 2) }, TOO_FEW],
    ['no suppliers', { description: 'Placa', quantity: 1 }, TOO_FEW],
    ['eleven suppliers', { ...plate, suppliers: Array.from({ length: 11 }, (_, i) => ({ supplier: `F${i}` })) }, 'Informe no máximo 10 fornecedores ou marcas.'],
    ['a repeated supplier and brand', { ...plate, suppliers: [...suppliers.slice(0, 2), { supplier: ' ortomed', brand: 'SYNTHES' }] }, 'Fornecedor e marca repetidos: informe fornecedores ou marcas diferentes.'],
    ['a blank supplier', { ...plate, suppliers: [...suppliers.slice(0, 2), { supplier: '  ' }] }, 'Informe o fornecedor.'],
    ['a price with three decimals', { ...plate, suppliers: [...suppliers.slice(0, 2), { supplier: 'X', unit_price: 1.005 }] }, 'Valor unitário inválido: informe um valor de zero ou mais, com no máximo duas casas decimais.'],
    ['no description', { ...plate, description: '' }, 'Informe a descrição do material.'],
    ['quantity zero', { ...plate, quantity: 0 }, 'Quantidade inválida: informe um número inteiro de 1 a 9999.'],
    ['a chosen supplier without a quote', { ...plate, chosen: 1 }, 'Só é possível escolher um fornecedor que já enviou a cotação.'],
    ['a chosen index out of the list', { ...plate, chosen: 3 }, 'Escolha um dos fornecedores informados.'],
    ['parcial without a quantity', { ...plate, decision: 'parcial' }, 'Informe a quantidade autorizada.'],
    ['parcial with the whole quantity', { ...plate, decision: 'parcial', authorized_quantity: 3 }, 'Na autorização parcial, a quantidade autorizada vai de 1 a 2.'],
    ['autorizado with another quantity', { ...plate, decision: 'autorizado', authorized_quantity: 1 }, 'A quantidade autorizada só se informa na autorização parcial.'],
    ['an unknown decision', { ...plate, decision: 'talvez' }, 'Autorização inválida: os valores aceitos são autorizado, parcial e negado.'],
    ['an unknown field', { ...plate, price: 1 }, 'Campo não reconhecido: price.'],
    ['a JSON array', [plate], 'Dados inválidos.'],
  ];

  it.each(cases)('%s', async (_name, payload, message) => {
    const surgery = await newCase();
    await call('POST', listUrl(surgery.id), secretaryToken, plate);
    const before = await stored(surgery.id);
    const [item] = before.items;
    for (const [method, url] of [['POST', listUrl(surgery.id)], ['PUT', itemUrl(surgery.id, item!.id)]] as const) {
      const res = await call(method, url, secretaryToken, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toContain(message);
    }
    expect(await stored(surgery.id)).toEqual(before);
  });

  it('a case without OPME lists and takes no materials', async () => {
    const surgery = await newCase({ opme: false });
    for (const [method, payload] of [['GET', undefined], ['POST', plate]] as const) {
      const res = await call(method, listUrl(surgery.id), secretaryToken, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: ['Esta cirurgia não usa OPME: não há materiais a informar.'] });
    }
    expect((await stored(surgery.id)).items).toEqual([]);
  });

  it('a closed case\'s materials are read, never written: 409 with its status, nothing written', async () => {
    const surgery = await newCase();
    const created = await call('POST', listUrl(surgery.id), secretaryToken, { ...plate, decision: 'negado' });
    expect(created.statusCode).toBe(201);
    const itemId = (created.json() as { results: Array<{ id: number }> }).results[0]!.id;
    for (const status of ['concluido', 'cancelado', 'arquiv'] as const) {
      await t.deps.db.update(surgeries).set({ status }).where(eq(surgeries.id, surgery.id));
      const before = await stored(surgery.id);
      for (const [method, url, payload] of [
        ['POST', listUrl(surgery.id), plate],
        ['PUT', itemUrl(surgery.id, itemId), { ...plate, quantity: 1, decision: 'negado' }],
        ['DELETE', itemUrl(surgery.id, itemId), undefined],
      ] as const) {
        const res = await call(method, url, secretaryToken, payload);
        expect(res.statusCode, `${method} at ${status}`).toBe(409);
        expect(res.json()).toMatchObject({ status: { actual_status: status } });
      }
      expect(await stored(surgery.id)).toEqual(before);
      expect((await call('GET', listUrl(surgery.id))).statusCode).toBe(200);
    }
  });

  it('an undecided item is refused while the OPME approval is aprovada (the approval and the items never disagree)', async () => {
    const surgery = await newCase({ stepData: { opmeApprovals: 'aprovada' } });
    const refused = await call('POST', listUrl(surgery.id), secretaryToken, plate);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: [APPROVED_NEEDS_DECISION], decision: [APPROVED_NEEDS_DECISION] });
    expect((await stored(surgery.id)).items).toEqual([]);
    const decided = await call('POST', listUrl(surgery.id), secretaryToken, { ...plate, decision: 'negado' });
    expect(decided.statusCode).toBe(201);
    const [item] = (await stored(surgery.id)).items;
    const undo = await call('PUT', itemUrl(surgery.id, item!.id), secretaryToken, plate);
    expect(undo.statusCode).toBe(400);
    expect((await stored(surgery.id)).items[0]!.decision).toBe('negado');
  });
});

describe('the OPME approval through update/{id}/ (DECISIONS §15)', () => {
  const update = (id: number, payload: Record<string, unknown>) => call('PUT', `/surgery/api/v1/update/${id}/`, secretaryToken, payload);

  it('refuses aprovada (save and advance) while an item is undecided; takes it once every item is decided', async () => {
    const surgery = await newCase({ stepData: { hospitalApprovals: 'aprovada' } });
    await call('POST', listUrl(surgery.id), secretaryToken, { ...plate, decision: 'autorizado' });
    await call('POST', listUrl(surgery.id), secretaryToken, { ...plate, description: 'Parafuso' });
    const before = await surgeryRow(t.deps.db, surgery.id);
    for (const body of [
      { new_status: 'autorizacao', opme_approvals: 'aprovada' },
      { new_status: 'agendamento', hospital_approvals: 'aprovada', opme_approvals: 'aprovada' },
    ]) {
      const res = await update(surgery.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: [ITEMS_UNDECIDED] });
    }
    expect(await surgeryRow(t.deps.db, surgery.id)).toEqual(before);
    // Denying it stays possible.
    expect((await update(surgery.id, { new_status: 'autorizacao', opme_approvals: 'negada' })).statusCode).toBe(200);
    const { items } = await stored(surgery.id);
    const decided = await call('PUT', itemUrl(surgery.id, items[1]!.id), secretaryToken, { ...plate, description: 'Parafuso', decision: 'parcial', authorized_quantity: 1 });
    expect(decided.json().undecided).toBe(0);
    const moved = await update(surgery.id, { new_status: 'agendamento', opme_approvals: 'aprovada' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'agendamento' });
  });

  it('a case whose materials are not listed keeps SPEC’s toggle', async () => {
    const surgery = await newCase();
    const res = await update(surgery.id, { new_status: 'autorizacao', opme_approvals: 'aprovada' });
    expect(res.statusCode).toBe(200);
  });
});

describe('tenancy and authentication', () => {
  it('another tenant’s case is 404, and an item of another case too, nothing written', async () => {
    const surgery = await newCase();
    await call('POST', listUrl(surgery.id), secretaryToken, plate);
    const other = await newCase();
    await call('POST', listUrl(other.id), secretaryToken, plate);
    const before = await stored(surgery.id);
    const [item] = before.items;
    for (const token of [otherMedicToken, unlinkedSecretaryToken]) {
      for (const [method, url, payload] of [
        ['GET', listUrl(surgery.id), undefined],
        ['POST', listUrl(surgery.id), plate],
        ['PUT', itemUrl(surgery.id, item!.id), plate],
        ['DELETE', itemUrl(surgery.id, item!.id), undefined],
      ] as const) {
        const res = await call(method, url, token, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual(SURGERY_NOT_FOUND);
      }
    }
    for (const [method, payload] of [['PUT', plate], ['DELETE', undefined]] as const) {
      const res = await call(method, itemUrl(other.id, item!.id), secretaryToken, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: [ITEM_NOT_FOUND] });
    }
    expect((await call('GET', listUrl('abc'))).statusCode).toBe(404);
    expect((await call('DELETE', itemUrl(surgery.id, 'x'))).statusCode).toBe(404);
    expect(await stored(surgery.id)).toEqual(before);
  });

  it('answers 401 without a token, whatever the body', async () => {
    const surgery = await newCase();
    for (const [method, url, payload] of [
      ['GET', listUrl(surgery.id), undefined],
      ['POST', listUrl(surgery.id), { nonsense: true }],
      ['PUT', itemUrl(surgery.id, 1), plate],
      ['DELETE', itemUrl(surgery.id, 1), undefined],
    ] as const) {
      expect((await call(method, url, null, payload)).statusCode).toBe(401);
    }
  });
});
