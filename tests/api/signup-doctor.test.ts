import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatCpf } from '../../machines/rules/cpf';
import { invites, specialties, users } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { authHeader, countRows, createMedic, signIn, validCpf } from '../helpers/fixtures';

const URL = '/project_auth/api/v1/cadastro/';

let t: TestApp;
let specialtyId: number;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const [first] = await t.deps.db.select({ id: specialties.id }).from(specialties).limit(1);
  specialtyId = first!.id;
});
afterAll(async () => {
  await t?.close();
});

/** A complete, valid doctor signup payload (SPEC §3 + crm), unique per call. */
function payload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const n = ++seq;
  return {
    nickname: 'Dra. Carla',
    first_name: 'Carla',
    last_name: 'Mendes',
    cpf: formatCpf(validCpf(500_000 + n * 31)),
    specialty: specialtyId,
    address: 'Av. Paulista, 1000 - São Paulo/SP',
    cellphone: '(11) 9 8765-4321',
    crm: `${123_000 + n}/SP`,
    password: 'Cirurgia@2024',
    confirmPassword: 'Cirurgia@2024',
    email: `carla${n}@clinica.com.br`,
    IAcceptToStoreData: true,
    IHaveASecretary: false,
    secretary: '',
    news: true,
    ...overrides,
  };
}

let addressSeq = 0;
/** Each signup from its own address, so the per-address signup limit stays out of the other tests. */
function signup(body: unknown, remoteAddress = `10.60.${Math.floor(++addressSeq / 250)}.${(addressSeq % 250) + 1}`) {
  return t.app.inject({ method: 'POST', url: URL, payload: body as Record<string, unknown>, remoteAddress });
}

async function counts() {
  return { users: await countRows(t.deps.db, users), invites: await countRows(t.deps.db, invites), mail: t.mail.length };
}

/** Posts `body`, expects a 400 carrying `message`, and checks nothing was written or sent. */
async function expectRejected(body: unknown, message: string) {
  const before = await counts();
  const res = await signup(body);
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toContain(message);
  expect(await counts()).toEqual(before);
  return res;
}

