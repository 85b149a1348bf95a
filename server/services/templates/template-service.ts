import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import {
  cids,
  healthPlans,
  hospitals,
  patients,
  procedures,
  specialties,
  surgeries,
  surgeryCids,
  surgeryProcedures,
  users,
} from '../../db/schema/index';
import { HttpError, notFound } from '../../http/errors';
import type { AuthUser } from '../../plugins/authenticate';
import { visibleSurgery } from '../access/scope';
import type { FileStorage } from '../storage/file-storage';
import { SURGERY_NOT_FOUND } from '../surgeries/surgery-service';
import { readOpmeItems } from '../preoperative/opme-items';
import { DOCX_CONTENT_TYPE, fillDocxTemplate, inspectDocxTemplate, TemplateProblemError, type TemplateProblem } from './docx-template';
import type { TemplateFiller } from './template-filler';
import {
  buildTemplateValues,
  documentValues,
  KNOWN_PLACEHOLDERS,
  TEMPLATE_DOCUMENTS,
  withheldPlaceholders,
  type TemplateCase,
  type TemplateDocument,
  type TemplateOpmeItem,
} from './template-data';
import { caseTemplateKey } from './template-keys';
import { MESSAGE_PLACEHOLDERS, type MessagePlaceholder, type MessageValues } from '../../../machines/patientMessages/constants';
import { isShippedKey, readTemplateFile, shippedTemplateKey, type ShippedTemplate } from './template-files';

/**
 * The DOCX templates of hospitals and health plans (SPEC §4 "Document sending", §7 download; DECISIONS §7): filling
 * a case's template for download, and attaching or removing a template (the CLI, scripts/template.ts).
 */

/** Which template a download asks for (openapi TemplateKind): the case's hospital's, or its health plan's. */
const TEMPLATE_KINDS = TEMPLATE_DOCUMENTS;
type TemplateKind = TemplateDocument;

export const TEMPLATE_MESSAGES = {
  /** SPEC §8, exactly. */
  hospitalWithout: 'Esse Hospital não tem template',
  planWithout: 'Esse Plano de saude não tem template',
  unknownKind: 'Modelo não encontrado.',
  broken: {
    hospital:
      'Não foi possível preencher o modelo do hospital: o arquivo DOCX tem marcadores inválidos ou está corrompido. Corrija o modelo e anexe-o novamente.',
    plano:
      'Não foi possível preencher o modelo do plano de saúde: o arquivo DOCX tem marcadores inválidos ou está corrompido. Corrija o modelo e anexe-o novamente.',
  },
  missing: {
    hospital: 'O arquivo do modelo do hospital não foi encontrado no servidor. Anexe o modelo novamente.',
    plano: 'O arquivo do modelo do plano de saúde não foi encontrado no servidor. Anexe o modelo novamente.',
  },
} as const;

/** A template that exists but cannot be filled; the route logs `problems` (template text only) and answers 500. */
export class TemplateFillError extends Error {
  constructor(
    readonly kind: TemplateKind,
    readonly reason: 'broken' | 'missing',
    readonly problems: TemplateProblem[],
  ) {
    super(`template ${kind} ${reason}`);
    this.name = 'TemplateFillError';
  }

  /** The answer (contract: 500 ErrorList), with a machine-readable code beside the pt-BR message. */
  toHttpError(): HttpError {
    return new HttpError(500, {
      error: [TEMPLATE_MESSAGES[this.reason][this.kind]],
      code: this.reason === 'broken' ? 'TEMPLATE_INVALID' : 'TEMPLATE_MISSING',
    });
  }
}

export function isTemplateKind(value: string): value is TemplateKind {
  return (TEMPLATE_KINDS as readonly string[]).includes(value);
}

type User = Pick<AuthUser, 'id' | 'type'>;

