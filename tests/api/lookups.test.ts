import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cids } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { authHeader, countRows, createMedic, createSecretary, signIn, TEST_PASSWORD } from '../helpers/fixtures';

const HEALTH_PLANS = '/surgery/api/v1/healthplan/';
const HOSPITALS = '/surgery/api/v1/hospital/';
const PROCEDURES = '/surgery/api/v1/procedure/';
const CIDS = '/surgery/api/v1/cid/';
const ALL = [HEALTH_PLANS, HOSPITALS, PROCEDURES, CIDS];

type Row = { id: number; fantasy_name?: string; code?: string; description?: string; table?: string };
type Headers = { authorization: string };

let t: TestApp;
let asMedic: Headers;
let asSecretary: Headers;

beforeAll(async () => {
  t = await buildTestApp();
  const medic = await createMedic(t.deps);
  const secretary = await createSecretary(t.deps, { medicIds: [] });
  asMedic = authHeader((await signIn(t.app, medic.email, TEST_PASSWORD)).access_token);
  asSecretary = authHeader((await signIn(t.app, secretary.email, TEST_PASSWORD)).access_token);
});
afterAll(async () => {
  await t?.close();
});

async function get(app: TestApp, path: string, search?: string, headers: Headers = asMedic, extra = '') {
  const query = search === undefined ? extra : `?search=${encodeURIComponent(search)}${extra ? `&${extra.slice(1)}` : ''}`;
  const res = await app.app.inject({ method: 'GET', url: `${path}${query}`, headers });
  expect(res.statusCode, `${path}${query}: ${res.body}`).toBe(200);
  return (res.json() as { results: Row[] }).results;
}

/** The Unimeds named first, in byte order of their names, each seated in a state capital (server/data/operadoras.csv). */
const CAPITAL_UNIMEDS = [
  'UNIMED BELÉM',
  'UNIMED BH',
  'UNIMED CAMPO GRANDE',
  'UNIMED CERRADO',
  'UNIMED CUIABÁ',
  'UNIMED CURITIBA - SOCIEDADE COOPERATIVA DE MÉDICOS',
  'UNIMED DE FORTALEZA',
  'UNIMED DE MANAUS',
  'UNIMED DO BRASIL',
  'UNIMED DO CEARA',
  'UNIMED FEDERAÇAO DO ESTADO DO MATO GROSSO',
  'UNIMED FERJ',
  'UNIMED GOIANIA',
  'UNIMED GRANDE FLORIANÓPOLIS',
  'UNIMED JOAO PESSOA',
  'UNIMED MACEIÓ COOPERATIVA DE TRABALHO MEDICO',
  'UNIMED NACIONAL',
  'UNIMED NATAL SOCIEDADE COOPERATIVA DE TRABALHO MÉDICO',
  'UNIMED NORTE/NORDESTE',
  'UNIMED PALMAS',
  'UNIMED PARAIBA',
  'UNIMED PARANÁ',
  'UNIMED PORTO ALEGRE',
  'UNIMED PORTO VELHO',
  'UNIMED RECIFE COOPERATIVA DE TRABALHO MÉDICO',
  'UNIMED RIO BRANCO COOPERATIVA DE TRABALHO MEDICO LTDA',
  'UNIMED RIO COOPERATIVA DE TRABALHO MEDICO DO RJ LTDA',
  'UNIMED RIO GRANDE DO SUL',
  'UNIMED SAÚDE E ODONTO S.A',
  'UNIMED TERESINA',
  'UNIMED VITORIA',
];

const accentless = (text: string) => text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();

