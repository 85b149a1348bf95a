import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analiseContaForLot, buildAnaliseContaMessage, buildPagamentoMessage, pagamentoForAnalise } from '../../machines/tiss/statementWriters';
import type { AnaliseContaStatement } from '../../machines/tiss/statementTypes';
import { tissMessageBytes } from '../../machines/tiss/tissXml';
import type { HonorariosGuide } from '../../machines/tiss/types';
import {
  auditEvents,
  healthPlans,
  patientPlanCards,
  procedures,
  surgeries,
  surgeryAuthorizations,
  surgeryGlosas,
  surgeryReceipts,
  tissGuides,
  tissStatementFiles,
  tissStatementLots,
  tissStatements,
} from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds } from '../helpers/clinical-fixtures';
import { validateInjected } from '../helpers/contract';
import { authHeader, type TestAccount } from '../helpers/fixtures';
import { signInTenants } from '../helpers/tenants';

/**
 * The plans' statements read back (issue 38; openapi previewTissStatement, importTissStatement, listTissStatements):
 * a lot of three cases generated and sent as in part 1, then the plan's analysis (glosas with TISS codes) and payment
 * (one deposit, taxes withheld) written with machines/tiss/statementWriters.ts and uploaded as the secretary would.
 * The preview writes nothing; the import posts exactly what it showed, once; a guide billed outside the product is
 * found by card, day and procedure; a statement of another provider, a bad file, another tenant: refused, nothing
 * written. Today is 2026-03-20 on the app's clock.
 */

const TODAY = '2026-03-20';
const HOSPITAL_CNPJ = '11.222.333/0001-81';
const CODE_AT_PLAN = '000777';
const URL = '/surgery/api/v1/tiss/statements/';

let t: TestApp;
let medic: TestAccount;
let otherMedic: TestAccount;
let medicToken: string;
let otherMedicToken: string;
let secretaryToken: string;
let plan: number;
let planRegistry: string;
let tussProcedures: number[];
let cases: Array<{ id: number }>;
let lotGuides: HonorariosGuide[];
let lotNumber: string;
let analysis: AnaliseContaStatement;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.now = new Date(`${TODAY}T15:00:00Z`);
  ({ medic, otherMedic, medicToken, otherMedicToken, secretaryToken } = await signInTenants(t, { crm: '123456' }));
  const ids = await lookupIds(t.deps.db);
  plan = ids.healthPlanIds[0]!;
  [{ registry: planRegistry }] = (await t.deps.db.select({ registry: healthPlans.ansRegistry }).from(healthPlans).where(eq(healthPlans.id, plan))) as [
    { registry: string },
  ];
  tussProcedures = (
    await t.deps.db.select({ id: procedures.id }).from(procedures).where(eq(procedures.table, 'tuss')).orderBy(asc(procedures.id)).limit(2)
  ).map((row) => row.id);
  const profile = await json('PUT', '/project_auth/api/v1/billing_profile/', medicToken, {
    council: '06', council_number: '123456', council_uf: 'SP', cbo: '225225', cnes: null, company_cnpj: null, company_name: null,
    plans: [{ health_plan_id: plan, bills_as: 'cpf', provider_code: CODE_AT_PLAN }],
  });
  expect(profile.statusCode).toBe(200);

  // Part 1: three cases carried out, their guides generated, one lot sent with the plan's protocol.
  cases = [];
  const guideIds: number[] = [];
  for (const name of ['Maria Conceição', 'José Ninguém', 'Ana Maria Ó']) {
    const surgery = await readyCase(name);
    cases.push(surgery);
    const fill = await json('PUT', `/surgery/api/v1/surgery/${surgery.id}/tiss_guide/`, secretaryToken, {
      lines: [
        { quantity: 1, unit_cents: 250_000, factor_hundredths: 100, access_route: '1', technique: '2' },
        { quantity: 1, unit_cents: 100_000, factor_hundredths: 70, access_route: '2', technique: null },
      ],
      note: null, hospital_cnpj: HOSPITAL_CNPJ, hospital_cnes: '1234567',
    });
    expect(fill.statusCode, fill.body).toBe(200);
    const generated = await json('POST', `/surgery/api/v1/surgery/${surgery.id}/tiss_guide/generate/`, secretaryToken);
    expect(generated.statusCode, generated.body).toBe(200);
    guideIds.push(generated.json().guides[0].id);
  }
  const lot = await json('POST', `/surgery/api/v1/tiss/lots/?medic=${medic.id}`, secretaryToken, { health_plan_id: plan, guide_ids: guideIds });
  expect(lot.statusCode, lot.body).toBe(201);
  lotNumber = String(lot.json().number);
  const sent = await json('PUT', `/surgery/api/v1/tiss/lots/${lot.json().id}/sent/`, medicToken, { sent_on: '2026-03-10', protocol: '4455' });
  expect(sent.statusCode, sent.body).toBe(200);
  lotGuides = (await t.deps.db.select({ content: tissGuides.content }).from(tissGuides).where(inArray(tissGuides.id, guideIds)).orderBy(asc(tissGuides.id))).map(
    (row) => row.content,
  );
  analysis = analiseContaForLot(
    { sender: { kind: 'codeAtPlan', code: CODE_AT_PLAN }, planAnsRegistry: planRegistry, transaction: { sequence: '1', date: TODAY, time: '10:00:00' }, lotNumber, guides: lotGuides },
    {
      statementNumber: 'AC-2026-03', planName: 'Plano', planCnpj: '11222333000181', issuedOn: '2026-03-18', protocolNumber: '4455', protocolDate: '2026-03-10',
      glosas: [
        { providerGuideNumber: lotGuides[0]!.providerGuideNumber, sequence: 1, code: '1714', cents: 30_000 },
        { providerGuideNumber: lotGuides[0]!.providerGuideNumber, sequence: 2, code: '1402', cents: 10_000 },
        { providerGuideNumber: lotGuides[1]!.providerGuideNumber, sequence: 1, code: '1714', cents: 5_000 },
      ],
    },
  );
});
afterAll(async () => {
  await t?.close();
});

