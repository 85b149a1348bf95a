import { randomBytes } from 'node:crypto';
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { healthPlans, patients, surgeries, type PatientRow } from '../../db/schema/index';
import { badRequest, forbidden, payloadTooLarge, type HttpError } from '../../http/errors';
import type { AuthUser } from '../../plugins/authenticate';
import { visibleMedicIds } from '../access/scope';
import { FILE_EXTENSIONS, MAX_PHOTO_BYTES, type SniffedType } from '../files/file-type';
import { PHOTO_MESSAGES } from '../files/photo';
import { createLinkSigner } from '../files/signed-links';
import { normalizeSearchText } from '../search-text';
import { deleteStoredFiles } from '../storage/file-removal';
import type { FileStorage, StoredFile } from '../storage/file-storage';
import { recordChange } from '../audit/audit-log';
import { PATIENT_MESSAGES as FIELD_MESSAGES } from '../../../machines/patientWizard/patientFields';
import type { CheckedPatientForm } from '../../../machines/patientWizard/schemas';
import { ERASURE_MESSAGES } from './patient-erasure';
import { patientFileKeys } from './patient-files';
import { createPatientList, matchesAll, searchPatterns, type PatientPage } from './patient-list';
import { writePlanCard } from './patient-plan-card';
import { buildFullAddress, selectPatients, toPatientResponse, type PatientResponse, type PatientView } from './patient-response';

type Viewer = Pick<AuthUser, 'id' | 'type'>;
type PatientServiceDeps = { db: Database; storage: FileStorage; now: () => Date };
/** A photo sent with the form, as its content says it is (JPEG, PNG or WebP). */
type PatientPhoto = { data: Buffer; type: SniffedType };
/** The patient form as the route checked it (machines/patientWizard/schemas.ts), and its photo if one was sent. */
export type PatientInput = { form: CheckedPatientForm; photo: PatientPhoto | null };

