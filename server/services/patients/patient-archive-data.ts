import { asc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  cids,
  contactConsents,
  healthPlans,
  hospitals,
  opmeItems,
  opmeQuotes,
  patientMessages,
  procedures,
  surgeries,
  surgeryAuthorizations,
  surgeryChecklistMarks,
  surgeryCids,
  surgeryDispatches,
  surgeryDocuments,
  surgeryGlosas,
  surgeryLedgers,
  surgeryProcedures,
  surgeryReceipts,
  surgeryStatusHistory,
  users,
  type PatientRow,
} from '../../db/schema/index';
import { caseRecord, type ArchiveNames } from './patient-archive-case';
import { toSaoPauloIso } from '../sao-paulo-time';
import { AUTHORIZATION_PAYER_LABELS } from '../../../machines/preoperative/constants';
import {
  CONTACT_CHANNEL_LABELS,
  MESSAGE_TEMPLATE_LABELS,
  type ContactChannel,
  type MessageTemplateKind,
} from '../../../machines/patientMessages/constants';

/**
 * The rows of a patient's data-subject archive (issue 33 item 18), read once and turned into what a person reads:
 * every id of a hospital, a plan or a person replaced by its name, every code by its pt-BR label, money in reais
 * (one unit, named in the keys), instants in São Paulo time with their offset. Internal keys (storage keys, the
 * search column, versions) stay out: they are ours, not the patient's data.
 */

export type CaseRows = Awaited<ReturnType<typeof readCaseRows>>;

/** Every row written about the patient's cases, in one round of queries. */
export async function readCaseRows(db: Database, patientId: number) {
  const rows = await db.select().from(surgeries).where(eq(surgeries.patientId, patientId)).orderBy(asc(surgeries.id));
  const ids = rows.map((row) => row.id);
  const none = ids.length === 0;
  const inCases = (column: AnyPgColumn) => inArray(column, none ? [-1] : ids);
  const [procedureRows, cidRows, history, authorizations, marks, dispatches, items, ledgers, receipts, glosas, documents, consents, messages] =
    await Promise.all([
      db
        .select({ surgeryId: surgeryProcedures.surgeryId, code: procedures.code, description: procedures.description })
        .from(surgeryProcedures)
        .innerJoin(procedures, eq(procedures.id, surgeryProcedures.procedureId))
        .where(inCases(surgeryProcedures.surgeryId))
        .orderBy(asc(surgeryProcedures.position)),
      db
        .select({ surgeryId: surgeryCids.surgeryId, code: cids.code, description: cids.description })
        .from(surgeryCids)
        .innerJoin(cids, eq(cids.id, surgeryCids.cidId))
        .where(inCases(surgeryCids.surgeryId))
        .orderBy(asc(surgeryCids.position)),
      db.select().from(surgeryStatusHistory).where(inCases(surgeryStatusHistory.surgeryId)).orderBy(asc(surgeryStatusHistory.changedAt), asc(surgeryStatusHistory.id)),
      db.select().from(surgeryAuthorizations).where(inCases(surgeryAuthorizations.surgeryId)).orderBy(asc(surgeryAuthorizations.payer)),
      db.select().from(surgeryChecklistMarks).where(inCases(surgeryChecklistMarks.surgeryId)).orderBy(asc(surgeryChecklistMarks.markedAt)),
      db.select().from(surgeryDispatches).where(inCases(surgeryDispatches.surgeryId)).orderBy(asc(surgeryDispatches.sentOn), asc(surgeryDispatches.id)),
      db.select().from(opmeItems).where(inCases(opmeItems.surgeryId)).orderBy(asc(opmeItems.position)),
      db.select().from(surgeryLedgers).where(inCases(surgeryLedgers.surgeryId)),
      db.select().from(surgeryReceipts).where(inCases(surgeryReceipts.surgeryId)).orderBy(asc(surgeryReceipts.receivedOn), asc(surgeryReceipts.id)),
      db.select().from(surgeryGlosas).where(inCases(surgeryGlosas.surgeryId)).orderBy(asc(surgeryGlosas.glosaOn), asc(surgeryGlosas.id)),
      db.select().from(surgeryDocuments).where(inCases(surgeryDocuments.surgeryId)).orderBy(asc(surgeryDocuments.uploadedAt)),
      db.select().from(contactConsents).where(eq(contactConsents.patientId, patientId)).orderBy(asc(contactConsents.recordedAt), asc(contactConsents.id)),
      db.select().from(patientMessages).where(eq(patientMessages.patientId, patientId)).orderBy(asc(patientMessages.sentAt), asc(patientMessages.id)),
    ]);
  const quotes =
    items.length === 0
      ? []
      : await db.select().from(opmeQuotes).where(inArray(opmeQuotes.itemId, items.map((item) => item.id))).orderBy(asc(opmeQuotes.position));
  return { rows, procedureRows, cidRows, history, authorizations, marks, dispatches, items, quotes, ledgers, receipts, glosas, documents, consents, messages };
}