/** The case with everything a template shows, and its two template keys, or null (missing or another tenant's). */
async function loadCase(db: Executor, user: User, id: number) {
  const visible = await visibleSurgery(db, user, id);
  if (!visible) return null;
  const [row] = await db
    .select({
      id: surgeries.id,
      medicId: surgeries.medicId,
      patientId: surgeries.patientId,
      scheduleNote: surgeries.scheduleNote,
      patientAnonymizedAt: patients.anonymizedAt,
      createdAt: surgeries.createdAt,
      paymentFountains: surgeries.paymentFountains,
      opme: surgeries.opme,
      feesPayments: surgeries.feesPayments,
      surgeryNote: surgeries.surgeryNote,
      documentArrivals: surgeries.documentArrivals,
      documentNote: surgeries.documentNote,
      schedule: surgeries.schedule,
      accomplishment: surgeries.accomplishment,
      patientName: patients.nomeCompleto,
      patientCpf: patients.cpf,
      patientBirthday: patients.birthday,
      patientGender: patients.gender,
      patientCellphone: patients.cellphone,
      patientFullAddress: patients.fullAddress,
      patientCep: patients.cep,
      medicFirstName: users.firstName,
      medicLastName: users.lastName,
      medicCrm: users.crm,
      medicEmail: users.email,
      medicCellphone: users.cellphone,
      medicSpecialty: specialties.name,
      hospitalId: hospitals.id,
      hospitalName: hospitals.fantasyName,
      hospitalCity: hospitals.city,
      hospitalUf: hospitals.uf,
      hospitalAddress: hospitals.address,
      hospitalCnes: hospitals.cnes,
      hospitalCnpj: hospitals.cnpj,
      hospitalTemplateKey: caseTemplateKey('hospital'),
      planId: healthPlans.id,
      planName: healthPlans.fantasyName,
      planAnsRegistry: healthPlans.ansRegistry,
      planTemplateKey: caseTemplateKey('plano'),
    })
    .from(surgeries)
    .innerJoin(patients, eq(patients.id, surgeries.patientId))
    .innerJoin(users, eq(users.id, surgeries.medicId))
    .leftJoin(specialties, eq(specialties.id, users.specialtyId))
    .leftJoin(hospitals, eq(hospitals.id, surgeries.hospitalId))
    .leftJoin(healthPlans, eq(healthPlans.id, surgeries.healthPlanId))
    .where(visible)
    .limit(1);
  return row ?? null;
}

type CaseRow = NonNullable<Awaited<ReturnType<typeof loadCase>>>;

async function loadCodes(db: Executor, surgeryId: number) {
  const [procedureRows, cidRows] = await Promise.all([
    db
      .select({ code: procedures.code, description: procedures.description, table: procedures.table })
      .from(surgeryProcedures)
      .innerJoin(procedures, eq(procedures.id, surgeryProcedures.procedureId))
      .where(eq(surgeryProcedures.surgeryId, surgeryId))
      .orderBy(asc(surgeryProcedures.position)),
    db
      .select({ code: cids.code, description: cids.description })
      .from(surgeryCids)
      .innerJoin(cids, eq(cids.id, surgeryCids.cidId))
      .where(eq(surgeryCids.surgeryId, surgeryId))
      .orderBy(asc(surgeryCids.position)),
  ]);
  return { procedureRows, cidRows, ...(await loadOpme(db, surgeryId)) };
}

/**
 * The case's OPME materials in order, with the chosen quote's totals by the shared rule (machines/preoperative/
 * opmeRules.ts `chosenTotalCents`: a 'parcial' item counts its authorized quantity), as numeric text.
 */
async function loadOpme(db: Executor, surgeryId: number): Promise<{ opmeItems: TemplateOpmeItem[]; opmeTotal: string | null }> {
  const { items, totalCents } = await readOpmeItems(db, surgeryId);
  if (items.length === 0) return { opmeItems: [], opmeTotal: null };
  const opme = items.map(({ description, quantity, decision, authorizedQuantity, suppliers, chosenQuote: chosen, totalCents: total }) => ({
    description,
    quantity,
    decision,
    authorizedQuantity,
    chosen: chosen ? { supplier: chosen.supplier, brand: chosen.brand, unitPrice: chosen.unitPrice, total: decimalOf(total) } : null,
    suppliers: suppliers.map(({ supplier, brand, unitPrice }) => ({ supplier, brand, unitPrice })),
  }));
  return { opmeTotal: decimalOf(totalCents), opmeItems: opme };
}

/** Centavos as numeric text ('1250.50'), as the template data takes money; null stays null. */
function decimalOf(cents: number | null): string | null {
  return cents === null ? null : (cents / 100).toFixed(2);
}

