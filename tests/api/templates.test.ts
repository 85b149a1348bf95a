import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { and, asc, eq, inArray, isNotNull, isNull, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCpf } from '../../machines/rules/cpf';
import { buildApp, createLoggerOptions } from '../../server/app';
import { DEMO_MEDIC_EMAIL, DEMO_PASSWORD, DEMO_TEMPLATE_HOSPITALS, DEMO_TEMPLATE_PLAN_REGISTRIES } from '../../server/db/demo-data';
import { seedDemo } from '../../server/db/seed';
import { cids, healthPlans, hospitals, procedures, specialties, surgeries, users, type PatientRow } from '../../server/db/schema/index';
import { hashPassword } from '../../server/services/auth/password';
import { saoPauloDay } from '../../server/services/sao-paulo-time';
import { DOCX_CONTENT_TYPE, documentText } from '../../server/services/templates/docx-template';
import { brazilianDate, longBrazilianDate } from '../../server/services/templates/template-data';
import { readTemplateFile, shippedTemplateKey } from '../../server/services/templates/template-files';
import { createTemplateAttacher } from '../../server/services/templates/template-service';
import { parseTemplateArgs, runTemplateCommand, type Printer } from '../../scripts/template';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { validateInjected } from '../helpers/contract';
import { insertPatient, insertSurgery, lookupIds } from '../helpers/clinical-fixtures';
import { authHeader, signIn, validCpf, type TestAccount } from '../helpers/fixtures';
import { NO_HOSPITAL_TEMPLATE, NO_PLAN_TEMPLATE, SURGERY_NOT_FOUND } from '../helpers/spec-texts';
import { signInTenants } from '../helpers/tenants';

const download = (kind: string, id: number | string) => `/surgery/api/v1/download/${kind}/${id}/`;
const PATIENT_NAME = "Maria D'Ávila & Souza <Teste>";
const PATIENT_CPF = validCpf(52_998_224);

let t: TestApp;
let ids: Awaited<ReturnType<typeof lookupIds>>;
let medic: TestAccount;
let asMedic: { authorization: string };
let asSecretary: { authorization: string };
let asOtherMedic: { authorization: string };
let asUnlinkedSecretary: { authorization: string };
let medicToken: string;
let patient: PatientRow;
/** A plano_saude case at env_doc: hospital and plan with the shipped templates, two procedures, two CIDs. */
let caseId: number;
let hospitalWith: number;
let hospitalWithout: number;
let planWith: number;
let planWithout: number;
let codes: { procedures: { code: string; description: string }[]; cids: { code: string; description: string }[] };

beforeAll(async () => {
  t = await buildTestApp();
  ids = await lookupIds(t.deps.db);
  const [specialty] = await t.deps.db.select().from(specialties).where(eq(specialties.name, 'Cirurgia Geral'));
  const tenants = await signInTenants(t, { firstName: 'Helena', lastName: 'Prado Nogueira', crm: '654321/SP', specialtyId: specialty!.id });
  ({ medic, medicToken } = tenants);
  asMedic = authHeader(medicToken);
  asSecretary = authHeader(tenants.secretaryToken);
  asOtherMedic = authHeader(tenants.otherMedicToken);
  asUnlinkedSecretary = authHeader(tenants.unlinkedSecretaryToken);

  [hospitalWith, hospitalWithout] = ids.hospitalIds as [number, number];
  [planWith, planWithout] = ids.healthPlanIds as [number, number];
  await t.deps.db.update(hospitals).set({ templateFileKey: shippedTemplateKey('hospital') }).where(eq(hospitals.id, hospitalWith));
  await t.deps.db.update(healthPlans).set({ templateFileKey: shippedTemplateKey('plano') }).where(eq(healthPlans.id, planWith));

  patient = await insertPatient(t.deps.db, medic.id, {
    nomeCompleto: PATIENT_NAME,
    cpf: PATIENT_CPF,
    birthday: '1970-05-04',
    gender: 'female',
    cellphone: '11987654321',
  });
  const procedureIds = ids.procedureIds.slice(0, 2);
  const cidIds = ids.cidIds.slice(0, 2);
  const row = await insertSurgery(t.deps.db, patient, {
    status: 'env_doc',
    paymentFountains: 'plano_saude',
    healthPlanId: planWith,
    hospitalId: hospitalWith,
    feesPayments: '2500.50',
    procedureIds,
    cidIds,
    opme: true,
  });
  caseId = row.id;
  await t.deps.db.update(surgeries).set({ documentArrivals: '2026-03-10', surgeryNote: 'Dor <forte> & "recorrente"' }).where(eq(surgeries.id, caseId));
  const procedureRows = await t.deps.db.select().from(procedures).where(inArray(procedures.id, procedureIds));
  const cidRows = await t.deps.db.select().from(cids).where(inArray(cids.id, cidIds));
  codes = {
    procedures: procedureIds.map((id) => procedureRows.find((item) => item.id === id)!),
    cids: cidIds.map((id) => cidRows.find((item) => item.id === id)!),
  };
});
afterAll(async () => {
  await t?.close();
});