describe('lookups: authentication and shared access', () => {
  it('answer 401 without a token', async () => {
    for (const path of ALL) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(401);
      expect(res.json()).toEqual({ error: ['Sessão expirada. Entre novamente.'] });
    }
  });

  it('answer the same rows to a medic and to a secretary (linked to nobody)', async () => {
    for (const path of ALL) {
      const asMedicRows = await get(t, path);
      expect(asMedicRows.length, path).toBeGreaterThan(0);
      expect(asMedicRows.length).toBeLessThanOrEqual(50);
      expect(await get(t, path, undefined, asSecretary)).toEqual(asMedicRows);
    }
  });

  it('answer 400 in pt-BR to a search over 100 characters or a repeated search', async () => {
    for (const path of ALL) {
      const long = await t.app.inject({ method: 'GET', url: `${path}?search=${'x'.repeat(101)}`, headers: asMedic });
      expect(long.statusCode, path).toBe(400);
      expect(long.json().error).toEqual(['O texto de busca deve ter no máximo 100 caracteres.']);
      const repeated = await t.app.inject({ method: 'GET', url: `${path}?search=a&search=b`, headers: asMedic });
      expect(repeated.statusCode, path).toBe(400);
      expect(repeated.json().error).toEqual(['Parâmetro repetido na consulta.']);
    }
  });

  it('treat LIKE wildcards as plain text', async () => {
    for (const path of ALL) {
      for (const search of ['%', '_', '%%%']) expect(await get(t, path, search), `${path} ${search}`).toEqual([]);
    }
  });
});

describe('GET /surgery/api/v1/healthplan/', () => {
  it('lists plans ordered by name and finds them without case or accents', async () => {
    const all = await get(t, HEALTH_PLANS);
    const names = all.map((row) => accentless(row.fantasy_name!));
    expect(names).toEqual([...names].sort());
    const first = all[0]!;
    const found = await get(t, HEALTH_PLANS, first.fantasy_name!.toUpperCase());
    expect(found.map((row) => row.id)).toContain(first.id);
    for (const row of found) expect(Object.keys(row).sort()).toEqual(['ans_registry', 'fantasy_name', 'id']);
  });
});

describe('GET /surgery/api/v1/hospital/', () => {
  it('finds hospitals by a word of the name without case or accents', async () => {
    const all = await get(t, HOSPITALS);
    const target = all.find((row) => /[À-ú]/.test(row.fantasy_name!)) ?? all[0]!;
    const word = accentless(target.fantasy_name!).split(' ').sort((a, b) => b.length - a.length)[0]!;
    const found = await get(t, HOSPITALS, word.toUpperCase());
    expect(found.map((row) => row.id)).toContain(target.id);
  });
});

describe('GET /surgery/api/v1/procedure/', () => {
  it("finds COLECISTECTOMIA with 'colecistectomia', in both tables, TUSS first, then by code", async () => {
    const found = await get(t, PROCEDURES, 'colecistectomia');
    expect(found.map((row) => row.code)).toEqual(expect.arrayContaining(['0407030026', '0407030034', '31005128']));
    for (const row of found) expect(accentless(row.description!)).toContain('colecistectomia');
    // Every name here starts with the word: the TUSS rows (what a plan bills by) first, each table by code.
    const byTable = (table: string) => found.filter((row) => row.table === table).map((row) => row.code!);
    expect(found.map((row) => row.code)).toEqual([...byTable('tuss').sort(), ...byTable('sigtap').sort()]);
    expect(found.find((row) => row.code === '0407030034')).toEqual({
      id: expect.any(Number),
      code: '0407030034',
      description: 'COLECISTECTOMIA VIDEOLAPAROSCÓPICA',
      table: 'sigtap',
    });
  });

  it('matches accents and several words in any order', async () => {
    const found = await get(t, PROCEDURES, 'videolaparoscopica COLECISTECTOMIA');
    expect(found.map((row) => row.code)).toEqual(['0407030034']);
  });

  it('finds by code, with or without a mask', async () => {
    expect((await get(t, PROCEDURES, '0407030034')).map((row) => row.code)).toEqual(['0407030034']);
    expect((await get(t, PROCEDURES, '3.10.05.12-8')).map((row) => row.code)).toEqual(['31005128']);
  });

  it("shows one entry for a procedure both catalogues name ('tireoidectomia total'), found by either code", async () => {
    // TUSS 30213053 'Tireoidectomia total' and SIGTAP 0402010043 'TIREOIDECTOMIA TOTAL' are one procedure: its TUSS
    // entry (issue 11, item 9).
    const entry = { id: expect.any(Number), code: '30213053', description: 'Tireoidectomia total', table: 'tuss' };
    expect(await get(t, PROCEDURES, 'tireoidectomia total')).toEqual([entry]);
    expect(await get(t, PROCEDURES, 'TIREOIDECTOMIA TOTAL')).toEqual([entry]);
    expect(await get(t, PROCEDURES, '0402010043')).toEqual([entry]);
    expect(await get(t, PROCEDURES, '04.02.01.004-3')).toEqual([entry]);
    // One entry per name: no two answers share a name, case and accents aside.
    for (const search of ['tireoidectomia', 'apendicectomia', 'colecistectomia', 'hernio']) {
      const names = (await get(t, PROCEDURES, search)).map((row) => accentless(row.description!));
      expect(new Set(names).size, search).toBe(names.length);
    }
  });

  it('filters by table and refuses an unknown table', async () => {
    const tuss = await get(t, PROCEDURES, 'colecistectomia', asMedic, '?table=tuss');
    expect(tuss.length).toBeGreaterThan(0);
    for (const row of tuss) expect(row.table).toBe('tuss');
    const sigtap = await get(t, PROCEDURES, undefined, asMedic, '?table=sigtap');
    for (const row of sigtap) expect(row.table).toBe('sigtap');
    for (const table of ['cbhpm', 'TUSS']) {
      const res = await t.app.inject({ method: 'GET', url: `${PROCEDURES}?table=${table}`, headers: asMedic });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: ['Tabela inválida: use tuss ou sigtap.'], table: ['Tabela inválida: use tuss ou sigtap.'] });
    }
  });
});