describe('POST /project_auth/api/v1/cadastro/', () => {
  it('creates the medic, who can then sign in', async () => {
    const body = payload({ email: '  Carla.Nova@Clinica.com.br ', first_name: '  Carla  ' });
    const res = await signup(body);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({ id: expect.any(Number), message: 'Cadastrado com sucesso!' });

    const [row] = await t.deps.db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({
      type: 'medic',
      email: 'carla.nova@clinica.com.br',
      firstName: 'Carla',
      lastName: 'Mendes',
      cpf: String(body.cpf).replace(/\D/g, ''),
      crm: body.crm,
      specialtyId,
      news: true,
      acceptsDataStorage: true,
    });
    expect(row!.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row!.passwordHash).not.toContain('Cirurgia@2024');

    const tokens = await signIn(t.app, 'carla.nova@clinica.com.br', 'Cirurgia@2024');
    const profile = await t.app.inject({ method: 'GET', url: '/project_auth/profile/', headers: authHeader(tokens.access_token) });
    expect(profile.json()).toEqual({ type: 'medic', user: { id: created.id, first_name: 'Carla', last_name: 'Mendes', nickname: 'Dra. Carla', image: null }, has_secretary: false });
  });

  it('e-mails an invite to the secretary when IHaveASecretary is checked', async () => {
    const before = t.mail.length;
    const res = await signup(payload({ first_name: 'Roberto', IHaveASecretary: true, secretary: 'Joana.Sec@Clinica.com.br' }));
    expect(res.statusCode).toBe(201);
    const medicId = res.json().id;

    expect(t.mail.length).toBe(before + 1);
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe('joana.sec@clinica.com.br');
    expect(mail.subject).toBe('Convite para acessar a agenda cirúrgica do(a) Dr(a). Roberto');
    const link = new RegExp(`${t.deps.config.publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/signup-secretary/([A-Za-z0-9_-]+)`);
    const token = link.exec(mail.text)?.[1];
    expect(token).toBeDefined();

    const [invite] = await t.deps.db.select().from(invites).where(eq(invites.medicId, medicId));
    expect(invite).toMatchObject({ email: 'joana.sec@clinica.com.br', acceptedAt: null });
    expect(invite!.tokenHash).not.toBe(token);

    const info = await t.app.inject({ method: 'GET', url: `/project_auth/api/v1/secretaria_convite/${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ email: 'joana.sec@clinica.com.br', medic: { first_name: 'Roberto' }, existing_account: false });
  });

  it.each([
    ['first_name', 'Preencha o nome.'],
    ['last_name', 'Preencha o sobrenome.'],
    ['cpf', 'Preencha o CPF.'],
    ['address', 'Preencha o endereço.'],
    ['cellphone', 'Preencha o celular.'],
    ['crm', 'Preencha o CRM.'],
    ['specialty', 'Escolha a especialidade.'],
    ['email', 'Preencha o e-mail.'],
    ['password', 'Preencha a senha.'],
    ['confirmPassword', 'As senhas não conferem.'],
  ])('rejects a missing %s and writes nothing', async (field, message) => {
    const body = payload();
    delete body[field];
    await expectRejected(body, message);
    const blank = field === 'specialty' ? null : /password/i.test(field) ? '' : '   ';
    await expectRejected(payload({ [field]: blank }), message);
  });

  it('rejects an invalid CPF', async () => {
    await expectRejected(payload({ cpf: '123.456.789-00' }), 'CPF Invalido!');
    await expectRejected(payload({ cpf: '111.111.111-11' }), 'CPF Invalido!');
  });

  it('rejects a malformed e-mail', async () => {
    await expectRejected(payload({ email: 'carla@' }), 'Informe um e-mail válido.');
    await expectRejected(payload({ email: 'carla clinica.com' }), 'Informe um e-mail válido.');
  });

  it('rejects an e-mail already registered, whatever its case', async () => {
    const medic = await createMedic(t.deps);
    await expectRejected(payload({ email: medic.email.toUpperCase() }), 'Este e-mail já está cadastrado.');
  });

  it('rejects a CPF already registered for another medic', async () => {
    const medic = await createMedic(t.deps);
    await expectRejected(payload({ cpf: medic.cpf }), 'Este CPF já está cadastrado.');
  });

  it('rejects different passwords', async () => {
    await expectRejected(payload({ confirmPassword: 'Outra@2024' }), 'As senhas não conferem.');
  });

  it('rejects a password shorter than eight characters', async () => {
    await expectRejected(payload({ password: 'abc123', confirmPassword: 'abc123' }), 'A senha deve ter pelo menos 8 caracteres.');
  });

  it('rejects an unknown specialty', async () => {
    await expectRejected(payload({ specialty: 999_999 }), 'Especialidade não encontrada.');
    await expectRejected(payload({ specialty: 'cardio' }), 'Especialidade não encontrada.');
  });

  it('rejects a cellphone whose DDD is not in service, with or without the country code (issue 11, item 16)', async () => {
    for (const cellphone of ['(29) 9 8765-4321', '+55 (59) 98765-4321']) {
      await expectRejected(payload({ cellphone }), 'DDD inexistente: confira o código de área do telefone.');
    }
    expect((await signup(payload({ cellphone: '+55 (79) 98765-4321' }))).statusCode).toBe(201);
  });

  it('rejects a specialty id beyond a PostgreSQL integer with a 400, not a failed query (issue 11, item 18)', async () => {
    for (const specialty of [2147483648, '2147483648', 9007199254740993, 1e300, -1, 1.5]) {
      await expectRejected(payload({ specialty }), 'Especialidade não encontrada.');
    }
  });

  it('requires consent to store the data', async () => {
    await expectRejected(payload({ IAcceptToStoreData: false }), 'É preciso autorizar o armazenamento dos dados para criar a conta.');
    const body = payload();
    delete body.IAcceptToStoreData;
    await expectRejected(body, 'É preciso autorizar o armazenamento dos dados para criar a conta.');
  });

  it('requires a valid secretary e-mail when IHaveASecretary is checked', async () => {
    await expectRejected(payload({ IHaveASecretary: true, secretary: '' }), 'Preencha o e-mail da secretária.');
    await expectRejected(payload({ IHaveASecretary: true, secretary: 'joana@' }), 'Informe um e-mail válido para a secretária.');
  });

  it('writes nothing when the invited secretary e-mail belongs to a medic', async () => {
    const other = await createMedic(t.deps);
    await expectRejected(
      payload({ IHaveASecretary: true, secretary: other.email }),
      'Este e-mail pertence a uma conta de médico e não pode ser usado por uma secretária.',
    );
  });

  it('bounds the lengths of the texts', async () => {
    await expectRejected(payload({ first_name: 'a'.repeat(151) }), 'Use no máximo 150 caracteres.');
    await expectRejected(payload({ address: 'a'.repeat(301) }), 'Use no máximo 300 caracteres.');
  });

  it('lists every problem at once', async () => {
    const res = await expectRejected(payload({ cpf: '123', email: 'carla@', IAcceptToStoreData: false }), 'CPF Invalido!');
    expect(res.json()).toMatchObject({
      error: expect.arrayContaining(['Informe um e-mail válido.', 'É preciso autorizar o armazenamento dos dados para criar a conta.']),
      cpf: ['CPF Invalido!'],
      email: ['Informe um e-mail válido.'],
    });
    // A rule across fields (the passwords match) is checked once every field is well-formed.
    const mismatch = await expectRejected(payload({ cpf: '123', confirmPassword: 'x' }), 'CPF Invalido!');
    expect(mismatch.json().error).not.toContain('As senhas não conferem.');
    await expectRejected(payload({ confirmPassword: 'x' }), 'As senhas não conferem.');
  });

  it('answers Dados inválidos. for a body that is not an object or has wrong types', async () => {
    await expectRejected([payload()], 'Dados inválidos.');
    await expectRejected(payload({ first_name: 42 }), 'Dados inválidos.');
    await expectRejected(payload({ IAcceptToStoreData: 'yes' }), 'Dados inválidos.');
    await expectRejected(payload({ specialty: { id: 1 } }), 'Dados inválidos.');
  });

  it('lets only one of two simultaneous signups with one e-mail through', async () => {
    const email = 'corrida@clinica.com.br';
    const before = await countRows(t.deps.db, users);
    const results = await Promise.all([signup(payload({ email })), signup(payload({ email }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().error).toEqual(['Este e-mail já está cadastrado.']);
    expect(await countRows(t.deps.db, users)).toBe(before + 1);
  });
});

describe('POST /project_auth/api/v1/cadastro/ rate limit (issue 11 item 18)', () => {
  it('answers 429 after ten attempts from one address in an hour, so the CPF check is no lookup for anyone', async () => {
    const address = '192.0.2.150';
    const taken = await createMedic(t.deps);
    for (let i = 0; i < 10; i++) {
      const res = await signup(payload({ cpf: formatCpf(taken.cpf) }), address);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain('Este CPF já está cadastrado.');
    }
    const before = await counts();
    const refused = await signup(payload(), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: ['Muitas tentativas de cadastro. Aguarde alguns minutos e tente novamente.'] });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
    // Malformed bodies count too.
    expect((await signup([1], address)).statusCode).toBe(429);
    // Other addresses are not affected, and the window ends.
    expect((await signup(payload())).statusCode).toBe(201);
    t.clock.advance(60 * 60 * 1000 + 1000);
    expect((await signup(payload(), address)).statusCode).toBe(201);
  });
});