function toTemplateCase(row: CaseRow, codes: Awaited<ReturnType<typeof loadCodes>>): TemplateCase {
  return {
    id: row.id,
    createdAt: row.createdAt,
    paymentFountains: row.paymentFountains,
    opme: row.opme,
    feesPayments: row.feesPayments,
    surgeryNote: row.surgeryNote,
    documentArrivals: row.documentArrivals,
    documentNote: row.documentNote,
    schedule: row.schedule,
    accomplishment: row.accomplishment,
    patient: {
      name: row.patientName,
      cpf: row.patientCpf,
      birthday: row.patientBirthday,
      gender: row.patientGender,
      cellphone: row.patientCellphone,
      fullAddress: row.patientFullAddress,
      cep: row.patientCep,
    },
    medic: {
      firstName: row.medicFirstName,
      lastName: row.medicLastName,
      crm: row.medicCrm,
      specialty: row.medicSpecialty,
      email: row.medicEmail,
      cellphone: row.medicCellphone,
    },
    hospital:
      row.hospitalName === null
        ? null
        : {
            name: row.hospitalName,
            city: row.hospitalCity,
            uf: row.hospitalUf,
            address: row.hospitalAddress,
            cnes: row.hospitalCnes,
            cnpj: row.hospitalCnpj,
          },
    healthPlan: row.planName === null ? null : { name: row.planName, ansRegistry: row.planAnsRegistry },
    procedures: codes.procedureRows,
    cids: codes.cidRows,
    opmeItems: codes.opmeItems,
    opmeTotal: codes.opmeTotal,
  };
}

type FilledTemplate = { filename: string; contentType: string; data: Buffer };

/** The case a message goes about: its keys, the patient's contact, and the values its templates show. */
export type MessageCase = {
  id: number;
  medicId: number;
  patientId: number;
  patientCellphone: string | null;
  patientAnonymized: boolean;
  values: MessageValues;
};

/**
 * The user's case `id` as a message to its patient sees it (issue 39 item 2), or null (missing or another tenant's):
 * the DOCX templates' values under the same names, plus the patient's first name and the scheduling note.
 */
export async function loadMessageCase(db: Executor, user: User, id: number, now: Date): Promise<MessageCase | null> {
  const row = await loadCase(db, user, id);
  if (!row) return null;
  const all = buildTemplateValues(toTemplateCase(row, await loadCodes(db, row.id)), now);
  const values = Object.fromEntries(
    (Object.keys(MESSAGE_PLACEHOLDERS) as MessagePlaceholder[]).map((name) => [name, name in all ? String(all[name as keyof typeof all]) : '']),
  ) as MessageValues;
  values.paciente_primeiro_nome = row.patientName.trim().split(/\s+/)[0] ?? '';
  values.observacao_agendamento = row.scheduleNote?.trim() ?? '';
  return {
    id: row.id,
    medicId: row.medicId,
    patientId: row.patientId,
    patientCellphone: row.patientCellphone,
    patientAnonymized: row.patientAnonymizedAt !== null,
    values,
  };
}

export function createTemplateService({
  db,
  storage,
  now,
  filler,
}: {
  db: Database;
  storage: FileStorage;
  now: () => Date;
  /** Fills off the event loop (a worker thread); without one, in this thread (scripts, tests of the rules). */
  filler?: TemplateFiller;
}) {
  return {
    /**
     * The case's hospital (`hospital`) or plan (`plano`) template filled with its data. 404 for a case that is not
     * the user's and for a hospital or plan without a template (SPEC §8 messages); TemplateFillError for a
     * template that cannot be read or filled.
     */
    async fill(user: User, kind: TemplateKind, surgeryId: number): Promise<FilledTemplate> {
      const row = await loadCase(db, user, surgeryId);
      if (!row) throw notFound(SURGERY_NOT_FOUND);
      const key = kind === 'hospital' ? row.hospitalTemplateKey : row.planTemplateKey;
      if (!key) throw notFound(kind === 'hospital' ? TEMPLATE_MESSAGES.hospitalWithout : TEMPLATE_MESSAGES.planWithout);
      const template = await readTemplateFile(storage, key);
      if (!template) throw new TemplateFillError(kind, 'missing', []);
      // Only what this recipient may read (docs/TEMPLATES.md): an internal value never reaches the template.
      const values = documentValues(buildTemplateValues(toTemplateCase(row, await loadCodes(db, row.id)), now()), kind);
      let data: Buffer;
      try {
        data = filler ? await filler.fill(template, values) : fillDocxTemplate(template, values);
      } catch (error) {
        if (error instanceof TemplateProblemError) throw new TemplateFillError(kind, 'broken', error.problems);
        throw error;
      }
      return { filename: `modelo-${kind}-cirurgia-${row.id}.docx`, contentType: DOCX_CONTENT_TYPE, data };
    },
  };
}

/* ---------------------------------------------------------------------------------------- attaching (CLI) */

export type TemplateOwner = 'hospital' | 'plano';