/** The API's own messages about patients; those of the form's fields are machines/patientWizard/patientFields.ts'. */
export const PATIENT_MESSAGES = {
  notFound: 'Paciente não encontrado.',
  photoNotFound: PHOTO_MESSAGES.notFound,
  duplicate: 'Paciente já cadastrado para esse médico',
  hasSurgery: 'Não é possível deletar um paciente que possui cirurgia cadastrada.',
  medicLocked: 'Não é possível trocar o médico de um paciente que possui cirurgia cadastrada.',
  photoType: PHOTO_MESSAGES.type,
  photoTooLarge: PHOTO_MESSAGES.tooLarge,
  invalidData: 'Dados inválidos.',
} as const;

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error in `cause`). */
function pgErrorCode(error: unknown): string | null {
  for (const candidate of [(error as { cause?: unknown })?.cause, error]) {
    const code = (candidate as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

const duplicatePatient = (): HttpError => badRequest([PATIENT_MESSAGES.duplicate]);

/** The unique index of (medic, CPF), hit by a concurrent write, becomes the duplicate answer. */
function asDuplicate(error: unknown): unknown {
  return pgErrorCode(error) === '23505' ? duplicatePatient() : error;
}

/** A name search (every word, accent-insensitive) or, for digits only, a CPF search. */
export function searchCondition(search: string): SQL | undefined {
  const { column, patterns } = searchPatterns(search);
  return matchesAll(column, patterns);
}

/**
 * A column's value as the audit compares it: empty and null are the same, and a CEP is its digits (older installations' demo data
 * and older rows keep the mask, 01.310-100, where the API stores 01310100), so a save that kept a field does not
 * report it as changed.
 */
function comparable(column: string, value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return column === 'cep' ? text.replace(/\D/g, '') : text;
}

/** The form's fields a patient update changed (names only, for the audit), as `campos:<api names>`, or null. */
function changedPatientFields(current: PatientRow, next: Partial<PatientRow>, newPhoto: boolean): string | null {
  const names: Record<string, string> = {
    nomeCompleto: 'nome_completo',
    cpf: 'cpf',
    birthday: 'birthday',
    cellphone: 'cellphone',
    gender: 'gender',
    healthPlanId: 'convenio',
    address: 'address',
    cep: 'cep',
    medicId: 'medic',
  };
  const changed = Object.entries(names)
    .filter(([column]) => comparable(column, (next as Record<string, unknown>)[column]) !== comparable(column, (current as Record<string, unknown>)[column]))
    .map(([, name]) => name);
  if (newPhoto) changed.push('foto');
  return changed.length > 0 ? `campos:${changed.join(',')}` : null;
}

/** The update's audit detail with `plan_card` added when the card of the plan changed. */
function withCard(fields: string | null, cardChanged: boolean): string | null {
  if (!cardChanged) return fields;
  return fields ? `${fields},plan_card` : 'campos:plan_card';
}

/**
 * Patients (SPEC §2, §3, §6; DECISIONS §2): every read and write is limited to the medics the viewer
 * may see (visibleMedicIds); a patient outside them is "not found". Writes validate everything first,
 * then store the photo, then write the row; a failed write deletes the stored photo again.
 */
export function createPatientService({ db, storage, now }: PatientServiceDeps) {
  const signer = createLinkSigner({ db, now });
  const present = (row: PatientView) => toPatientResponse(row, signer);
  const listPage = createPatientList(db);

  /** The viewer's patient `id` (locked for the transaction when `lock`), or null. */
  async function findRow(executor: Executor, viewer: Viewer, id: number, lock = false): Promise<PatientRow | null> {
    const medicIds = await visibleMedicIds(executor, viewer);
    if (medicIds.length === 0) return null;
    const query = executor
      .select()
      .from(patients)
      .where(and(eq(patients.id, id), inArray(patients.medicId, medicIds)));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  }

  async function show(id: number): Promise<PatientResponse> {
    const [row] = await selectPatients(db).where(eq(patients.id, id));
    if (!row) throw new Error('patient vanished after its write');
    return present(row);
  }

  async function hasSurgery(executor: Executor, patientId: number): Promise<boolean> {
    const [row] = await executor
      .select({ id: surgeries.id })
      .from(surgeries)
      .where(eq(surgeries.patientId, patientId))
      .limit(1);
    return Boolean(row);
  }

  async function isDuplicate(medicId: number, cpf: string, exceptId: number | null): Promise<boolean> {
    const others = exceptId ? ne(patients.id, exceptId) : undefined;
    const same = and(eq(patients.medicId, medicId), eq(patients.cpf, cpf), others);
    const [row] = await db.select({ id: patients.id }).from(patients).where(same).limit(1);
    return Boolean(row);
  }

  async function planExists(id: number): Promise<boolean> {
    const [plan] = await db.select({ id: healthPlans.id }).from(healthPlans).where(eq(healthPlans.id, id));
    return Boolean(plan);
  }

  /**
   * The checks that need the user or the database (the route checked the form): the medic (a medic's patient is
   * always theirs; a secretary names one of her linked medics, kept while the patient has a surgery), the health plan,
   * then a duplicate CPF. Throws 400 with all the problems at once; answers the patient's medic.
   */
  async function validate(viewer: Viewer, input: PatientInput, existing: PatientRow | null): Promise<number> {
    if (input.photo && input.photo.data.length > MAX_PHOTO_BYTES) throw payloadTooLarge(PATIENT_MESSAGES.photoTooLarge);
    const { form } = input;
    const problems: { medic?: string; convenio?: string } = {};
    const medicId = viewer.type === 'medic' ? viewer.id : form.medic;
    if (medicId === null) problems.medic = FIELD_MESSAGES.medicRequired;
    else if (viewer.type !== 'medic' && !(await visibleMedicIds(db, viewer)).includes(medicId)) {
      problems.medic = FIELD_MESSAGES.medicUnknown;
    } else if (existing && medicId !== existing.medicId && (await hasSurgery(db, existing.id))) {
      problems.medic = PATIENT_MESSAGES.medicLocked;
    }
    if (form.convenio !== null && !(await planExists(form.convenio))) problems.convenio = FIELD_MESSAGES.planUnknown;
    const found = Object.entries(problems);
    if (medicId === null || found.length > 0) {
      throw badRequest(
        found.map(([, message]) => message),
        Object.fromEntries(found.map(([field, message]) => [field, [message]])),
      );
    }
    if (await isDuplicate(medicId, form.cpf, existing?.id ?? null)) throw duplicatePatient();
    return medicId;
  }

  async function storePhoto(photo: PatientPhoto | null): Promise<string | null> {
    if (!photo) return null;
    const key = `patients/photo-${randomBytes(16).toString('hex')}.${FILE_EXTENSIONS[photo.type]}`;
    await storage.put(key, photo.data, photo.type);
    return key;
  }

  /**
   * Deletes files whose row is gone or was never written, retrying a failure; what still fails is swept later
   * (storage/file-removal.ts), so a removed patient's file never stays for good.
   */
  async function discard(...keys: Array<string | null | undefined>): Promise<void> {
    await deleteStoredFiles(storage, keys);
  }

  function columns(form: CheckedPatientForm, medicId: number) {
    return {
      medicId,
      nomeCompleto: form.nome_completo,
      searchText: normalizeSearchText(form.nome_completo),
      cellphone: form.cellphone,
      healthPlanId: form.convenio,
      birthday: form.birthday,
      address: form.address,
      fullAddress: buildFullAddress(form.address, form.cep),
      cep: form.cep,
      cpf: form.cpf,
      gender: form.gender,
    };
  }

  return {
    /** Signs and checks the photo links (the photo route verifies with it). */
    signer,

    /** A page of the viewer's patients ordered by name, and how many match in all (./patient-list.ts). */
    async list(viewer: Viewer, page: PatientPage): Promise<{ results: PatientResponse[]; count: number }> {
      const { rows, count } = await listPage(viewer, page);
      return { results: await Promise.all(rows.map(present)), count };
    },

    async isVisible(viewer: Viewer, id: number): Promise<boolean> {
      return (await findRow(db, viewer, id)) !== null;
    },

    async get(viewer: Viewer, id: number): Promise<PatientResponse | null> {
      const row = await findRow(db, viewer, id);
      return row ? show(row.id) : null;
    },

    async create(viewer: Viewer, input: PatientInput): Promise<PatientResponse> {
      const medicId = await validate(viewer, input, null);
      const photoKey = await storePhoto(input.photo);
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(patients)
            .values({
              ...columns(input.form, medicId),
              photoKey,
              photoContentType: input.photo?.type ?? null,
              createdBy: viewer.id,
            })
            .returning({ id: patients.id });
          await writePlanCard(tx, row!.id, input.form, now());
          await recordChange(tx, viewer, { medicId, action: 'create', entity: 'patient', entityId: row!.id, patientIds: [row!.id] }, now());
          return row!.id;
        });
      } catch (error) {
        await discard(photoKey);
        throw asDuplicate(error);
      }
      return show(id);
    },

    /** Null when the patient is not the viewer's. Without a new photo the current one stays. */
    async update(viewer: Viewer, id: number, input: PatientInput): Promise<PatientResponse | null> {
      const existing = await findRow(db, viewer, id);
      if (!existing) return null;
      if (existing.anonymizedAt) throw forbidden(ERASURE_MESSAGES.anonymizedReadOnly);
      const medicId = await validate(viewer, input, existing);
      const photoKey = await storePhoto(input.photo);
      let outcome: { found: boolean; replacedKey: string | null };
      try {
        outcome = await db.transaction(async (tx) => {
          const current = await findRow(tx, viewer, id, true);
          if (!current) return { found: false, replacedKey: null };
          // Anonymized between the check above and this lock.
          if (current.anonymizedAt) throw forbidden(ERASURE_MESSAGES.anonymizedReadOnly);
          const photo = photoKey && input.photo ? { photoKey, photoContentType: input.photo.type } : {};
          const changed = columns(input.form, medicId);
          await tx
            .update(patients)
            .set({ ...changed, ...photo, updatedAt: now() })
            .where(eq(patients.id, id));
          const cardChanged = await writePlanCard(tx, id, input.form, now());
          const fields = withCard(changedPatientFields(current, changed, Boolean(photoKey)), cardChanged);
          await recordChange(tx, viewer, [
            // The row names both tenants when a secretary moved the patient to another of her medics.
            ...new Set([current.medicId, medicId]),
          ].map((owner) => ({ medicId: owner, action: 'update' as const, entity: 'patient' as const, entityId: id, patientIds: [id], detail: fields })), now());
          return { found: true, replacedKey: photoKey ? current.photoKey : null };
        });
      } catch (error) {
        await discard(photoKey);
        throw asDuplicate(error);
      }
      if (!outcome.found) {
        await discard(photoKey);
        return null;
      }
      if (outcome.replacedKey !== photoKey) await discard(outcome.replacedKey);
      return show(id);
    },

    /** False when the patient is not the viewer's; 403 when a surgery refers to them. */
    async remove(viewer: Viewer, id: number): Promise<boolean> {
      let fileKeys: string[] | undefined;
      try {
        fileKeys = await db.transaction(async (tx) => {
          const current = await findRow(tx, viewer, id, true);
          if (!current) return undefined;
          if (await hasSurgery(tx, id)) throw forbidden(PATIENT_MESSAGES.hasSurgery);
          // Every file the patient's rows name (today the photo: a patient with a case is not deleted).
          const keys = await patientFileKeys(tx, id);
          await tx.delete(patients).where(eq(patients.id, id));
          await recordChange(tx, viewer, { medicId: current.medicId, action: 'delete', entity: 'patient', entityId: id, patientIds: [id] }, now());
          return keys;
        });
      } catch (error) {
        // A surgery created for the patient at the same moment: the foreign key refuses the delete.
        if (pgErrorCode(error) === '23503') throw forbidden(PATIENT_MESSAGES.hasSurgery);
        throw error;
      }
      if (fileKeys === undefined) return false;
      // Committed: the files follow the record.
      await discard(...fileKeys);
      return true;
    },

    /** The stored photo of patient `id` (no tenancy: the caller checked the signed link). */
    async photo(id: number): Promise<StoredFile | null> {
      const [row] = await db.select({ key: patients.photoKey }).from(patients).where(eq(patients.id, id));
      return row?.key ? storage.get(row.key) : null;
    },
  };
}
