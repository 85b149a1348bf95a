import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Gender } from '../../../machines/constants';
import { formatCep } from '../../../machines/patientWizard/patientFields';
import type { patientExportQuerySchema } from '../../../machines/patientWizard/schemas';
import { formatCpf } from '../../../machines/rules/cpf';
import { formatPhone } from '../../../machines/rules/phone';
import type { Executor } from '../../db/client';
import { healthPlans, patients, users } from '../../db/schema/index';
import { csvDate, inPages, type CsvCell } from '../../http/csv';
import type { AuthUser } from '../../plugins/authenticate';
import { visibleMedicIds } from '../access/scope';
import { keysetAfter, keyValuesSql, orderByOf, type KeyValues, type SortKey } from '../keyset';
import { searchCondition } from './patient-service';

/**
 * The patients list as a CSV (issue 14 item 5; openapi exportPatients): every patient of the user's medics the
 * list's search finds (no page), in the list's order (name byte-wise, then id), read in keyset pages. What the list's
 * Patient holds, for a spreadsheet: CPF as 000.000.000-00, the birthday as dd/MM/yyyy, the phone and CEP masked.
 */
export const PATIENT_EXPORT_HEADER = [
  'Nome',
  'CPF',
  'Data de nascimento',
  'Celular',
  'Sexo',
  'Convênio',
  'Endereço',
  'CEP',
  'Médico',
] as const;

const PATIENT_EXPORT_PAGE_SIZE = 500;

const GENDER_LABELS: Record<Gender, string> = { male: 'Masculino', female: 'Feminino' };

/** The list's order (patient-service list): the normalised name byte-wise, then id. */
const PATIENT_SORT_KEYS: readonly SortKey[] = [{ expr: sql`${patients.searchText} collate "C"` }, { expr: sql`${patients.id}` }];

export async function* patientExportRows(
  db: Executor,
  user: Pick<AuthUser, 'id' | 'type'>,
  query: typeof patientExportQuerySchema.infer,
  pageSize = PATIENT_EXPORT_PAGE_SIZE,
  onRecord: (patientId: number) => void = () => {},
): AsyncGenerator<CsvCell[]> {
  const medicIds = await visibleMedicIds(db, user);
  if (medicIds.length === 0) return;
  const where = and(inArray(patients.medicId, medicIds), searchCondition(query.search));
  const orderBy = orderByOf(PATIENT_SORT_KEYS);

  const fetchPage = (after: KeyValues | null, size: number) =>
    db
      .select({
        id: patients.id,
        nome: patients.nomeCompleto,
        cpf: patients.cpf,
        birthday: patients.birthday,
        cellphone: patients.cellphone,
        gender: patients.gender,
        planName: healthPlans.fantasyName,
        address: patients.address,
        cep: patients.cep,
        medicFirstName: users.firstName,
        medicLastName: users.lastName,
        sortKey: keyValuesSql(PATIENT_SORT_KEYS),
      })
      .from(patients)
      .leftJoin(healthPlans, eq(healthPlans.id, patients.healthPlanId))
      .innerJoin(users, eq(users.id, patients.medicId))
      .where(after ? and(where, keysetAfter(PATIENT_SORT_KEYS, after)) : where)
      .orderBy(...orderBy)
      .limit(size);

  for await (const row of inPages(fetchPage, (row) => row.sortKey, pageSize)) {
    onRecord(row.id);
    yield [
      row.nome,
      formatCpf(row.cpf),
      csvDate(row.birthday),
      row.cellphone ? formatPhone(row.cellphone) : null,
      row.gender ? GENDER_LABELS[row.gender] : null,
      row.planName,
      row.address,
      row.cep ? formatCep(row.cep) : null,
      `${row.medicFirstName} ${row.medicLastName}`.trim(),
    ];
  }
}