/** A DOCX download as its body text and raw document.xml; fails unless it is one. */
function openDocx(res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(DOCX_CONTENT_TYPE);
  const zip = new PizZip(res.rawPayload);
  const xml = zip.file('word/document.xml')!.asText();
  return { text: documentText(res.rawPayload), xml };
}

/** The shipped hospital template with `body` (WordprocessingML paragraphs) as its document body. */
function docxWithBody(body: string): Buffer {
  const zip = new PizZip(readShipped());
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr/></w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer' });
}
let shippedBytes: Buffer;
const readShipped = () => shippedBytes;
beforeAll(async () => {
  shippedBytes = (await readTemplateFile(t.deps.storage, shippedTemplateKey('hospital')))!;
});

const p = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/* ------------------------------------------------------------------ the download */

describe('GET /surgery/api/v1/download/{hospital|plano}/{surgeryId}/', () => {
  it("fills the hospital's template with the case's real data", async () => {
    const res = await t.app.inject({ method: 'GET', url: download('hospital', caseId), headers: asMedic });
    expect(res.headers['content-disposition']).toBe(`attachment; filename="modelo-hospital-cirurgia-${caseId}.docx"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const { text, xml } = openDocx(res);
    const [hospital] = await t.deps.db.select().from(hospitals).where(eq(hospitals.id, hospitalWith));
    const [plan] = await t.deps.db.select().from(healthPlans).where(eq(healthPlans.id, planWith));
    const today = saoPauloDay(t.clock.now);
    for (const expected of [
      'Solicitação de autorização de procedimento cirúrgico',
      PATIENT_NAME,
      formatCpf(PATIENT_CPF),
      '04/05/1970',
      'Feminino',
      '(11) 9 8765-4321',
      ...codes.procedures.flatMap((item) => [item.code, item.description]),
      ...codes.cids.flatMap((item) => [item.code, item.description]),
      'Helena Prado Nogueira',
      'CRM 654321/SP',
      'Cirurgia Geral',
      hospital!.fantasyName,
      plan!.fantasyName,
      'Plano de Saúde',
      `Data: ${longBrazilianDate(today)}`,
      `documento gerado em ${brazilianDate(today)}`,
      `Cirurgia nº ${caseId}`,
    ]) {
      expect(text).toContain(expected);
    }
    // Values are escaped for XML, and no placeholder is left behind.
    expect(xml).toContain('&amp; Souza &lt;Teste&gt;');
    expect(text).not.toMatch(/[{}]/);
    // The case's internal note and the fee stay in the office (docs/TEMPLATES.md).
    expect(text).not.toContain('recorrente');
    expect(text).not.toContain('2.500,50');
  });

  it("fills the plan's template, with the plan's ANS registration and nothing internal", async () => {
    const res = await t.app.inject({ method: 'GET', url: download('plano', caseId), headers: asSecretary });
    expect(res.headers['content-disposition']).toBe(`attachment; filename="modelo-plano-cirurgia-${caseId}.docx"`);
    const { text } = openDocx(res);
    const [plan] = await t.deps.db.select().from(healthPlans).where(eq(healthPlans.id, planWith));
    for (const expected of [
      PATIENT_NAME,
      formatCpf(PATIENT_CPF),
      ...codes.procedures.map((item) => item.code),
      ...codes.cids.map((item) => item.code),
      'CRM 654321/SP',
      `À ${plan!.fantasyName} (Registro ANS ${plan!.ansRegistry})`,
      '5. Materiais especiais (OPME)\nUtiliza OPME\nSim',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/[{}]/);
    // Issue 33.11: the plan's letter carried 'Observações' (the case's note) and 'Honorários previstos' (the fee).
    for (const internal of ['Honorários', 'R$ 2.500,50', 'Observações', 'recorrente']) expect(text).not.toContain(internal);
  });

  it('answers the SPEC §8 404 messages for a hospital or plan without a template, and a case without a plan', async () => {
    const bare = await insertSurgery(t.deps.db, patient, {
      status: 'env_doc',
      paymentFountains: 'plano_saude',
      healthPlanId: planWithout,
      hospitalId: hospitalWithout,
    });
    const hospitalRes = await t.app.inject({ method: 'GET', url: download('hospital', bare.id), headers: asMedic });
    expect(hospitalRes.statusCode).toBe(404);
    expect(hospitalRes.json()).toEqual(NO_HOSPITAL_TEMPLATE);
    const planRes = await t.app.inject({ method: 'GET', url: download('plano', bare.id), headers: asSecretary });
    expect(planRes.statusCode).toBe(404);
    expect(planRes.json()).toEqual(NO_PLAN_TEMPLATE);

    const particular = await insertSurgery(t.deps.db, patient, { paymentFountains: 'particular', hospitalId: hospitalWith });
    const noPlan = await t.app.inject({ method: 'GET', url: download('plano', particular.id), headers: asMedic });
    expect(noPlan.statusCode).toBe(404);
    expect(noPlan.json()).toEqual(NO_PLAN_TEMPLATE);
    openDocx(await t.app.inject({ method: 'GET', url: download('hospital', particular.id), headers: asMedic }));

    // The case answer's flags agree.
    const read = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${bare.id}/`, headers: asMedic });
    expect(read.json()).toMatchObject({ hospital_template_ok: false, plano_template_ok: false });
    const good = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${caseId}/`, headers: asMedic });
    expect(good.json()).toMatchObject({ hospital_template_ok: true, plano_template_ok: true });
  });

  it("answers 404 for another tenant's case, an unknown kind and a malformed or missing id", async () => {
    for (const headers of [asOtherMedic, asUnlinkedSecretary]) {
      for (const kind of ['hospital', 'plano']) {
        const res = await t.app.inject({ method: 'GET', url: download(kind, caseId), headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(SURGERY_NOT_FOUND);
      }
    }
    for (const kind of ['convenio', 'HOSPITAL', 'hospital_template']) {
      const res = await t.app.inject({ method: 'GET', url: download(kind, caseId), headers: asMedic });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: ['Modelo não encontrado.'] });
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '999999']) {
      const res = await t.app.inject({ method: 'GET', url: download('hospital', id), headers: asMedic });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(SURGERY_NOT_FOUND);
    }
  });

  it('needs the bearer token (401)', async () => {
    for (const headers of [{}, { authorization: 'Bearer invalido' }, { authorization: medicToken }]) {
      const res = await t.app.inject({ method: 'GET', url: download('hospital', caseId), headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: ['Sessão expirada. Entre novamente.'] });
    }
  });
});

/* ------------------------------------------------------------------ attached templates */

describe('templates attached through the CLI service', () => {
  it('fills an attached template whose placeholders Word split across runs, and replaces it cleanly', async () => {
    const attacher = createTemplateAttacher(t.deps);
    // What Word writes after a spell-check mark or a change of formatting inside a placeholder.
    const split =
      '<w:p><w:r><w:t xml:space="preserve">Paciente: {pacien</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>te_nome} – {paciente_</w:t></w:r>' +
      '<w:proofErr w:type="spellStart"/><w:r><w:t>cpf}</w:t></w:r></w:p>';
    const custom = docxWithBody(split + p('{#lista_procedimentos}[{codigo}]{/lista_procedimentos}') + p('CRM: {medico_crm}'));
    const first = await attacher.attach('hospital', hospitalWithout, custom);
    expect(first.unknownTags).toEqual([]);
    expect(first.key).toMatch(/^templates\/hospital-\d+-[0-9a-f]{24}\.docx$/);
    expect(await t.deps.storage.get(first.key)).not.toBeNull();

    const other = await insertSurgery(t.deps.db, patient, { hospitalId: hospitalWithout, procedureIds: ids.procedureIds.slice(0, 2) });
    const { text } = openDocx(await t.app.inject({ method: 'GET', url: download('hospital', other.id), headers: asMedic }));
    expect(text).toContain(`Paciente: ${PATIENT_NAME} – ${formatCpf(PATIENT_CPF)}`);
    expect(text).toContain(codes.procedures.map((item) => `[${item.code}]`).join(''));
    expect(text).toContain('CRM: 654321/SP');

    // A second attach replaces the file: the first one is deleted from the storage.
    const second = await attacher.attach('hospital', hospitalWithout, docxWithBody(p('Novo modelo de {paciente_nome} {nome_da_mae}')));
    expect(second.previousKey).toBe(first.key);
    expect(second.unknownTags).toEqual(['nome_da_mae']);
    expect(await t.deps.storage.get(first.key)).toBeNull();
    const replaced = openDocx(await t.app.inject({ method: 'GET', url: download('hospital', other.id), headers: asMedic }));
    expect(replaced.text.trim()).toBe(`Novo modelo de ${PATIENT_NAME}`);

    // Removing it deletes the file; the download then answers the 404.
    await attacher.detach('hospital', hospitalWithout);
    expect(await t.deps.storage.get(second.key)).toBeNull();
    const gone = await t.app.inject({ method: 'GET', url: download('hospital', other.id), headers: asMedic });
    expect(gone.json()).toEqual(NO_HOSPITAL_TEMPLATE);
  });

  it('refuses files that are not a DOCX or whose placeholders do not parse, changing nothing', async () => {
    const attacher = createTemplateAttacher(t.deps);
    const [before] = await t.deps.db.select().from(hospitals).where(eq(hospitals.id, hospitalWithout));
    const noMain = new PizZip();
    noMain.file('[Content_Types].xml', '<Types/>');
    noMain.file('word/outro.xml', '<x/>');
    const cases: Array<[Buffer, string]> = [
      [Buffer.from('%PDF-1.4\n%%EOF\n'), 'O arquivo não é um documento DOCX (Word 2007 ou mais novo).'],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'O arquivo DOCX está corrompido e não pôde ser aberto.'],
      [noMain.generate({ type: 'nodebuffer' }), 'O arquivo não é um documento DOCX do Word (falta o documento principal).'],
      [docxWithBody(p('Nome: {paciente_nome')), 'O marcador "{paciente_nome" não foi fechado com "}".'],
      [docxWithBody(p('{#lista_cids}{codigo}')), 'A lista "{#lista_cids}" não foi fechada com "{/lista_cids}".'],
    ];
    for (const [data, message] of cases) {
      await expect(attacher.attach('hospital', hospitalWithout, data)).rejects.toMatchObject({ problems: [message] });
    }
    await expect(attacher.attach('plano', 999_999, docxWithBody(p('x')))).rejects.toMatchObject({
      problems: ['Plano de saúde 999999 não encontrado.'],
    });
    const [after] = await t.deps.db.select().from(hospitals).where(eq(hospitals.id, hospitalWithout));
    expect(after).toEqual(before);
  });

  it('answers a clear 500 for a broken or missing template, logging neither patient data nor tokens', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged: FastifyInstance = await buildApp(t.deps, {
      logger: { ...(createLoggerOptions({ logLevel: 'info' }) as object), stream },
    });
    await logged.ready();
    try {
      // Written straight to the storage: the CLI would have refused it.
      const key = 'templates/plano-quebrado.docx';
      await t.deps.storage.put(key, docxWithBody(p('{paciente_nome} {#lista_cids}{codigo}')), DOCX_CONTENT_TYPE);
      await t.deps.db.update(healthPlans).set({ templateFileKey: key }).where(eq(healthPlans.id, planWith));
      const broken = await logged.inject({ method: 'GET', url: download('plano', caseId), headers: asMedic });
      expect(broken.statusCode).toBe(500);
      expect(broken.json()).toEqual({
        error: [
          'Não foi possível preencher o modelo do plano de saúde: o arquivo DOCX tem marcadores inválidos ou está corrompido. Corrija o modelo e anexe-o novamente.',
        ],
        code: 'TEMPLATE_INVALID',
      });
      expect(validateInjected('GET', download('plano', caseId), broken)).toEqual([]);

      await t.deps.db.update(healthPlans).set({ templateFileKey: 'templates/nao-existe.docx' }).where(eq(healthPlans.id, planWith));
      const missing = await logged.inject({ method: 'GET', url: download('plano', caseId), headers: asMedic });
      expect(missing.statusCode).toBe(500);
      expect(missing.json()).toEqual({
        error: ['O arquivo do modelo do plano de saúde não foi encontrado no servidor. Anexe o modelo novamente.'],
        code: 'TEMPLATE_MISSING',
      });
      expect(validateInjected('GET', download('plano', caseId), missing)).toEqual([]);

      const log = lines.join('');
      expect(log).toContain('template could not be filled');
      expect(log).toContain('unclosed_loop');
      for (const secret of [PATIENT_NAME, 'Maria', PATIENT_CPF, formatCpf(PATIENT_CPF), medicToken, 'Helena']) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await t.deps.db.update(healthPlans).set({ templateFileKey: shippedTemplateKey('plano') }).where(eq(healthPlans.id, planWith));
      await logged.close();
    }
  });

  it('runs the CLI commands (npm run template -- …) against the configured database', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cirurgias-template-'));
    const out: string[] = [];
    const err: string[] = [];
    const print: Printer = { out: (line) => out.push(line), err: (line) => err.push(line) };
    const run = async (args: string[]) => {
      const command = parseTemplateArgs(args);
      if ('problem' in command) throw new Error(command.problem);
      return runTemplateCommand(command, t.deps, print);
    };
    try {
      const good = join(dir, 'modelo.docx');
      const bad = join(dir, 'quebrado.docx');
      await writeFile(good, docxWithBody(p('Paciente {paciente_nome}, CPF {paciente_cpf}, {nome_errado}')));
      await writeFile(bad, docxWithBody(p('{paciente_nome')));

      expect(await run(['verificar', good])).toBe(0);
      expect(err.join('\n')).toContain('nome_errado');
      expect(await run(['hospital', String(hospitalWithout), bad])).toBe(1);
      expect(err.join('\n')).toContain('O modelo não foi anexado:');
      expect(await run(['hospital', String(hospitalWithout), good])).toBe(0);
      expect(out.join('\n')).toContain('modelo anexado');
      const [attached] = await t.deps.db.select().from(hospitals).where(eq(hospitals.id, hospitalWithout));
      expect(attached!.templateFileKey).toMatch(/^templates\//);

      expect(await run(['hospital', String(hospitalWithout), '--padrao'])).toBe(0);
      const [shipped] = await t.deps.db.select().from(hospitals).where(eq(hospitals.id, hospitalWithout));
      expect(shipped!.templateFileKey).toBe(shippedTemplateKey('hospital'));
      expect(await t.deps.storage.get(attached!.templateFileKey!)).toBeNull();

      out.length = 0;
      expect(await run(['listar', 'hospital'])).toBe(0);
      expect(out.join('\n')).toMatch(new RegExp(`\\s${hospitalWithout}\\s+.+ — modelo padrão`));
      expect(await run(['hospital', String(hospitalWithout), '--remover'])).toBe(0);
      const [removed] = await t.deps.db.select().from(hospitals).where(eq(hospitals.id, hospitalWithout));
      expect(removed!.templateFileKey).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(parseTemplateArgs(['hospital', 'abc', 'x.docx'])).toEqual({ problem: 'Id inválido: abc.' });
    expect(parseTemplateArgs(['clinica', '1', 'x.docx'])).toHaveProperty('problem');
    expect(parseTemplateArgs(['plano', '7', '--remover'])).toEqual({ action: 'remove', owner: 'plano', id: 7 });
    expect(parseTemplateArgs(['listar', 'plano', 'unimed', 'bh'])).toEqual({ action: 'list', owner: 'plano', search: 'unimed bh' });
  });
});

/* ------------------------------------------------------------------ the demo */

describe('demo seed', () => {
  it('gives some demo hospitals and plans the shipped templates, leaves others without, and a demo case downloads', async () => {
    await seedDemo(t.deps.db, { now: t.clock.now, hashPassword });
    const withTemplate = await t.deps.db
      .select({ name: hospitals.fantasyName, key: hospitals.templateFileKey })
      .from(hospitals)
      .where(inArray(hospitals.fantasyName, [...DEMO_TEMPLATE_HOSPITALS]));
    expect(withTemplate).toHaveLength(DEMO_TEMPLATE_HOSPITALS.length);
    expect(withTemplate.every((row) => row.key === shippedTemplateKey('hospital'))).toBe(true);
    const plans = await t.deps.db
      .select({ key: healthPlans.templateFileKey })
      .from(healthPlans)
      .where(inArray(healthPlans.ansRegistry, [...DEMO_TEMPLATE_PLAN_REGISTRIES]));
    expect(plans).toHaveLength(DEMO_TEMPLATE_PLAN_REGISTRIES.length);
    expect(plans.every((row) => row.key === shippedTemplateKey('plano'))).toBe(true);
    const plainHospitals = await t.deps.db
      .select({ id: hospitals.id })
      .from(hospitals)
      .where(and(notInArray(hospitals.fantasyName, [...DEMO_TEMPLATE_HOSPITALS]), isNull(hospitals.templateFileKey)));
    expect(plainHospitals.length).toBeGreaterThan(0);
    const plainPlans = await t.deps.db.select({ id: healthPlans.id }).from(healthPlans).where(isNull(healthPlans.templateFileKey));
    expect(plainPlans.length).toBeGreaterThan(0);

    // The demo's cases at the document-sending step: one whose hospital and plan have templates, one whose hospital has none.
    const [demoMedic] = await t.deps.db.select().from(users).where(eq(users.email, DEMO_MEDIC_EMAIL));
    const atSending = await t.deps.db
      .select({ id: surgeries.id, hospitalKey: hospitals.templateFileKey, planKey: healthPlans.templateFileKey })
      .from(surgeries)
      .leftJoin(hospitals, eq(hospitals.id, surgeries.hospitalId))
      .leftJoin(healthPlans, eq(healthPlans.id, surgeries.healthPlanId))
      .where(and(eq(surgeries.medicId, demoMedic!.id), eq(surgeries.status, 'env_doc')))
      .orderBy(asc(surgeries.id));
    const complete = atSending.find((row) => row.hospitalKey && row.planKey);
    const without = atSending.find((row) => !row.hospitalKey);
    expect(complete).toBeDefined();
    expect(without).toBeDefined();
    const asDemo = authHeader((await signIn(t.app, DEMO_MEDIC_EMAIL, DEMO_PASSWORD)).access_token);
    for (const kind of ['hospital', 'plano']) {
      const { text } = openDocx(await t.app.inject({ method: 'GET', url: download(kind, complete!.id), headers: asDemo }));
      expect(text).toContain('CRM 123456/SP');
      expect(text).not.toMatch(/[{}]/);
    }
    const refused = await t.app.inject({ method: 'GET', url: download('hospital', without!.id), headers: asDemo });
    expect(refused.json()).toEqual(NO_HOSPITAL_TEMPLATE);
    // Every demo plan with a template is one of the listed ones.
    const attachedPlans = await t.deps.db.select({ id: healthPlans.id }).from(healthPlans).where(isNotNull(healthPlans.templateFileKey));
    expect(attachedPlans.length).toBeGreaterThanOrEqual(DEMO_TEMPLATE_PLAN_REGISTRIES.length);
  });
});

/* ------------------------------------------------------------------ OPME materials (issue 13) */

describe('the OPME materials in a template (DECISIONS §15)', () => {
  it('repeats {#lista_opme} once per material, in order, with the chosen quote, the suppliers asked and the authorization', async () => {
    const hospitalId = ids.hospitalIds[2]!;
    const attacher = createTemplateAttacher(t.deps);
    const body =
      p('{#lista_opme}[{numero}. {quantidade} x {descricao} | {fornecedor} {marca} {valor_unitario} = {valor_total} | {autorizacao} {quantidade_autorizada} | {fornecedores}]{/lista_opme}') +
      p('Materiais: {opme_materiais}') +
      p('Total OPME: {opme_total}');
    const attached = await attacher.attach('hospital', hospitalId, docxWithBody(body));
    expect(attached.unknownTags).toEqual([]);
    const surgery = await insertSurgery(t.deps.db, patient, { hospitalId, opme: true, status: 'autorizacao' });
    const suppliers = [
      { supplier: 'Ortomed', brand: 'Synthes', unit_price: 1250.5 },
      { supplier: 'MedPlus', unit_price: null },
      { supplier: 'Cirúrgica Sul', brand: 'Stryker', unit_price: 1300 },
    ];
    for (const item of [
      { description: 'Placa de titânio', quantity: 2, suppliers, chosen: 0, decision: 'parcial', authorized_quantity: 1 },
      { description: 'Parafuso cortical', quantity: 6, suppliers },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: `/surgery/api/v1/surgery/${surgery.id}/opme/`, headers: asSecretary, payload: item });
      expect(res.statusCode, res.body).toBe(201);
    }
    const { text } = openDocx(await t.app.inject({ method: 'GET', url: download('hospital', surgery.id), headers: asMedic }));
    const asked = 'Ortomed (Synthes): R$ 1.250,50; MedPlus: sem cotação; Cirúrgica Sul (Stryker): R$ 1.300,00';
    expect(text).toContain(`[1. 2 x Placa de titânio | Ortomed Synthes R$ 1.250,50 = R$ 1.250,50 | Parcial 1 | ${asked}]`);
    expect(text).toContain(`[2. 6 x Parafuso cortical |    =  | Pendente  | ${asked}]`);
    // A partial item counts its authorized quantity (1 of the 2 asked), as the case page's 'Total escolhido'.
    expect(text).toContain('Total OPME: R$ 1.250,50');
    expect(text).toContain('2 x Placa de titânio - Ortomed (Synthes)');
    await attacher.detach('hospital', hospitalId);
  });
});

/* ------------------------------------------------------------------ the shipped forms list the materials (issue 22) */

describe('the shipped forms carry the OPME materials', () => {
  it('lists each material with its quantity, the chosen supplier, the suppliers asked and the authorization, on both forms', async () => {
    const surgery = await insertSurgery(t.deps.db, patient, {
      status: 'autorizacao',
      paymentFountains: 'plano_saude',
      healthPlanId: planWith,
      hospitalId: hospitalWith,
      opme: true,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/surgery/api/v1/surgery/${surgery.id}/opme/`,
      headers: asSecretary,
      payload: {
        description: 'Prótese total de quadril',
        quantity: 1,
        suppliers: [
          { supplier: 'Ortomed', brand: 'Synthes', unit_price: 18500 },
          { supplier: 'MedPlus', brand: 'Zimmer', unit_price: 19200.5 },
          { supplier: 'Cirúrgica Sul', brand: 'Stryker', unit_price: null },
        ],
        chosen: 1,
        decision: 'autorizado',
        authorized_quantity: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    for (const kind of ['hospital', 'plano']) {
      const { text } = openDocx(await t.app.inject({ method: 'GET', url: download(kind, surgery.id), headers: asMedic }));
      // The table's header, then the one material's row, cell by cell.
      expect(text, kind).toContain(
        [
          '5. Materiais especiais (OPME)',
          'Utiliza OPME',
          'Sim',
          'Nº',
          'Material',
          'Qtde.',
          'Fornecedor escolhido',
          'Autorização',
          'Qtde. autorizada',
          '1',
          'Prótese total de quadril',
          'Fornecedores consultados: Ortomed (Synthes): R$ 18.500,00; MedPlus (Zimmer): R$ 19.200,50; Cirúrgica Sul (Stryker): sem cotação',
          '1',
          'MedPlus (Zimmer)',
          'Autorizado',
          '1',
        ].join('\n'),
      );
      expect(text, kind).not.toMatch(/[{}]/);
    }

    // A case without OPME shows 'Não' and no table.
    const plain = await insertSurgery(t.deps.db, patient, { hospitalId: hospitalWith, healthPlanId: planWith, paymentFountains: 'plano_saude' });
    const { text } = openDocx(await t.app.inject({ method: 'GET', url: download('hospital', plain.id), headers: asMedic }));
    expect(text).toContain('5. Materiais especiais (OPME)\nUtiliza OPME\nNão\n6. Médico solicitante');
  });
});

