import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { procedures, surgeryProcedures } from '../../server/db/schema/index';
import { mergeProcedureCatalogues, type CatalogueRow } from '../../server/db/procedure-catalogue';
import { normalizeSearchText } from '../../server/services/search-text';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery } from '../helpers/clinical-fixtures';
import { authHeader, createMedic, signIn, TEST_PASSWORD } from '../helpers/fixtures';

/**
 * One procedure catalogue (issue 11, item 9; docs/first-week/clinical.md): the seed's merge of TUSS and SIGTAP rows
 * named alike, and migration 0003, which does the same on a database seeded before (two rows, cases on either).
 */

const row = (table: 'tuss' | 'sigtap', code: string, description: string, groupName: string | null = null): CatalogueRow => ({
  table,
  code,
  description,
  groupName,
  searchText: normalizeSearchText(code, description),
});

describe('mergeProcedureCatalogues', () => {
  it('keeps the TUSS row of a name both catalogues hold, with the SIGTAP code and sub-group, and every other row', () => {
    const tuss = [row('tuss', '30213053', 'Tireoidectomia total'), row('tuss', '31003583', 'Apendicectomia por videolaparoscopia')];
    const sigtap = [
      row('sigtap', '0402010043', 'TIREOIDECTOMIA  TOTAL', 'Cirurgia de glândulas endócrinas'),
      row('sigtap', '0407020047', 'APENDICECTOMIA VIDEOLAPAROSCÓPICA', 'Cirurgia do aparelho digestivo'),
    ];
    expect(mergeProcedureCatalogues(tuss, sigtap)).toEqual([
      {
        table: 'tuss',
        code: '30213053',
        description: 'Tireoidectomia total',
        groupName: 'Cirurgia de glândulas endócrinas',
        searchText: '30213053 tireoidectomia total 0402010043',
      },
      tuss[1],
      sigtap[1],
    ]);
  });

  it('matches names whatever their case, accents and spacing', () => {
    const merged = mergeProcedureCatalogues([row('tuss', '1', 'Correção cirúrgica')], [row('sigtap', '2', ' CORRECAO   CIRURGICA ')]);
    expect(merged.map((entry) => entry.code)).toEqual(['1']);
  });
});

describe('migration 0003 on a database seeded with both rows', () => {
  let t: TestApp;
  const migration = readFileSync(new URL('../../server/db/migrations/0003_one_procedure_catalogue.sql', import.meta.url), 'utf8');
  const runMigration = async () => {
    for (const statement of migration.split('--> statement-breakpoint')) await t.deps.db.execute(sql.raw(statement));
  };

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('moves the cases to the TUSS row (once per case), keeps the SIGTAP code and removes the SIGTAP row', async () => {
    // The old seed's rows: search text = code + the normalised name.
    const inserted = await t.deps.db
      .insert(procedures)
      .values([
        row('tuss', '39999001', 'Ressecção legada de teste'),
        row('sigtap', '0499999001', 'RESSECÇÃO LEGADA DE TESTE', 'Cirurgia de teste'),
        row('sigtap', '0499999002', 'OUTRA RESSECÇÃO DE TESTE', 'Cirurgia de teste'),
      ])
      .returning({ id: procedures.id });
    const [tussId, sigtapId, otherId] = inserted.map((entry) => entry.id) as [number, number, number];
    const medic = await createMedic(t.deps);
    const onSigtap = await insertSurgery(t.deps.db, await insertPatient(t.deps.db, medic.id), {
      status: 'ind_paciente',
      procedureIds: [otherId, sigtapId],
    });
    const onBoth = await insertSurgery(t.deps.db, await insertPatient(t.deps.db, medic.id), {
      status: 'prep_doc',
      procedureIds: [tussId, sigtapId],
    });
    const onTuss = await insertSurgery(t.deps.db, await insertPatient(t.deps.db, medic.id), {
      status: 'agendamento',
      procedureIds: [tussId],
    });

    await runMigration();

    const rows = await t.deps.db.select().from(procedures).where(inArray(procedures.id, [tussId, sigtapId, otherId]));
    expect(rows.map((entry) => [entry.id, entry.code, entry.groupName, entry.searchText]).sort()).toEqual(
      [
        [tussId, '39999001', 'Cirurgia de teste', '39999001 resseccao legada de teste 0499999001'],
        [otherId, '0499999002', 'Cirurgia de teste', '0499999002 outra resseccao de teste'],
      ].sort(),
    );
    const links = async (surgeryId: number) =>
      (
        await t.deps.db
          .select({ procedureId: surgeryProcedures.procedureId })
          .from(surgeryProcedures)
          .where(eq(surgeryProcedures.surgeryId, surgeryId))
          .orderBy(surgeryProcedures.position)
      ).map((link) => link.procedureId);
    expect(await links(onSigtap.id)).toEqual([otherId, tussId]);
    expect(await links(onBoth.id)).toEqual([tussId]);
    expect(await links(onTuss.id)).toEqual([tussId]);

    // One lookup entry, found by either code; one bar of three cases.
    const headers = authHeader((await signIn(t.app, medic.email, TEST_PASSWORD)).access_token);
    const lookup = async (search: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/procedure/?search=${search}`, headers });
      return (res.json() as { results: Array<{ code: string }> }).results.map((entry) => entry.code);
    };
    expect(await lookup('resseccao%20legada')).toEqual(['39999001']);
    expect(await lookup('0499999001')).toEqual(['39999001']);
    const res = await t.app.inject({ method: 'GET', url: '/surgery/api/v1/dashboard/', headers });
    const graphs = (res.json() as { dash_graph: Record<string, Array<{ name: string; value: number }>> }).dash_graph;
    expect(graphs.qtd_procedim_prev).toEqual([
      { name: 'Ressecção legada de teste', value: 3 },
      { name: 'OUTRA RESSECÇÃO DE TESTE', value: 1 },
    ]);

    // A second run changes nothing.
    const before = await t.deps.db.select().from(procedures).where(inArray(procedures.id, [tussId, otherId]));
    await runMigration();
    expect(await t.deps.db.select().from(procedures).where(inArray(procedures.id, [tussId, otherId]))).toEqual(before);
  });
});