/** The names of every person, hospital and plan the rows name, read in three queries. */
export async function readNames(db: Database, patient: PatientRow, rows: CaseRows, cardPlanIds: number[] = []): Promise<ArchiveNames> {
  const people = new Set<number>([patient.medicId]);
  const add = (id: number | null | undefined) => {
    if (id) people.add(id);
  };
  add(patient.createdBy);
  for (const row of rows.rows) [row.createdBy, row.holderId].forEach(add);
  for (const row of rows.history) add(row.changedBy);
  for (const row of rows.authorizations) add(row.updatedBy);
  for (const row of rows.marks) add(row.markedBy);
  for (const row of rows.dispatches) add(row.createdBy);
  for (const row of rows.ledgers) add(row.updatedBy);
  for (const row of [...rows.receipts, ...rows.glosas]) add(row.createdBy);
  for (const row of rows.documents) add(row.uploadedBy);
  for (const row of rows.consents) [row.recordedBy, row.revokedBy].forEach(add);
  for (const row of rows.messages) add(row.sentBy);
  const hospitalIds = [...new Set(rows.rows.map((row) => row.hospitalId).filter((id): id is number => id !== null))];
  const planIds = [...new Set([patient.healthPlanId, ...cardPlanIds, ...rows.rows.map((row) => row.healthPlanId)].filter((id): id is number => id !== null))];
  const [personRows, hospitalRows, planRows] = await Promise.all([
    db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, type: users.type, crm: users.crm }).from(users).where(inArray(users.id, [...people])),
    hospitalIds.length === 0 ? [] : db.select().from(hospitals).where(inArray(hospitals.id, hospitalIds)),
    planIds.length === 0 ? [] : db.select().from(healthPlans).where(inArray(healthPlans.id, planIds)),
  ]);
  return {
    people: new Map(personRows.map((row) => [row.id, { name: `${row.firstName} ${row.lastName}`.trim(), type: row.type, crm: row.crm }])),
    hospitals: new Map(
      hospitalRows.map((row) => [row.id, { nome: row.fantasyName, cidade: row.city, uf: row.uf, cnes: row.cnes }]),
    ),
    plans: new Map(planRows.map((row) => [row.id, { nome: row.fantasyName, razao_social: row.corporateName, registro_ans: row.ansRegistry }])),
  };
}

const GENDER_LABELS = { male: 'Masculino', female: 'Feminino' } as const;

/** The patient's own record, in words. */
/** A stored plan card (patient_plan_cards) as the archive reads it. */
type PlanCardRow = { healthPlanId: number; cardNumber: string; validUntil: string | null; planName: string | null };

export function patientRecord(
  patient: PatientRow,
  names: ArchiveNames,
  photoFile: string | null,
  digits: { cellphone: string | null; cep: string | null },
  cards: PlanCardRow[] = [],
) {
  const iso = (at: Date | null) => (at ? toSaoPauloIso(at) : null);
  return {
    numero_do_cadastro: patient.id,
    nome_completo: patient.nomeCompleto,
    cpf: patient.cpf || null,
    data_de_nascimento: patient.birthday,
    sexo: patient.gender ? GENDER_LABELS[patient.gender] : null,
    celular: digits.cellphone,
    endereco: patient.address,
    endereco_completo: patient.fullAddress,
    cep: digits.cep,
    convenio: patient.healthPlanId ? (names.plans.get(patient.healthPlanId) ?? null) : null,
    // The card of each plan the patient had (issue 37): the plan by name, the card as written on it.
    carteiras_do_convenio: cards.map((card) => ({
      convenio: names.plans.get(card.healthPlanId) ?? null,
      numero_da_carteira: card.cardNumber,
      validade: card.validUntil,
      plano: card.planName,
    })),
    foto: photoFile,
    cadastrado_em: iso(patient.createdAt),
    cadastrado_por: patient.createdBy ? (names.people.get(patient.createdBy)?.name ?? null) : null,
    atualizado_em: iso(patient.updatedAt),
    anonimizado_em: iso(patient.anonymizedAt),
  };
}

type SharingRow = { destinatario: string; tipo: string; motivo: string; data: string | null; cirurgia: number };