/* ------------------------------------------------------------------ what each document may carry (issue 33.11) */

describe('each document gets only the values its recipient needs', () => {
  it("leaves the internal fields empty even in an attached template, and the patient's address out of the plan's", async () => {
    const attacher = createTemplateAttacher(t.deps);
    const body =
      p('Nome: {paciente_nome}') +
      p('Honorários: [{honorarios}]{#honorarios} com valor{/honorarios}') +
      p('Observações: [{observacoes}] [{observacao_documentos}]') +
      p('Endereço: [{paciente_endereco}] [{paciente_cep}]') +
      p('{#lista_cids}({codigo} {honorarios}){/lista_cids}');
    const [hospitalId, planId] = [ids.hospitalIds[3]!, ids.healthPlanIds[2]!];
    const onHospital = await attacher.attach('hospital', hospitalId, docxWithBody(body));
    expect(onHospital.unknownTags).toEqual([]);
    expect(onHospital.withheldTags).toEqual(['honorarios', 'observacao_documentos', 'observacoes']);
    const onPlan = await attacher.attach('plano', planId, docxWithBody(body));
    expect(onPlan.withheldTags).toEqual(['honorarios', 'observacao_documentos', 'observacoes', 'paciente_cep', 'paciente_endereco']);
    try {
      const addressed = await insertPatient(t.deps.db, medic.id, {
        nomeCompleto: 'Joana Teixeira',
        cpf: validCpf(11_144_477),
        fullAddress: 'Rua Augusta, 100 - Consolação, São Paulo - SP',
        cep: '01305000',
      });
      const surgery = await insertSurgery(t.deps.db, addressed, {
        hospitalId,
        healthPlanId: planId,
        paymentFountains: 'plano_saude',
        feesPayments: '3100.00',
        cidIds: ids.cidIds.slice(0, 1),
      });
      await t.deps.db
        .update(surgeries)
        .set({ surgeryNote: 'Paciente prefere quarto privativo', documentNote: 'Enviado pelo portal' })
        .where(eq(surgeries.id, surgery.id));
      const cid = codes.cids[0]!.code;

      const hospitalText = openDocx(await t.app.inject({ method: 'GET', url: download('hospital', surgery.id), headers: asMedic })).text;
      expect(hospitalText).toBe(
        [
          'Nome: Joana Teixeira',
          'Honorários: []',
          'Observações: [] []',
          'Endereço: [Rua Augusta, 100 - Consolação, São Paulo - SP] [01.305-000]',
          `(${cid} )`,
        ].join('\n'),
      );
      const planText = openDocx(await t.app.inject({ method: 'GET', url: download('plano', surgery.id), headers: asMedic })).text;
      expect(planText).toBe(['Nome: Joana Teixeira', 'Honorários: []', 'Observações: [] []', 'Endereço: [] []', `(${cid} )`].join('\n'));
    } finally {
      await attacher.detach('hospital', hospitalId);
      await attacher.detach('plano', planId);
    }
  });

  it('warns at attach time, in pt-BR, about the fields the document will not get', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cirurgias-template-'));
    const err: string[] = [];
    const print: Printer = { out: () => {}, err: (line) => err.push(line) };
    try {
      const file = join(dir, 'guia.docx');
      await writeFile(file, docxWithBody(p('{paciente_nome} {honorarios} {paciente_endereco}')));
      const command = parseTemplateArgs(['plano', String(ids.healthPlanIds[2]!), file]);
      if ('problem' in command) throw new Error(command.problem);
      expect(await runTemplateCommand(command, t.deps, print)).toBe(0);
      expect(err).toEqual([
        'Atenção: estes marcadores são de uso interno ou não são enviados ao destinatário e sairão em branco no modelo do plano de saúde: honorarios, paciente_endereco',
        'Confira a lista em docs/TEMPLATES.md.',
      ]);
      await createTemplateAttacher(t.deps).detach('plano', ids.healthPlanIds[2]!);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
