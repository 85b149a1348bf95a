import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCpf } from '../../machines/rules/cpf';
import { patients } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds } from '../helpers/clinical-fixtures';
import { authHeader, countRows, createMedic, createSecretary, signIn, TEST_PASSWORD, validCpf, type TestAccount } from '../helpers/fixtures';

const LIST = '/surgery/api/v1/patient/';
const CREATE = '/surgery/api/v1/add_paciente/';
const one = (id: number | string) => `/surgery/api/v1/patient/${id}/`;
const update = (id: number | string) => `/surgery/api/v1/update_patient/${id}/`;

const NOT_FOUND = { error: ['Paciente não encontrado.'] };
const DUPLICATE = { error: ['Paciente já cadastrado para esse médico'] };

type Headers = { authorization: string };
type PatientBody = {
  id: number;
  nome_completo: string;
  foto: string | null;
  cellphone: string | null;
  convenio: { id: number; fantasy_name: string } | null;
  birthday: string | null;
  address: string | null;
  full_address: string | null;
  cep: string | null;
  cpf: string;
  gender: string | null;
  medic: { id: number; first_name: string; last_name: string };
};

let t: TestApp;
let medicA: TestAccount;
let medicB: TestAccount;
let medicC: TestAccount;
let asMedicA: Headers;
let asMedicB: Headers;
let asSecretary: Headers; // linked to A and C
let asLoneSecretary: Headers; // linked to nobody
let planIds: number[];
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  medicA = await createMedic(t.deps, { firstName: 'Ana', lastName: 'Souza' });
  medicB = await createMedic(t.deps, { firstName: 'Bruno', lastName: 'Lima' });
  medicC = await createMedic(t.deps, { firstName: 'Carla', lastName: 'Reis' });
  const secretary = await createSecretary(t.deps, { medicIds: [medicA.id, medicC.id] });
  const lone = await createSecretary(t.deps, { medicIds: [] });
  const token = async (account: TestAccount) => authHeader((await signIn(t.app, account.email, TEST_PASSWORD)).access_token);
  asMedicA = await token(medicA);
  asMedicB = await token(medicB);
  asSecretary = await token(secretary);
  asLoneSecretary = await token(lone);
  planIds = (await lookupIds(t.deps.db)).healthPlanIds;
});
afterAll(async () => {
  await t?.close();
});