async function json(method: 'GET' | 'PUT' | 'POST', url: string, token: string | null, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: token ? authHeader(token) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  expect(validateInjected(method, url, res), res.body).toEqual([]);
  return res;
}

/** Uploads `file` as the 'Importar demonstrativo' form does (multipart, one part `file`). */
async function upload(url: string, token: string, file: Uint8Array | string) {
  const boundary = 'statementBoundary0123456789';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="demonstrativo.xml"\r\nContent-Type: application/xml\r\n\r\n`),
    Buffer.from(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST', url, headers: { ...authHeader(token), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body,
  });
  expect(validateInjected('POST', url, res), res.body).toEqual([]);
  return res;
}

async function readyCase(name: string) {
  const patient = await insertPatient(t.deps.db, medic.id, { nomeCompleto: name });
  const surgery = await insertSurgery(t.deps.db, patient, {
    status: 'pagamento', paymentFountains: 'plano_saude', healthPlanId: plan, feesPayments: '3200.00', procedureIds: tussProcedures,
    stepData: { accomplishment: '2026-03-02' },
  });
  await t.deps.db.insert(surgeryAuthorizations).values({ surgeryId: surgery.id, payer: 'plano', status: 'aprovada', protocol: `INT-${surgery.id}`, password: `S${surgery.id}` });
  await t.deps.db.insert(patientPlanCards).values({ patientId: patient.id, healthPlanId: plan, cardNumber: `0099${surgery.id}` });
  return surgery;
}

const analiseFile = (statement: AnaliseContaStatement, over: { code?: string } = {}) =>
  tissMessageBytes(
    buildAnaliseContaMessage({
      planAnsRegistry: planRegistry,
      addressee: { kind: 'codeAtPlan', code: over.code ?? CODE_AT_PLAN },
      transaction: { sequence: '9001', date: '2026-03-18', time: '09:00:00' },
      statements: [over.code ? { ...statement, provider: { ...statement.provider, id: { kind: 'codeAtPlan', code: over.code } } } : statement],
    }),
  );

async function written() {
  const [files] = await t.deps.db.select({ n: count() }).from(tissStatementFiles);
  const [glosas] = await t.deps.db.select({ n: count() }).from(surgeryGlosas).where(isNotNull(surgeryGlosas.tissStatementId));
  const [receipts] = await t.deps.db.select({ n: count() }).from(surgeryReceipts).where(isNotNull(surgeryReceipts.tissStatementId));
  return { files: files!.n, glosas: glosas!.n, receipts: receipts!.n };
}

describe('importing a demonstrativo de análise de conta', () => {
  it('previews the glosas per case with their TISS codes, writes nothing; the import posts them once', async () => {
    const file = analiseFile(analysis);
    const before = await written();
    const preview = await upload(`${URL}preview/?medic=${medic.id}`, secretaryToken, file);
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body).toMatchObject({ kind: 'analise', medic_id: medic.id, hash_valid: true, discrepancies: [] });
    const [statement] = body.statements;
    expect(statement).toMatchObject({ number: 'AC-2026-03', issued_on: '2026-03-18', imported_at: null, plan: { id: plan, ans_registry: planRegistry } });
    expect(statement.totals).toEqual({ guides: 3, unmatched: 0, receipts_cents: 0, glosas_cents: 45_000 });
    const first = statement.guides[0];
    expect(first).toMatchObject({ match: 'guide_number', surgery_id: cases[0]!.id, patient_name: 'Maria Conceição', posts: true, lot_number: lotNumber });
    expect(first.billed_cents).toBe(first.informed_cents);
    expect(first.glosas).toEqual([
      { code: '1714', description: 'Valor do serviço superior ao valor de tabela', amount_cents: 30_000, note: null },
      { code: '1402', description: 'Procedimento não autorizado', amount_cents: 10_000, note: null },
    ]);
    // A guide paid in full: matched, nothing to post.
    expect(statement.guides[2]).toMatchObject({ surgery_id: cases[2]!.id, glosas: [], posts: false });
    expect(await written()).toEqual(before);

    const imported = await upload(`${URL}?medic=${medic.id}`, secretaryToken, file);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().statements[0].imported_at).not.toBeNull();
    const glosas = await t.deps.db
      .select({ surgeryId: surgeryGlosas.surgeryId, code: surgeryGlosas.reasonCode, cents: surgeryGlosas.amountCents, on: surgeryGlosas.glosaOn, deadline: surgeryGlosas.appealDeadline })
      .from(surgeryGlosas)
      .where(isNotNull(surgeryGlosas.tissStatementId))
      .orderBy(asc(surgeryGlosas.id));
    expect(glosas).toEqual([
      { surgeryId: cases[0]!.id, code: '1714', cents: 30_000, on: '2026-03-18', deadline: '2026-04-17' },
      { surgeryId: cases[0]!.id, code: '1402', cents: 10_000, on: '2026-03-18', deadline: '2026-04-17' },
      { surgeryId: cases[1]!.id, code: '1714', cents: 5_000, on: '2026-03-18', deadline: '2026-04-17' },
    ]);
    // The case's ledger follows: 'Em aberto' is the fee less the glosas in dispute.
    const ledger = (await json('GET', `/surgery/api/v1/surgery/${cases[0]!.id}/ledger/`, medicToken)).json();
    expect(ledger).toMatchObject({ disputed_cents: 40_000, open_cents: ledger.expected_cents - 40_000 });
    // The dashboard follows: the glosas by TISS reason, from the same rows.
    const money = (await json('GET', '/surgery/api/v1/dashboard/?period=all', medicToken)).json().money;
    expect(money.glosas_by_reason).toEqual([
      { code: '1714', name: 'Valor do serviço superior ao valor de tabela', glosas: 2, glosa: 350 },
      { code: '1402', name: 'Procedimento não autorizado', glosas: 1, glosa: 100 },
    ]);
    // The lot records the statement.
    const links = await t.deps.db.select({ statementId: tissStatementLots.statementId }).from(tissStatementLots);
    expect(links).toHaveLength(1);

    // The same file again: 409, nothing twice.
    const again = await upload(`${URL}?medic=${medic.id}`, medicToken, file);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual(['Este demonstrativo já foi importado em 20/03/2026: nada foi lançado de novo.']);
    const after = await written();
    expect(after.glosas).toBe(3);
    const seenAgain = (await upload(`${URL}preview/?medic=${medic.id}`, medicToken, file)).json().statements[0];
    expect(seenAgain.imported_at).not.toBeNull();
    // Shown as it was posted: its glosas are in the balance already, not "above the open balance".
    expect(seenAgain.guides[0]).toMatchObject({ posts: true, notes: [] });
    const list = (await json('GET', `${URL}?medic=${medic.id}`, secretaryToken)).json().results;
    expect(list).toEqual([expect.objectContaining({ kind: 'analise', number: 'AC-2026-03', guides: 3, unmatched: 0, receipts_cents: 0, glosas_cents: 45_000 })]);
  });

  it('finds a guide billed outside the product by card, day and procedure; names the guides it cannot find', async () => {
    const outside = await readyCase('Paula Fora');
    const [card] = await t.deps.db.select({ card: patientPlanCards.cardNumber }).from(patientPlanCards).innerJoin(surgeries, eq(surgeries.patientId, patientPlanCards.patientId)).where(eq(surgeries.id, outside.id));
    const template = analysis.protocols[0]!.guides[2]!;
    const statement: AnaliseContaStatement = {
      ...analysis,
      header: { ...analysis.header, statementNumber: 'AC-2026-03B' },
      protocols: [
        {
          ...analysis.protocols[0]!,
          guides: [
            { ...template, providerGuideNumber: 'PAPEL-17', cardNumber: card!.card, glosaCents: null },
            { ...template, providerGuideNumber: 'PAPEL-18', cardNumber: '77777777' },
          ],
        },
      ],
    };
    const body = (await upload(`${URL}preview/?medic=${medic.id}`, medicToken, analiseFile(statement))).json();
    const [found, lost] = body.statements[0].guides;
    expect(found).toMatchObject({ guide_number: 'PAPEL-17', match: 'card_date_procedure', surgery_id: outside.id, billed_cents: null });
    expect(lost).toMatchObject({ guide_number: 'PAPEL-18', match: null, surgery_id: null, posts: false });
    expect(lost.notes).toEqual(['Nenhuma cirurgia encontrada pelo número da guia, nem pela carteira, data e procedimento.']);
    expect(body.statements[0].totals.unmatched).toBe(1);
  });
});

describe('two imports of one statement at once', () => {
  it('posts it once: one 201, one 409', async () => {
    const statement = analiseContaForLot(
      { sender: { kind: 'codeAtPlan', code: CODE_AT_PLAN }, planAnsRegistry: planRegistry, transaction: { sequence: '2', date: TODAY, time: '10:00:00' }, lotNumber, guides: lotGuides },
      {
        statementNumber: 'AC-2026-04', planName: 'Plano', planCnpj: '11222333000181', issuedOn: '2026-03-19', protocolNumber: '4455', protocolDate: '2026-03-10',
        glosas: [{ providerGuideNumber: lotGuides[2]!.providerGuideNumber, sequence: 1, code: '1402', cents: 1_234 }],
      },
    );
    const file = analiseFile(statement);
    const before = await written();
    const answers = await Promise.all([upload(URL, medicToken, file), upload(`${URL}?medic=${medic.id}`, secretaryToken, file)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect((await written()).glosas).toBe(before.glosas + 1);
  });
});

describe('importing a demonstrativo de pagamento', () => {
  it('one deposit becomes one receipt per case with the same reference, the withholdings split to the centavo', async () => {
    const payment = pagamentoForAnalise(analysis, {
      statementNumber: 'PG-2026-03', issuedOn: '2026-03-19',
      payment: { paidOn: '2026-03-19', method: '1', bank: '341', branch: '0001', account: '12345-6' },
      debitsCredits: [
        { indicator: '1', type: '01', description: 'IRRF', cents: 12_345 },
        { indicator: '1', type: '02', description: 'ISS', cents: 4_001 },
      ],
    });
    const file = tissMessageBytes(
      buildPagamentoMessage({ planAnsRegistry: planRegistry, addressee: { kind: 'codeAtPlan', code: CODE_AT_PLAN }, transaction: { sequence: '9002', date: '2026-03-19', time: '09:00:00' }, statement: payment }),
    );
    const res = await upload(`${URL}?medic=${medic.id}`, secretaryToken, file);
    expect(res.statusCode, res.body).toBe(201);
    const guides = res.json().statements[0].guides as Array<{ surgery_id: number; released_cents: number; receipts: Array<{ amount_cents: number; withholding_cents: number; deposit_reference: string }> }>;
    const released = analysis.protocols[0]!.guides.map((guide) => guide.releasedCents);
    expect(guides.map((guide) => guide.released_cents)).toEqual(released);
    expect(guides.flatMap((guide) => guide.receipts).reduce((sum, receipt) => sum + receipt.withholding_cents, 0)).toBe(16_346);
    // Each tax on its own, split to the centavo: IRRF 123,45 and ISS 40,01 over the three receipts.
    const stored = await t.deps.db
      .select({ irrf: surgeryReceipts.irrfCents, iss: surgeryReceipts.issCents, pcc: surgeryReceipts.pisCofinsCsllCents, document: surgeryReceipts.payerDocument })
      .from(surgeryReceipts)
      .where(isNotNull(surgeryReceipts.tissStatementId));
    expect(stored.reduce((sum, row) => sum + row.irrf, 0)).toBe(12_345);
    expect(stored.reduce((sum, row) => sum + row.iss, 0)).toBe(4_001);
    expect(stored.every((row) => row.pcc === 0 && row.document === '11222333000181')).toBe(true);
    // 'Relatório para o contador' reads them as the plan's: its CNPJ, the gross, each tax, the net.
    const report = (await json('GET', '/surgery/api/v1/income_report/?year=2026&month=3', medicToken)).json();
    const payer = report.months[0].companies.payers.find((row: { cnpj: string | null }) => row.cnpj === '11222333000181');
    const gross = released.reduce((sum, cents) => sum + cents, 0);
    expect(payer).toMatchObject({ receipts: 3, gross_cents: gross, irrf_cents: 12_345, iss_cents: 4_001, pis_cofins_csll_cents: 0, net_cents: gross - 16_346 });
    const receipts = await t.deps.db
      .select({ surgeryId: surgeryReceipts.surgeryId, cents: surgeryReceipts.amountCents, on: surgeryReceipts.receivedOn, reference: surgeryReceipts.depositReference })
      .from(surgeryReceipts)
      .where(isNotNull(surgeryReceipts.tissStatementId))
      .orderBy(asc(surgeryReceipts.surgeryId));
    expect(receipts.map((receipt) => [receipt.surgeryId, receipt.cents, receipt.on])).toEqual(cases.map((surgery, index) => [surgery.id, released[index], '2026-03-19']));
    expect(new Set(receipts.map((receipt) => receipt.reference))).toEqual(new Set(['Demonstrativo PG-2026-03, pagamento de 19/03/2026 (341/0001/12345-6)']));
    // SPEC's payment fields follow the receipts.
    const [row] = await t.deps.db.select({ done: surgeries.paymentDone, on: surgeries.datePayment }).from(surgeries).where(eq(surgeries.id, cases[2]!.id));
    expect(row).toEqual({ done: (released[2]! / 100).toFixed(2), on: '2026-03-19' });

    // The deposit and the cases it paid.
    const listed = (await json('GET', `${URL}?medic=${medic.id}`, secretaryToken)).json().results as Array<{ id: number; number: string }>;
    const id = listed.find((row) => row.number === 'PG-2026-03')!.id;
    const detail = (await json('GET', `${URL}${id}/?medic=${medic.id}`, secretaryToken)).json();
    expect(detail).toMatchObject({ kind: 'pagamento', number: 'PG-2026-03', lots: [{ number: Number(lotNumber) }], glosas: [] });
    expect(detail.receipts.map((receipt: { surgery_id: number; patient_name: string; amount_cents: number }) => [receipt.surgery_id, receipt.patient_name, receipt.amount_cents])).toEqual(
      cases.map((surgery, index) => [surgery.id, ['Maria Conceição', 'José Ninguém', 'Ana Maria Ó'][index], released[index]]),
    );
    // Another office's statement: 404.
    const foreign = await json('GET', `${URL}${id}/`, otherMedicToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: ['Demonstrativo não encontrado.'] });

    // Every case's balance, computed here from the fixture: the fee, less what the plan released (received), less the
    // glosas of the analyses (in dispute: no appeal yet): AC-2026-03's and AC-2026-04's.
    const glosasByGuide = [30_000 + 10_000, 5_000, 1_234];
    for (const [index, surgery] of cases.entries()) {
      const ledger = (await json('GET', `/surgery/api/v1/surgery/${surgery.id}/ledger/`, medicToken)).json();
      expect(ledger.received_cents, `case ${index}`).toBe(released[index]);
      expect(ledger.disputed_cents, `case ${index}`).toBe(glosasByGuide[index]);
      expect(ledger.open_cents, `case ${index}`).toBe(Math.max(0, 320_000 - released[index]! - glosasByGuide[index]!));
    }
  });

  it('never posts the same payment twice: the plan\'s same deposit under another statement number is shown, not posted', async () => {
    const payment = pagamentoForAnalise(analysis, {
      statementNumber: 'PG-2026-03-BIS', issuedOn: '2026-03-20', payment: { paidOn: '2026-03-19', method: '1', bank: null, branch: null, account: null },
    });
    const file = tissMessageBytes(
      buildPagamentoMessage({ planAnsRegistry: planRegistry, addressee: { kind: 'codeAtPlan', code: CODE_AT_PLAN }, transaction: { sequence: '9004', date: '2026-03-20', time: '09:00:00' }, statement: payment }),
    );
    const before = await written();
    const res = await upload(`${URL}?medic=${medic.id}`, secretaryToken, file);
    expect(res.statusCode, res.body).toBe(201);
    const [statement] = res.json().statements;
    expect(statement.totals).toMatchObject({ guides: 3, unmatched: 0, receipts_cents: 0 });
    expect(statement.guides[0]).toMatchObject({ surgery_id: cases[0]!.id, posts: false });
    expect(statement.guides[0].notes[0]).toMatch(/^Não lançado: a cirurgia já tem um recebimento de R\$ [\d.,]+ em 19\/03\/2026 \(Demonstrativo PG-2026-03, pagamento de 19\/03\/2026/);
    expect((await written()).receipts).toBe(before.receipts);
  });

  it('writes nothing when the import fails halfway (a crash between the first and the last write)', async () => {
    // Amounts other than the deposit already imported (the same payment again would not be posted at all).
    const lower = { ...analysis, protocols: analysis.protocols.map((protocol) => ({ ...protocol, guides: protocol.guides.map((guide) => ({ ...guide, releasedCents: guide.releasedCents - 100 })) })) };
    const payment = pagamentoForAnalise(lower, {
      statementNumber: 'PG-2026-03-X', issuedOn: '2026-03-19', payment: { paidOn: '2026-03-19', method: '1', bank: null, branch: null, account: null },
    });
    const file = tissMessageBytes(
      buildPagamentoMessage({ planAnsRegistry: planRegistry, addressee: { kind: 'codeAtPlan', code: CODE_AT_PLAN }, transaction: { sequence: '9003', date: '2026-03-19', time: '09:00:00' }, statement: payment }),
    );
    const before = await written();
    const [statementsBefore] = await t.deps.db.select({ n: count() }).from(tissStatements);
    // The database refuses the last case's receipt: the statement, the file and the first cases' receipts were
    // already written in the transaction.
    await t.deps.db.execute(sql.raw(`create function fail_last_receipt() returns trigger language plpgsql as $$
      begin if new.surgery_id = ${cases[2]!.id} and new.tiss_statement_id is not null then raise exception 'simulated crash'; end if; return new; end $$`));
    await t.deps.db.execute(sql`create trigger fail_last_receipt before insert on surgery_receipts for each row execute function fail_last_receipt()`);
    try {
      const res = await upload(URL, medicToken, file);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.deps.db.execute(sql`drop trigger fail_last_receipt on surgery_receipts`);
      await t.deps.db.execute(sql`drop function fail_last_receipt()`);
    }
    expect(await written()).toEqual(before);
    expect((await t.deps.db.select({ n: count() }).from(tissStatements))[0]).toEqual(statementsBefore);
    // Nothing half-done stands in the way: the same file imports once the database takes it.
    expect((await upload(URL, medicToken, file)).statusCode).toBe(201);
  });
});

describe('refusals', () => {
  it('refuses a statement addressed to another provider, to another tenant, and bad files, with nothing written', async () => {
    const before = await written();
    const [statements] = await t.deps.db.select({ n: count() }).from(tissStatements);
    const other = await upload(`${URL}preview/?medic=${medic.id}`, medicToken, analiseFile(analysis, { code: '000999' }));
    expect(other.statusCode).toBe(400);
    expect(other.json().error[0]).toMatch(/^Este demonstrativo é de outro prestador/);
    // The other medic uploading this medic's statement: not his provider code.
    const stranger = await upload(URL, otherMedicToken, analiseFile(analysis));
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error[0]).toMatch(/^Este demonstrativo é de outro prestador/);
    // A secretary naming a medic not hers: 404 before the file is read.
    const notHers = await upload(`${URL}?medic=${otherMedic.id}`, secretaryToken, analiseFile(analysis));
    expect(notHers.statusCode).toBe(404);

    const valid = Buffer.from(analiseFile(analysis)).toString('latin1');
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>`;
    for (const [file, message] of [
      ['isto não é xml', /^O arquivo não é um XML válido/],
      [valid.slice(0, Math.floor(valid.length / 2)), /incompleto|não é um XML válido/],
      [bomb, /DOCTYPE ou ENTITY/],
      [valid.replace('<ans:Padrao>4.01.00</ans:Padrao>', '<ans:Padrao>3.05.00</ans:Padrao>'), /^Versão TISS 3\.05\.00 não suportada/],
      [valid.replace(/<ans:numeroDemonstrativo>/, '<ans:numeroDemonstrativoX>').replace(/<\/ans:numeroDemonstrativo>/, '</ans:numeroDemonstrativoX>'), /padrão TISS 4\.01\.00 \(linha \d+\)/],
    ] as const) {
      const res = await upload(URL, medicToken, Buffer.from(file, 'latin1'));
      expect(res.statusCode, String(message)).toBe(400);
      expect(res.json().error[0]).toMatch(message);
    }
    const huge = await upload(URL, medicToken, Buffer.alloc(11 * 1024 * 1024, 0x20));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error[0]).toMatch(/^O arquivo é grande demais/);
    const empty = await upload(URL, medicToken, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toEqual(['Escolha o arquivo XML do demonstrativo.']);

    expect(await written()).toEqual(before);
    expect((await t.deps.db.select({ n: count() }).from(tissStatements))[0]).toEqual(statements);
    expect(await t.deps.db.select().from(tissStatements).where(and(eq(tissStatements.medicId, otherMedic.id)))).toEqual([]);
  });
});

