import { and, eq } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { formatCep } from '../../../machines/patientWizard/patientFields';
import { formatCpf, onlyDigits } from '../../../machines/rules/cpf';
import { nationalDigits } from '../../../machines/rules/phone';
import type { Executor } from '../../db/client';
import { healthPlans, patientPlanCards, patients, users } from '../../db/schema/index';
import type { LinkSigner } from '../files/signed-links';
import { toSaoPauloIso } from '../sao-paulo-time';

/** The Patient of openapi.yaml (SPEC §3). */
export type PatientResponse = components['schemas']['Patient'];

/** Where a patient's photo is served; signed for each response (getPatientPhoto). */
export const patientPhotoPath = (patientId: number) => `/surgery/api/v1/patient/${patientId}/foto/`;

/** The columns a Patient needs, health plan and medic included (one query for a whole list). */
const patientColumns = {
  id: patients.id,
  medicId: patients.medicId,
  nomeCompleto: patients.nomeCompleto,
  cellphone: patients.cellphone,
  birthday: patients.birthday,
  address: patients.address,
  fullAddress: patients.fullAddress,
  cep: patients.cep,
  cpf: patients.cpf,
  gender: patients.gender,
  photoKey: patients.photoKey,
  anonymizedAt: patients.anonymizedAt,
  planId: healthPlans.id,
  planName: healthPlans.fantasyName,
  medicFirstName: users.firstName,
  medicLastName: users.lastName,
  cardNumber: patientPlanCards.cardNumber,
  cardValidUntil: patientPlanCards.validUntil,
  cardPlanName: patientPlanCards.planName,
};

/**
 * `SELECT … FROM patients LEFT JOIN health_plans JOIN users (the medic) LEFT JOIN patient_plan_cards (the card of the
 * patient's current plan, by its primary key)`; the caller adds where/order.
 */
export function selectPatients(db: Executor) {
  return db
    .select(patientColumns)
    .from(patients)
    .leftJoin(healthPlans, eq(healthPlans.id, patients.healthPlanId))
    .innerJoin(users, eq(users.id, patients.medicId))
    .leftJoin(
      patientPlanCards,
      and(eq(patientPlanCards.patientId, patients.id), eq(patientPlanCards.healthPlanId, patients.healthPlanId)),
    );
}

/** The address for display: 'Rua X, 10 - CEP 01.310-100', either part alone, or null. */
export function buildFullAddress(address: string | null, cep: string | null): string | null {
  const parts = [address?.trim() || null, cep ? `CEP ${formatCep(cep)}` : null].filter(Boolean);
  return parts.length > 0 ? parts.join(' - ') : null;
}

/**
 * A stored phone or CEP as every JSON answer carries it (docs/ARCHITECTURE.md, "Phones and CEPs"): the digits (a phone
 * without the country code), null for none. The forms store digits; the demo data of older installations and rows
 * written before kept the mask.
 */
export function phoneDigits(value: string | null): string | null {
  return value ? nationalDigits(value) || null : null;
}

export function cepDigits(value: string | null): string | null {
  return value ? onlyDigits(value) || null : null;
}

export type PatientView = Awaited<ReturnType<ReturnType<typeof selectPatients>['execute']>>[number];

/**
 * A row as the API shows it: CPF formatted, phone and CEP as digits (phoneDigits, cepDigits),
 * the stored display address or one built from address and CEP, and a signed photo link or null.
 */
export async function toPatientResponse(row: PatientView, signer: LinkSigner): Promise<PatientResponse> {
  const cep = cepDigits(row.cep);
  return {
    id: row.id,
    nome_completo: row.nomeCompleto,
    foto: row.photoKey ? await signer.sign(patientPhotoPath(row.id)) : null,
    cellphone: phoneDigits(row.cellphone),
    convenio: row.planId !== null && row.planName !== null ? { id: row.planId, fantasy_name: row.planName } : null,
    birthday: row.birthday,
    address: row.address,
    full_address: row.fullAddress ?? buildFullAddress(row.address, cep),
    cep,
    cpf: formatCpf(row.cpf),
    gender: row.gender,
    medic: { id: row.medicId, first_name: row.medicFirstName, last_name: row.medicLastName },
    anonymized_at: row.anonymizedAt ? toSaoPauloIso(row.anonymizedAt) : null,
    plan_card:
      row.cardNumber !== null ? { card_number: row.cardNumber, valid_until: row.cardValidUntil, plan_name: row.cardPlanName } : null,
  };
}