/**
 * With whom the patient's data was shared, case by case (LGPD art. 18, VII): the hospital and the plan by name, with
 * the dated acts that sent them the patient's data (the authorization asked, the documents sent, the surgery
 * scheduled, the fee billed), the OPME suppliers asked for quotes, and every sending of documents as recorded. A
 * hospital or plan of a case with no dated act is listed with no date, so no recipient is left out.
 */
export function sharingRows(rows: CaseRows, names: ArchiveNames): SharingRow[] {
  const out: SharingRow[] = [];
  for (const surgery of rows.rows) {
    const hospital = surgery.hospitalId ? names.hospitals.get(surgery.hospitalId)?.nome : undefined;
    const plan = surgery.healthPlanId ? names.plans.get(surgery.healthPlanId)?.nome : undefined;
    const push = (destinatario: string, tipo: string, motivo: string, data: string | null) => out.push({ destinatario, tipo, motivo, data, cirurgia: surgery.id });
    const before = out.length;
    for (const authorization of rows.authorizations.filter((row) => row.surgeryId === surgery.id && row.requestedOn)) {
      const payer = authorization.payer === 'hospital' ? hospital : (plan ?? hospital);
      const tipo = authorization.payer === 'hospital' || !plan ? 'Hospital' : 'Convênio';
      if (payer) push(payer, tipo, `Pedido de autorização (${AUTHORIZATION_PAYER_LABELS[authorization.payer]})`, authorization.requestedOn);
    }
    if (hospital && surgery.schedule) push(hospital, 'Hospital', 'Agendamento da cirurgia', toSaoPauloIso(surgery.schedule).slice(0, 10));
    if (hospital && surgery.accomplishment) push(hospital, 'Hospital', 'Realização da cirurgia', surgery.accomplishment);
    const ledger = rows.ledgers.find((row) => row.surgeryId === surgery.id);
    if (plan && ledger?.billedOn) push(plan, 'Convênio', 'Faturamento dos honorários', ledger.billedOn);
    if (hospital && !out.slice(before).some((row) => row.destinatario === hospital)) push(hospital, 'Hospital', 'Hospital da cirurgia', null);
    if (plan && !out.slice(before).some((row) => row.destinatario === plan)) push(plan, 'Convênio', 'Convênio da cirurgia', null);
    for (const dispatch of rows.dispatches.filter((row) => row.surgeryId === surgery.id)) {
      push(dispatch.recipient, 'Envio de documentos', `Documentos enviados: ${dispatch.items.join(', ')}`, dispatch.sentOn);
    }
    for (const item of rows.items.filter((row) => row.surgeryId === surgery.id)) {
      for (const quote of rows.quotes.filter((row) => row.itemId === item.id)) {
        push(quote.supplier, 'Fornecedor de OPME', `Cotação de material: ${item.description}`, toSaoPauloIso(item.createdAt).slice(0, 10));
      }
    }
  }
  return out.sort((a, b) => (a.data ?? '9999').localeCompare(b.data ?? '9999') || a.cirurgia - b.cirurgia);
}

/**
 * The patient's consents to be contacted (revoked ones too) and the messages sent to them (docs/MESSAGES.md), in
 * words: what they agreed to, when, and what reached them through which channel.
 */
export function contactRecords(rows: CaseRows, names: ArchiveNames) {
  const person = (id: number | null) => (id ? (names.people.get(id)?.name ?? null) : null);
  const instant = (value: Date | null) => (value ? toSaoPauloIso(value) : null);
  return {
    autorizacoes: rows.consents.map((row) => ({
      canal: CONTACT_CHANNEL_LABELS[row.channel as ContactChannel] ?? row.channel,
      email: row.email,
      autorizado_no_dia: row.consentedOn,
      registrado_em: instant(row.recordedAt),
      registrado_por: person(row.recordedBy),
      revogado_em: instant(row.revokedAt),
      revogado_por: person(row.revokedBy),
    })),
    mensagens: rows.messages.map((row) => ({
      cirurgia: row.surgeryId,
      modelo: MESSAGE_TEMPLATE_LABELS[row.template as MessageTemplateKind]?.title ?? row.template,
      canal: CONTACT_CHANNEL_LABELS[row.channel as ContactChannel] ?? row.channel,
      destinatario: row.recipient,
      texto: row.text,
      enviada_em: toSaoPauloIso(row.sentAt),
      enviada_por: person(row.sentBy),
    })),
  };
}

/** Every case, in words (patient-archive-case.ts). */
export function caseRecords(rows: CaseRows, names: ArchiveNames, documentFile: (row: CaseRows['documents'][number]) => string) {
  return rows.rows.map((surgery) => caseRecord(surgery, rows, names, documentFile));
}