/** Uploads a repasse as the 'Importar repasse' form does: who paid and when, then the CSV. */
async function uploadRepasse(url: string, token: string, fields: Record<string, string>, csv: Uint8Array | string) {
  const boundary = 'repasseBoundary0123456789';
  const body = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="repasse.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST', url, headers: { ...authHeader(token), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body,
  });
  expect(validateInjected('POST', url, res), res.body).toEqual([]);
  return res;
}

describe('importing a repasse (a CSV of guide numbers and amounts, for payers without XML)', () => {
  const REPASSES = '/surgery/api/v1/repasses/';
  const payer = { payer: 'hospital', payer_name: 'Hospital Santa Luzia', payer_document: HOSPITAL_CNPJ, received_on: '19/03/2026' };

  it('previews one receipt per case found by guide number or authorization password, then posts them once', async () => {
    const byPassword = await readyCase('Beatriz Senha');
    const ledgerOf = async (id: number) => (await json('GET', `/surgery/api/v1/surgery/${id}/ledger/`, medicToken)).json();
    const [before0, beforePassword] = [await ledgerOf(cases[0]!.id), await ledgerOf(byPassword.id)];
    // Excel pt-BR's CSV: Windows-1252, ';', amounts with thousands dots and a comma, an IRRF column, a blank line.
    const csv = Buffer.from(
      [
        'Nº da Guia;Paciente;Valor;IRRF;Data',
        `${lotGuides[0]!.providerGuideNumber};Maria Conceição;R$ 1.234,56;18,52;`,
        '',
        `S${byPassword.id};Beatriz;"987,65";;18/03/2026`,
        'X-999;Desconhecido;100,00;;',
      ].join('\r\n'),
      'latin1',
    );
    const filesBefore = await written();
    const preview = await uploadRepasse(`${REPASSES}preview/?medic=${medic.id}`, secretaryToken, payer, csv);
    expect(preview.statusCode, preview.body).toBe(200);
    const [statement] = preview.json().statements;
    expect(statement).toMatchObject({
      kind: 'repasse', issued_on: '2026-03-19', plan: null, payer: { name: 'Hospital Santa Luzia', document: '11222333000181' }, imported_at: null,
      totals: { guides: 3, unmatched: 1, receipts_cents: 123_456 + 98_765, glosas_cents: 0 },
    });
    const [first, second, unknown] = statement.guides;
    expect(first).toMatchObject({ match: 'guide_number', surgery_id: cases[0]!.id, posts: true });
    expect(first.receipts).toEqual([
      {
        payer: 'hospital', received_on: '2026-03-19', amount_cents: 123_456, deposit_reference: 'Repasse de Hospital Santa Luzia de 19/03/2026',
        payer_document: '11222333000181', payer_name: 'Hospital Santa Luzia', irrf_cents: 1_852, iss_cents: 0, pis_cofins_csll_cents: 0, withholding_cents: 1_852, note: null,
      },
    ]);
    expect(second).toMatchObject({ match: 'authorization_password', surgery_id: byPassword.id, posts: true, receipts: [expect.objectContaining({ received_on: '2026-03-18', amount_cents: 98_765 })] });
    expect(unknown).toMatchObject({ guide_number: 'X-999', surgery_id: null, posts: false, notes: ['Nenhuma cirurgia encontrada pelo número da guia, nem pela senha de autorização.'] });
    expect(await written()).toEqual(filesBefore);

    const imported = await uploadRepasse(`${REPASSES}?medic=${medic.id}`, secretaryToken, payer, csv);
    expect(imported.statusCode, imported.body).toBe(201);
    // Each case's balance, computed from the CSV: what it had received plus its line's gross.
    expect((await ledgerOf(cases[0]!.id)).received_cents).toBe(before0.received_cents + 123_456);
    expect((await ledgerOf(byPassword.id)).received_cents).toBe(beforePassword.received_cents + 98_765);
    const stored = await t.deps.db
      .select({ payer: surgeryReceipts.payer, document: surgeryReceipts.payerDocument, irrf: surgeryReceipts.irrfCents, reference: surgeryReceipts.depositReference })
      .from(surgeryReceipts)
      .where(eq(surgeryReceipts.payerName, 'Hospital Santa Luzia'));
    expect(stored).toEqual([
      { payer: 'hospital', document: '11222333000181', irrf: 1_852, reference: 'Repasse de Hospital Santa Luzia de 19/03/2026' },
      { payer: 'hospital', document: '11222333000181', irrf: 0, reference: 'Repasse de Hospital Santa Luzia de 19/03/2026' },
    ]);
    // The accountant's report reads the hospital as a company, with its CNPJ and the IRRF withheld.
    const report = (await json('GET', '/surgery/api/v1/income_report/?year=2026&month=3', medicToken)).json();
    expect(report.months[0].companies.payers.find((row: { cnpj: string | null }) => row.cnpj === '11222333000181')).toMatchObject({
      receipts: 2, gross_cents: 123_456 + 98_765, irrf_cents: 1_852, net_cents: 123_456 + 98_765 - 1_852,
    });
    // Listed with the statements, as a deposit and the cases it paid.
    const listed = (await json('GET', `${URL}?medic=${medic.id}`, secretaryToken)).json().results as Array<{ id: number; kind: string; payer_name: string; plan_name: string | null }>;
    const repasse = listed.find((row) => row.kind === 'repasse')!;
    expect(repasse).toMatchObject({ payer_name: 'Hospital Santa Luzia', payer_document: '11222333000181', plan_name: null, receipts_cents: 123_456 + 98_765, receipts_count: 2, unmatched: 1 });
    const detail = (await json('GET', `${URL}${repasse.id}/?medic=${medic.id}`, secretaryToken)).json();
    expect(detail.receipts.map((row: { surgery_id: number; amount_cents: number }) => [row.surgery_id, row.amount_cents])).toEqual([
      [cases[0]!.id, 123_456],
      [byPassword.id, 98_765],
    ]);

    // Each case paid is audited as a repasse's import.
    const [audited] = await t.deps.db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.detail, `repasse:${repasse.id}`));
    expect(audited!.n).toBe(2);

    // The same file again (even with another date typed): 409, nothing twice.
    const again = await uploadRepasse(`${REPASSES}?medic=${medic.id}`, medicToken, { ...payer, received_on: '2026-03-20' }, csv);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual(['Este arquivo de repasse já foi importado em 20/03/2026: nada foi lançado de novo.']);
    expect((await ledgerOf(cases[0]!.id)).received_cents).toBe(before0.received_cents + 123_456);
  });

  it('refuses bad fields and bad files with a pt-BR message and the line, another tenant with 404, nothing written', async () => {
    const before = await written();
    const [statements] = await t.deps.db.select({ n: count() }).from(tissStatements);
    const good = `Guia;Valor\n${lotGuides[1]!.providerGuideNumber};10,00\n`;
    const fields = await uploadRepasse(`${REPASSES}preview/`, medicToken, { payer: 'particular', payer_name: ' ', payer_document: '11.222.333/0001-82', received_on: '21/03/2026' }, good);
    expect(fields.statusCode).toBe(400);
    // Every wrong field at once, each beside its field.
    expect(fields.json().error).toHaveLength(4);
    expect(fields.json()).toEqual({
      error: expect.arrayContaining(['Escolha quem pagou o repasse.', 'Informe o nome de quem pagou.', 'Informe um CNPJ válido de quem pagou.', 'A data do depósito não pode ser futura.']),
      payer: ['Escolha quem pagou o repasse.'],
      payer_name: ['Informe o nome de quem pagou.'],
      payer_document: ['Informe um CNPJ válido de quem pagou.'],
      received_on: ['A data do depósito não pode ser futura.'],
    });
    for (const [csv, message] of [
      ['', 'Escolha o arquivo CSV do repasse.'],
      ['Paciente;Total\nAna;10,00', 'A primeira linha deve nomear as colunas, com pelo menos "Guia" e "Valor".'],
      ['Guia;Valor\n', 'O arquivo não tem nenhuma linha de guia.'],
      ['Guia;Valor\n123;10,00\n124;dez reais', 'Linha 3: valor "dez reais" inválido na coluna Valor.'],
      ['Guia;Valor;Data\n123;10,00;31/02/2026', 'Linha 2: data "31/02/2026" inválida (use dd/mm/aaaa).'],
      ['Guia;Valor\n123;10,00\n0123;5,00', 'A guia 0123 aparece duas vezes (linhas 2 e 3).'],
      ['Guia;Valor\n123;0,00', 'Linha 2: o valor deve ser maior que zero.'],
      ['%PDF-1.4\u0000\u0001binary', 'O arquivo não é um CSV (texto separado por ponto e vírgula).'],
    ] as const) {
      const res = await uploadRepasse(`${REPASSES}?medic=${medic.id}`, secretaryToken, payer, csv);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toEqual([message]);
    }
    const huge = await uploadRepasse(REPASSES, medicToken, payer, Buffer.alloc(1024 * 1024 + 10, 0x41));
    expect(huge.statusCode).toBe(413);
    // A secretary naming a medic not hers: 404 before the file is read.
    expect((await uploadRepasse(`${REPASSES}?medic=${otherMedic.id}`, secretaryToken, payer, good)).statusCode).toBe(404);
    // Another office's medic importing a CSV of this medic's guide numbers finds none of his cases.
    const stranger = await uploadRepasse(`${REPASSES}preview/`, otherMedicToken, payer, good);
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json().statements[0].guides[0]).toMatchObject({ surgery_id: null, patient_name: null, posts: false });

    expect(await written()).toEqual(before);
    expect((await t.deps.db.select({ n: count() }).from(tissStatements))[0]).toEqual(statements);
  });
});