describe('GET /surgery/api/v1/cid/', () => {
  it("finds K80.2 by its code with or without the dot ('k802', 'K80.2', 'k80.2')", async () => {
    for (const search of ['k802', 'K80.2', 'k80.2', ' K802 ']) {
      const found = await get(t, CIDS, search);
      expect(found.map((row) => row.code), search).toEqual(['K80.2']);
    }
    expect((await get(t, CIDS, 'K80.2'))[0]).toEqual({
      id: expect.any(Number),
      code: 'K80.2',
      description: 'Calculose da vesícula biliar sem colecistite',
    });
  });

  it('finds every code of a category by its prefix, ordered by code', async () => {
    const found = await get(t, CIDS, 'k80');
    expect(found.map((row) => row.code)).toEqual(['K80.0', 'K80.1', 'K80.2']);
  });

  it('finds by description without accents or case', async () => {
    const found = await get(t, CIDS, 'VESICULA biliar calculose');
    expect(found.map((row) => row.code)).toEqual(expect.arrayContaining(['K80.0', 'K80.1', 'K80.2']));
    for (const row of found) expect(accentless(row.description!)).toContain('vesicula');
  });
});

describe('lookups over the full reference tables', () => {
  let full: TestApp;
  let headers: Headers;

  beforeAll(async () => {
    full = await buildTestApp({ seedLookups: 'full' });
    const medic = await createMedic(full.deps);
    headers = authHeader((await signIn(full.app, medic.email, TEST_PASSWORD)).access_token);
  });
  afterAll(async () => {
    await full?.close();
  });

  it('never answers more than 50 rows (the CID table has 12,451)', async () => {
    expect(await countRows(full.deps.db, cids)).toBe(12_451);
    // The hospital list is short (a few known hospitals); the others have thousands of rows.
    for (const path of [HEALTH_PLANS, PROCEDURES, CIDS]) {
      expect((await get(full, path, undefined, headers)).length, path).toBe(50);
      expect((await get(full, path, 'a', headers)).length, path).toBe(50);
    }
    expect((await get(full, HOSPITALS, undefined, headers)).length).toBeLessThanOrEqual(50);
  });

  it('shows one entry per procedure name in the full catalogues too', async () => {
    // Other procedures hold the words too ('TIREOIDECTOMIA TOTAL EM ONCOLOGIA'); the one named so is listed once.
    const found = await get(full, PROCEDURES, 'tireoidectomia total', headers);
    const named = found.filter((row) => accentless(row.description!) === 'tireoidectomia total');
    expect(named.map((row) => [row.code, row.description, row.table])).toEqual([['30213053', 'Tireoidectomia total', 'tuss']]);
    expect((await get(full, PROCEDURES, '0402010043', headers)).map((row) => row.code)).toEqual(['30213053']);
    const names = (await get(full, PROCEDURES, 'traqueostomia', headers)).map((row) => accentless(row.description!));
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
  });

  it("lists the plans whose name starts with the words first: 'unimed' gives UNIMED plans before INTRA SUL DE MINAS", async () => {
    const found = await get(full, HEALTH_PLANS, 'unimed', headers);
    const names = found.map((row) => accentless(row.fantasy_name!));
    expect(names.length).toBe(50);
    expect(names.every((name) => name.startsWith('unimed'))).toBe(true);
    // INTRA SUL DE MINAS matches only through its corporate name (UNIMED INTRAFEDERATIVA ...): it comes after them.
    const intra = await get(full, HEALTH_PLANS, 'unimed intrafederativa sul', headers);
    expect(intra.map((row) => row.fantasy_name)).toContain('INTRA SUL DE MINAS');
    const federations = await get(full, HEALTH_PLANS, 'unimed federacao', headers);
    const firstOther = federations.findIndex((row) => !accentless(row.fantasy_name!).startsWith('unimed'));
    const lastUnimed = federations.map((row) => accentless(row.fantasy_name!).startsWith('unimed')).lastIndexOf(true);
    if (firstOther !== -1) expect(firstOther).toBeGreaterThan(lastUnimed);
  });

  it("'unimed' lists the operators seated in a state capital (the large Unimeds) before UNIMED (RS) ERECHIM (issue 33 item 20)", async () => {
    const found = await get(full, HEALTH_PLANS, 'unimed', headers);
    const names = found.map((row) => row.fantasy_name);
    expect(names.slice(0, CAPITAL_UNIMEDS.length)).toEqual(CAPITAL_UNIMEDS);
    expect(names.slice(CAPITAL_UNIMEDS.length, CAPITAL_UNIMEDS.length + 3)).toEqual([
      'UNIMED (RS) ERECHIM',
      'UNIMED (RS) VALE DO SINOS',
      'UNIMED - COOPERATIVA DE SERVIÇOS DE SAÚDE DOS VALES DO TAQUARI E RIO PARDO LTDA.',
    ]);
  });

  it("finds a plan typed without the space its name has: 'sulamerica' and 'sulamérica' find SUL AMERICA", async () => {
    for (const search of ['sulamerica', 'sulamérica', 'SulAmérica saude']) {
      const found = await get(full, HEALTH_PLANS, search, headers);
      expect(found.map((row) => row.fantasy_name), search).toContain('SUL AMERICA COMPANHIA DE SEGURO SAÚDE');
      expect(accentless(found[0]!.fantasy_name!).startsWith('sul america'), search).toBe(true);
    }
  });

  it("tells plans named alike apart by their ANS registry ('bradesco')", async () => {
    const found = (await get(full, HEALTH_PLANS, 'bradesco', headers)) as Array<Row & { ans_registry: string | null }>;
    const registries = found.map((row) => row.ans_registry);
    expect(registries).toEqual(expect.arrayContaining(['005711', '421715']));
    expect(new Set(registries).size).toBe(found.length);
  });

  it("lists the procedures whose name starts with the search first, TUSS before SIGTAP ('artroplastia joelho')", async () => {
    const found = await get(full, PROCEDURES, 'artroplastia joelho', headers);
    // Before: by code, so the SIGTAP (04…) codes and 'Revisões de artroplastia total' came first.
    expect(found[0]).toMatchObject({ code: '30726034', table: 'tuss' });
    const revision = found.findIndex((row) => accentless(row.description!).startsWith('revis'));
    const lastStartingWithTheWord = found.map((row) => accentless(row.description!).startsWith('artroplastia')).lastIndexOf(true);
    if (revision !== -1) expect(revision).toBeGreaterThan(lastStartingWithTheWord);
    const firstSigtap = found.findIndex((row) => row.table === 'sigtap');
    const startingTuss = found.filter((row) => row.table === 'tuss' && accentless(row.description!).startsWith('artroplastia'));
    expect(firstSigtap).toBeGreaterThanOrEqual(startingTuss.length);
  });

  it("finds the colecistectomias and 'k802' in the full tables too", async () => {
    const procedures = await get(full, PROCEDURES, 'colecistectomia', headers);
    expect(procedures.length).toBeGreaterThanOrEqual(6);
    expect((await get(full, CIDS, 'k802', headers)).map((row) => row.code)).toEqual(['K80.2']);
    const k80 = await get(full, CIDS, 'K80', headers);
    expect(k80.map((row) => row.code).every((code) => code!.startsWith('K80'))).toBe(true);
  });
});