/** The multipart body a browser sends for `form` (encoded by the platform's own FormData). */
async function encode(form: FormData) {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

function formOf(fields: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  return form;
}

/** A complete, valid patient form, unique per call. */
function fields(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const n = ++seq;
  return {
    nome_completo: `Paciente Formulário ${n}`,
    cellphone: '(11) 9 8765-4321',
    convenio: String(planIds[0]),
    birthday: '1980-05-17',
    address: 'Rua Augusta, 100',
    cep: '01.310-100',
    cpf: formatCpf(validCpf(900_000 + n * 53)),
    gender: 'female',
    ...overrides,
  };
}

async function send(method: 'POST' | 'PUT', url: string, headers: Headers, body: FormData | Record<string, string | undefined>) {
  const { payload, contentType } = await encode(body instanceof FormData ? body : formOf(body));
  return t.app.inject({ method, url, headers: { ...headers, 'content-type': contentType }, payload });
}

const create = (headers: Headers, body: FormData | Record<string, string | undefined>) => send('POST', CREATE, headers, body);

async function list(headers: Headers, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `${LIST}${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { results: PatientBody[]; count: number };
}

/** Sends a request that must be refused with 400 carrying `messages`, and checks no patient was written. */
async function expectRefused(request: () => Promise<{ statusCode: number; json(): unknown }>, messages: string[]) {
  const before = await countRows(t.deps.db, patients);
  const res = await request();
  expect(res.statusCode).toBe(400);
  const body = res.json() as { error: string[] };
  for (const message of messages) expect(body.error).toContain(message);
  expect(await countRows(t.deps.db, patients)).toBe(before);
  return body as Record<string, string[]>;
}

describe('GET /surgery/api/v1/patient/', () => {
  it('lists only the medic\'s own patients, ordered by name, with plan, medic and display fields', async () => {
    const medic = await createMedic(t.deps, { firstName: 'Zélia', lastName: 'Prado' });
    const headers = authHeader((await signIn(t.app, medic.email, TEST_PASSWORD)).access_token);
    await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Érica Alves', healthPlanId: planIds[1]!, cep: '01310100', address: 'Av. Paulista, 1000' });
    await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'bruna Costa', cpf: '52998224725' });
    await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Ângela Dias' });
    await insertPatient(t.deps.db, medicB.id, { nomeCompleto: 'Alguém de Outro Médico' });

    const body = await list(headers);
    expect(body.results.map((p) => p.nome_completo)).toEqual(['Ângela Dias', 'bruna Costa', 'Érica Alves']);
    expect(body.count).toBe(3);
    const erica = body.results[2]!;
    expect(erica).toMatchObject({
      foto: null,
      convenio: { id: planIds[1], fantasy_name: expect.any(String) },
      cep: '01310100',
      full_address: 'Av. Paulista, 1000 - CEP 01.310-100',
      medic: { id: medic.id, first_name: 'Zélia', last_name: 'Prado' },
    });
    expect(body.results[1]).toMatchObject({ cpf: '529.982.247-25', convenio: null, full_address: null });
  });

  it('lists a secretary\'s linked medics\' patients and nobody else\'s', async () => {
    const mine = await insertPatient(t.deps.db, medicC.id, { nomeCompleto: 'Paciente Da Carla' });
    const other = await insertPatient(t.deps.db, medicB.id, { nomeCompleto: 'Paciente Do Bruno' });
    const { results } = await list(asSecretary, '?limit=200');
    const ids = results.map((p) => p.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(other.id);
    for (const patient of results) expect([medicA.id, medicC.id]).toContain(patient.medic.id);
  });

  it('answers an empty list to a secretary linked to no medic', async () => {
    expect(await list(asLoneSecretary)).toEqual({ results: [], count: 0 });
  });

  it('finds names without caring for case or accents, every word in any order', async () => {
    const medic = await createMedic(t.deps);
    const headers = authHeader((await signIn(t.app, medic.email, TEST_PASSWORD)).access_token);
    const joao = await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'João Conceição da Silva' });
    await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Maria Joana Pereira' });
    for (const search of ['joao', 'JOÃO', 'conceicao', 'silva joão', '  Joao   da  ']) {
      const { results } = await list(headers, `?search=${encodeURIComponent(search)}`);
      expect(results.map((p) => p.id), search).toEqual([joao.id]);
    }
    const { results } = await list(headers, `?search=jo`);
    expect(results).toHaveLength(2);
  });

  it('finds a patient by CPF digits, with or without the mask', async () => {
    const medic = await createMedic(t.deps);
    const headers = authHeader((await signIn(t.app, medic.email, TEST_PASSWORD)).access_token);
    const target = await insertPatient(t.deps.db, medic.id, { cpf: '11144477735' });
    await insertPatient(t.deps.db, medic.id, { cpf: '52998224725' });
    for (const search of ['11144477735', '111.444.777-35', '444.777']) {
      const { results } = await list(headers, `?search=${encodeURIComponent(search)}`);
      expect(results.map((p) => p.id), search).toEqual([target.id]);
    }
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    const medic = await createMedic(t.deps);
    const headers = authHeader((await signIn(t.app, medic.email, TEST_PASSWORD)).access_token);
    await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Pedro Santos' });
    for (const search of ['%', '_', 'p%o', 'pedr_']) {
      expect((await list(headers, `?search=${encodeURIComponent(search)}`)).results, search).toEqual([]);
    }
  });

  it('pages with limit and offset and counts every match', async () => {
    const medic = await createMedic(t.deps);
    const headers = authHeader((await signIn(t.app, medic.email, TEST_PASSWORD)).access_token);
    for (const name of ['Pessoa E', 'Pessoa A', 'Pessoa D', 'Pessoa B', 'Pessoa C']) {
      await insertPatient(t.deps.db, medic.id, { nomeCompleto: name });
    }
    const first = await list(headers, '?limit=2');
    expect(first.results.map((p) => p.nome_completo)).toEqual(['Pessoa A', 'Pessoa B']);
    expect(first.count).toBe(5);
    const second = await list(headers, '?limit=2&offset=2');
    expect(second.results.map((p) => p.nome_completo)).toEqual(['Pessoa C', 'Pessoa D']);
    const last = await list(headers, '?limit=2&offset=4&search=pessoa');
    expect(last).toMatchObject({ count: 5, results: [{ nome_completo: 'Pessoa E' }] });
    expect((await list(headers, '?offset=10')).results).toEqual([]);
  });

  it('answers 400 in pt-BR for a bad limit, offset or search', async () => {
    for (const query of ['?limit=0', '?limit=201', '?limit=abc', '?limit=1.5', '?limit=1&limit=2']) {
      const res = await t.app.inject({ method: 'GET', url: `${LIST}${query}`, headers: asMedicA });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({
        error: ['O parâmetro limit deve ser um número inteiro de 1 a 200.'],
        limit: ['O parâmetro limit deve ser um número inteiro de 1 a 200.'],
      });
    }
    for (const query of ['?offset=-1', '?offset=x']) {
      const res = await t.app.inject({ method: 'GET', url: `${LIST}${query}`, headers: asMedicA });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().offset).toEqual(['O parâmetro offset deve ser um número inteiro maior ou igual a 0.']);
    }
    const long = await t.app.inject({ method: 'GET', url: `${LIST}?search=${'a'.repeat(101)}`, headers: asMedicA });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toEqual(['O texto de busca deve ter no máximo 100 caracteres.']);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: LIST });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ['Sessão expirada. Entre novamente.'] });
  });
});

describe('GET /surgery/api/v1/patient/{id}/', () => {
  it('answers the patient to its medic and to a linked secretary', async () => {
    const patient = await insertPatient(t.deps.db, medicA.id, { nomeCompleto: 'Lúcia Freitas', birthday: '1970-01-31' });
    for (const headers of [asMedicA, asSecretary]) {
      const res = await t.app.inject({ method: 'GET', url: one(patient.id), headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: patient.id,
        nome_completo: 'Lúcia Freitas',
        birthday: '1970-01-31',
        cpf: formatCpf(patient.cpf),
        gender: 'female',
        medic: { id: medicA.id, first_name: 'Ana', last_name: 'Souza' },
      });
    }
  });

  it('answers 404 for another medic\'s patient, an unknown id or a malformed id', async () => {
    const patient = await insertPatient(t.deps.db, medicB.id);
    for (const [headers, id] of [
      [asMedicA, patient.id],
      [asSecretary, patient.id],
      [asLoneSecretary, patient.id],
      [asMedicA, 999_999],
      [asMedicA, 'abc'],
      [asMedicA, '0'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: one(id), headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });
});

describe('POST /surgery/api/v1/add_paciente/', () => {
  it('registers a medic\'s own patient (medic field ignored) and answers 201 with the Patient', async () => {
    const form = fields({ medic: String(medicB.id), nome_completo: '  José   Antônio  ' });
    const res = await create(asMedicA, form);
    expect(res.statusCode).toBe(201);
    const body = res.json() as PatientBody;
    expect(body).toEqual({
      id: expect.any(Number),
      nome_completo: 'José Antônio',
      foto: null,
      cellphone: '11987654321',
      convenio: { id: planIds[0], fantasy_name: expect.any(String) },
      birthday: '1980-05-17',
      address: 'Rua Augusta, 100',
      full_address: 'Rua Augusta, 100 - CEP 01.310-100',
      cep: '01310100',
      cpf: form.cpf,
      gender: 'female',
      medic: { id: medicA.id, first_name: 'Ana', last_name: 'Souza' },
      anonymized_at: null,
      plan_card: null,
    });
    const [row] = await t.deps.db.select().from(patients).where(eq(patients.id, body.id));
    expect(row).toMatchObject({ medicId: medicA.id, cpf: form.cpf!.replace(/\D/g, ''), searchText: 'jose antonio', photoKey: null });
    expect((await list(asMedicA, '?search=jose%20antonio')).results.map((p) => p.id)).toEqual([body.id]);
  });

  it('accepts the optional fields left empty', async () => {
    const res = await create(asMedicA, fields({ convenio: '', birthday: '', address: '', cep: '', cellphone: '1133334444' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ convenio: null, birthday: null, address: null, cep: null, full_address: null, cellphone: '1133334444' });
  });

  it('lets a secretary register a patient for one of her medics', async () => {
    const res = await create(asSecretary, fields({ medic: String(medicC.id) }));
    expect(res.statusCode).toBe(201);
    expect(res.json().medic).toEqual({ id: medicC.id, first_name: 'Carla', last_name: 'Reis' });
  });

  it('refuses a secretary\'s patient without a medic or for a medic she is not linked to', async () => {
    const missing = await expectRefused(() => create(asSecretary, fields()), ['Selecione o médico do paciente.']);
    expect(missing.medic).toEqual(['Selecione o médico do paciente.']);
    for (const medic of [String(medicB.id), '999999', 'abc']) {
      const body = await expectRefused(() => create(asSecretary, fields({ medic })), ['Médico não encontrado.']);
      expect(body.medic).toEqual(['Médico não encontrado.']);
    }
    await expectRefused(() => create(asLoneSecretary, fields({ medic: String(medicA.id) })), ['Médico não encontrado.']);
  });

  it('answers every problem at once, per field, and writes nothing', async () => {
    const body = await expectRefused(
      () => create(asMedicA, { nome_completo: ' ', cellphone: '', cpf: '', gender: 'other' }),
      [],
    );
    expect(body).toEqual({
      // In the schema's order (arktype checks the keys by name).
      error: [
        'Preencha o telefone.',
        'Preencha o CPF.',
        'Selecione o sexo biológico.',
        'Preencha o nome do paciente.',
      ],
      nome_completo: ['Preencha o nome do paciente.'],
      cellphone: ['Preencha o telefone.'],
      cpf: ['Preencha o CPF.'],
      gender: ['Selecione o sexo biológico.'],
    });
  });

  const saoPauloDay = (instant: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
  const today = () => saoPauloDay(t.clock.now);
  const tomorrow = () => saoPauloDay(new Date(t.clock.now.getTime() + 86_400_000));

  it.each([
    ['nome_completo', { nome_completo: 'A'.repeat(201) }, 'O campo Paciente deve ter no máximo 200 caracteres.'],
    ['cellphone', { cellphone: '1234-5678' }, 'Telefone inválido: informe o DDD e o número (10 ou 11 dígitos).'],
    ['cellphone', { cellphone: '(11) 9 8765-432a' }, 'Telefone inválido: informe o DDD e o número (10 ou 11 dígitos).'],
    // Issue 11, item 16: fourteen pairs of digits are no DDD in service.
    ['cellphone', { cellphone: '(23) 9 8765-4321' }, 'DDD inexistente: confira o código de área do telefone.'],
    ['cellphone', { cellphone: '7833334444' }, 'DDD inexistente: confira o código de área do telefone.'],
    ['cpf', { cpf: '123.456.789-00' }, 'CPF Invalido!'],
    ['cpf', { cpf: '111.111.111-11' }, 'CPF Invalido!'],
    ['gender', { gender: undefined }, 'Selecione o sexo biológico.'],
    ['birthday', { birthday: '2001-02-29' }, 'Data de nascimento inválida.'],
    ['birthday', { birthday: '17/05/1980' }, 'Data de nascimento inválida.'],
    ['birthday', { birthday: '1899-12-31' }, 'Informe uma data de nascimento a partir de 1900.'],
    ['cep', { cep: '01310-10' }, 'Informe o CEP com 8 dígitos (00.000-000).'],
    ['cep', { cep: 'abcdefgh' }, 'Informe o CEP com 8 dígitos (00.000-000).'],
    ['address', { address: 'R'.repeat(301) }, 'O campo Endereço deve ter no máximo 300 caracteres.'],
    ['convenio', { convenio: '999999' }, 'Convênio não encontrado.'],
    ['convenio', { convenio: 'Unimed' }, 'Convênio não encontrado.'],
  ] as const)('refuses a bad %s (%j) with a pt-BR field message', async (field, override, message) => {
    const body = await expectRefused(() => create(asMedicA, fields(override)), [message]);
    expect(body[field]).toEqual([message]);
  });

  it('refuses a birthday in the future (São Paulo\'s today is accepted)', async () => {
    await expectRefused(() => create(asMedicA, fields({ birthday: tomorrow() })), ['A data de nascimento não pode ser uma data futura.']);
    expect((await create(asMedicA, fields({ birthday: today() }))).statusCode).toBe(201);
  });

  it('refuses a second patient with the same CPF for the same medic, not for another medic', async () => {
    const form = fields();
    expect((await create(asMedicA, form)).statusCode).toBe(201);
    const again = await expectRefused(() => create(asMedicA, fields({ cpf: form.cpf!.replace(/\D/g, '') })), []);
    expect(again).toEqual(DUPLICATE);
    expect((await create(asMedicB, fields({ cpf: form.cpf }))).statusCode).toBe(201);
  });

  it('keeps one patient when the same CPF is sent twice at once (the unique index decides)', async () => {
    const form = fields();
    const before = await countRows(t.deps.db, patients);
    const answers = await Promise.all([create(asMedicA, form), create(asMedicA, form), create(asMedicA, form)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400, 400]);
    for (const res of answers.filter((r) => r.statusCode === 400)) expect(res.json()).toEqual(DUPLICATE);
    expect(await countRows(t.deps.db, patients)).toBe(before + 1);
  });

  it('answers 400 to a body that is not multipart, or has unknown, repeated or misplaced parts', async () => {
    await expectRefused(
      () => t.app.inject({ method: 'POST', url: CREATE, headers: asMedicA, payload: fields() as Record<string, string> }),
      ['Dados inválidos.'],
    );
    await expectRefused(() => create(asMedicA, fields({ apelido: 'x' })), ['Campo não reconhecido: apelido.']);
    // @fastify/multipart itself refuses a part named __proto__.
    await expectRefused(() => create(asMedicA, fields({ ['__proto__']: 'x' })), ['Dados inválidos.']);
    const repeated = formOf(fields());
    repeated.append('nome_completo', 'Outro Nome');
    await expectRefused(() => create(asMedicA, repeated), ['Dados inválidos.']);
    const misplaced = formOf(fields());
    misplaced.append('documento', new Blob([Buffer.from('%PDF-1.4')], { type: 'application/pdf' }), 'doc.pdf');
    await expectRefused(() => create(asMedicA, misplaced), ['Dados inválidos.']);
    const textPhoto = await expectRefused(() => create(asMedicA, fields({ foto: 'https://exemplo.com/foto.jpg' })), [
      'Envie uma imagem JPEG, PNG ou WebP.',
    ]);
    expect(textPhoto.foto).toEqual(['Envie uma imagem JPEG, PNG ou WebP.']);
  });

  it('answers 401 without a token and writes nothing', async () => {
    const before = await countRows(t.deps.db, patients);
    const { payload, contentType } = await encode(formOf(fields()));
    const res = await t.app.inject({ method: 'POST', url: CREATE, headers: { 'content-type': contentType }, payload });
    expect(res.statusCode).toBe(401);
    expect(await countRows(t.deps.db, patients)).toBe(before);
  });
});

describe('PUT /surgery/api/v1/update_patient/{id}/', () => {
  it('replaces the form\'s fields and answers 200 with the Patient', async () => {
    const patient = await insertPatient(t.deps.db, medicA.id, { nomeCompleto: 'Nome Antigo', healthPlanId: planIds[0]! });
    const form = fields({ nome_completo: 'Nome Novo', convenio: '', gender: 'male', cep: '', address: 'Rua Nova, 5' });
    const res = await send('PUT', update(patient.id), asSecretary, { ...form, medic: String(medicA.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: patient.id,
      nome_completo: 'Nome Novo',
      convenio: null,
      gender: 'male',
      cep: null,
      full_address: 'Rua Nova, 5',
      cpf: form.cpf,
    });
    const [row] = await t.deps.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(row).toMatchObject({ searchText: 'nome novo', healthPlanId: null, fullAddress: 'Rua Nova, 5' });
  });

  it('lets a medic keep the same CPF and refuses the CPF of another of their patients', async () => {
    const first = await insertPatient(t.deps.db, medicA.id);
    const second = await insertPatient(t.deps.db, medicA.id);
    expect((await send('PUT', update(first.id), asMedicA, fields({ cpf: first.cpf }))).statusCode).toBe(200);
    const res = await send('PUT', update(first.id), asMedicA, fields({ cpf: formatCpf(second.cpf) }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(DUPLICATE);
    const [row] = await t.deps.db.select().from(patients).where(eq(patients.id, first.id));
    expect(row!.cpf).toBe(first.cpf);
  });

  it('refuses bad fields and changes nothing', async () => {
    const patient = await insertPatient(t.deps.db, medicA.id, { nomeCompleto: 'Sem Mudança' });
    const res = await send('PUT', update(patient.id), asMedicA, fields({ cpf: '000.000.000-01', nome_completo: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ cpf: ['CPF Invalido!'], nome_completo: ['Preencha o nome do paciente.'] });
    const [row] = await t.deps.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(row).toEqual(patient);
  });

  it('moves a patient to another linked medic, unless the patient has a surgery', async () => {
    const free = await insertPatient(t.deps.db, medicA.id);
    const moved = await send('PUT', update(free.id), asSecretary, fields({ medic: String(medicC.id) }));
    expect(moved.statusCode).toBe(200);
    expect(moved.json().medic.id).toBe(medicC.id);

    const busy = await insertPatient(t.deps.db, medicA.id);
    await insertSurgery(t.deps.db, busy);
    const refused = await send('PUT', update(busy.id), asSecretary, fields({ medic: String(medicC.id) }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().medic).toEqual(['Não é possível trocar o médico de um paciente que possui cirurgia cadastrada.']);
    const unlinked = await send('PUT', update(busy.id), asSecretary, fields({ medic: String(medicB.id) }));
    expect(unlinked.json().medic).toEqual(['Médico não encontrado.']);
  });

  it('answers 404 for another medic\'s patient or an unknown one, and changes nothing', async () => {
    const patient = await insertPatient(t.deps.db, medicB.id);
    for (const [headers, id] of [
      [asMedicA, patient.id],
      [asSecretary, patient.id],
      [asMedicA, 999_999],
      [asMedicA, 'x'],
    ] as const) {
      const res = await send('PUT', update(id), headers, fields({ medic: String(medicA.id) }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const [row] = await t.deps.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(row).toEqual(patient);
  });
});

describe('DELETE /surgery/api/v1/update_patient/{id}/', () => {
  it('deletes a patient without surgeries: 204, then 404', async () => {
    const patient = await insertPatient(t.deps.db, medicC.id);
    const res = await t.app.inject({ method: 'DELETE', url: update(patient.id), headers: asSecretary });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await t.deps.db.select().from(patients).where(eq(patients.id, patient.id))).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: update(patient.id), headers: asSecretary });
    expect(again.statusCode).toBe(404);
  });

  it('answers 403 when the patient has a surgery, whatever its status', async () => {
    for (const status of ['ind_paciente', 'concluido', 'cancelado', 'arquiv'] as const) {
      const patient = await insertPatient(t.deps.db, medicA.id);
      await insertSurgery(t.deps.db, patient, { status });
      const res = await t.app.inject({ method: 'DELETE', url: update(patient.id), headers: asMedicA });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: ['Não é possível deletar um paciente que possui cirurgia cadastrada.'] });
      expect(await t.deps.db.select({ id: patients.id }).from(patients).where(eq(patients.id, patient.id))).toHaveLength(1);
    }
  });

  it('answers 404 for another medic\'s patient and keeps it', async () => {
    const patient = await insertPatient(t.deps.db, medicB.id);
    for (const headers of [asMedicA, asSecretary, asLoneSecretary]) {
      const res = await t.app.inject({ method: 'DELETE', url: update(patient.id), headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect(await t.deps.db.select({ id: patients.id }).from(patients).where(eq(patients.id, patient.id))).toHaveLength(1);
  });
});