const ownerTable = (owner: TemplateOwner) => (owner === 'hospital' ? hospitals : healthPlans);

const ATTACH_MESSAGES = {
  hospitalNotFound: (id: number) => `Hospital ${id} não encontrado.`,
  planNotFound: (id: number) => `Plano de saúde ${id} não encontrado.`,
} as const;

export class AttachTemplateError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join(' '));
    this.name = 'AttachTemplateError';
  }
}

export type AttachResult = {
  name: string;
  key: string;
  previousKey: string | null;
  /** Placeholder names the template uses. */
  tags: string[];
  /** Names the product does not fill (they will come out empty): probably typos. */
  unknownTags: string[];
  /** Known names this owner's document never gets (internal, or not for this recipient): they come out empty. */
  withheldTags: string[];
};

/** The placeholders a template uses that the product does not know. */
export function unknownPlaceholders(tags: string[]): string[] {
  return tags.filter((tag) => !KNOWN_PLACEHOLDERS.has(tag));
}

/**
 * Attaching and removing templates (scripts/template.ts). A file is checked first (a real DOCX whose placeholders
 * parse: AttachTemplateError otherwise), stored, and only then pointed to; the file it replaces is deleted after
 * the row changed (a shipped template is never deleted). A failed row update deletes the new file again.
 */
export function createTemplateAttacher({ db, storage }: { db: Database; storage: FileStorage }) {
  async function ownerRow(owner: TemplateOwner, id: number) {
    const table = ownerTable(owner);
    const [row] = await db
      .select({ name: table.fantasyName, key: table.templateFileKey })
      .from(table)
      .where(eq(table.id, id));
    if (!row) {
      throw new AttachTemplateError([owner === 'hospital' ? ATTACH_MESSAGES.hospitalNotFound(id) : ATTACH_MESSAGES.planNotFound(id)]);
    }
    return row;
  }

  async function point(owner: TemplateOwner, id: number, key: string | null): Promise<string | null> {
    const table = ownerTable(owner);
    return db.transaction(async (tx) => {
      const [current] = await tx
        .select({ key: table.templateFileKey })
        .from(table)
        .where(eq(table.id, id))
        .for('update');
      await tx.update(table).set({ templateFileKey: key }).where(eq(table.id, id));
      return current?.key ?? null;
    });
  }

  async function discard(key: string | null): Promise<void> {
    if (key && !isShippedKey(key)) await storage.delete(key).catch(() => {});
  }

  return {
    /** Checks `data` and makes it the template of hospital/plan `id`. */
    async attach(owner: TemplateOwner, id: number, data: Buffer): Promise<AttachResult> {
      const { name } = await ownerRow(owner, id);
      let tags: string[];
      try {
        tags = inspectDocxTemplate(data).tags;
      } catch (error) {
        if (error instanceof TemplateProblemError) throw new AttachTemplateError(error.problems.map((problem) => problem.message));
        throw error;
      }
      const key = `templates/${owner}-${id}-${randomBytes(12).toString('hex')}.docx`;
      await storage.put(key, data, DOCX_CONTENT_TYPE);
      let previousKey: string | null;
      try {
        previousKey = await point(owner, id, key);
      } catch (error) {
        await discard(key);
        throw error;
      }
      await discard(previousKey);
      return { name, key, previousKey, tags, unknownTags: unknownPlaceholders(tags), withheldTags: withheldPlaceholders(tags, owner) };
    },

    /** Points hospital/plan `id` at one of the shipped generic templates. */
    async attachShipped(owner: TemplateOwner, id: number, which: ShippedTemplate = owner): Promise<AttachResult> {
      const { name } = await ownerRow(owner, id);
      const key = shippedTemplateKey(which);
      const data = await readTemplateFile(storage, key);
      if (!data) throw new AttachTemplateError([`O modelo padrão ${key} não foi encontrado.`]);
      const { tags } = inspectDocxTemplate(data);
      const previousKey = await point(owner, id, key);
      if (previousKey !== key) await discard(previousKey);
      return { name, key, previousKey, tags, unknownTags: unknownPlaceholders(tags), withheldTags: withheldPlaceholders(tags, owner) };
    },

    /** Removes the template of hospital/plan `id` (downloads then answer "não tem template"). */
    async detach(owner: TemplateOwner, id: number): Promise<{ name: string; previousKey: string | null }> {
      const { name } = await ownerRow(owner, id);
      const previousKey = await point(owner, id, null);
      await discard(previousKey);
      return { name, previousKey };
    },
  };
}
