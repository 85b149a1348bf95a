import { UF_CODES, type Uf } from '../tiss/tissDomains';

/**
 * TISS 4.01.00 domain codes the billing data uses (issue 37; docs/TISS.md), without arktype so screens read them
 * freely. Codes are stored as the standard writes them; labels are what the screens show.
 */

/** dm_grauPart without '00' (the surgeon is the medic himself): a team member's role on the case. */
export const TEAM_ROLES = [
  { code: '01', label: 'Primeiro auxiliar' },
  { code: '02', label: 'Segundo auxiliar' },
  { code: '03', label: 'Terceiro auxiliar' },
  { code: '04', label: 'Quarto auxiliar' },
  { code: '05', label: 'Instrumentador' },
  { code: '06', label: 'Anestesista' },
  { code: '07', label: 'Auxiliar de anestesista' },
  { code: '08', label: 'Consultor' },
  { code: '09', label: 'Perfusionista' },
  { code: '10', label: 'Pediatra na sala de parto' },
  { code: '11', label: 'Auxiliar SADT' },
  { code: '12', label: 'Clínico' },
  { code: '13', label: 'Intensivista' },
] as const;
export type TeamRole = (typeof TEAM_ROLES)[number]['code'];
export const TEAM_ROLE_CODES = TEAM_ROLES.map((role) => role.code) as readonly TeamRole[];

/** dm_conselhoProfissional. */
export const COUNCILS = [
  { code: '06', label: 'CRM' },
  { code: '02', label: 'COREN' },
  { code: '08', label: 'CRO' },
  { code: '01', label: 'CRESS' },
  { code: '03', label: 'CRF' },
  { code: '04', label: 'CRFA' },
  { code: '05', label: 'CREFITO' },
  { code: '07', label: 'CRN' },
  { code: '09', label: 'CRP' },
  { code: '11', label: 'CRBio' },
  { code: '12', label: 'CRBM' },
  { code: '13', label: 'CREF' },
  { code: '14', label: 'CRMV' },
  { code: '15', label: 'CRTR' },
  { code: '10', label: 'Outro conselho' },
] as const;
export type Council = (typeof COUNCILS)[number]['code'];
export const COUNCIL_CODES = COUNCILS.map((council) => council.code) as readonly Council[];
export const CRM: Council = '06';

/** The 27 federative units a council registers in (TISS writes their IBGE code: tissDomains UF_CODES). */
export type BillingUf = Exclude<Uf, 'EX'>;
export const BILLING_UFS = (Object.keys(UF_CODES) as Uf[]).filter((uf): uf is BillingUf => uf !== 'EX').sort();

/** As whom a medic bills a plan: pessoa física (his CPF) or his company (CNPJ). */
export const BILLS_AS = ['cpf', 'cnpj'] as const;

export const MAX_TEAM_MEMBERS = 12;
/** TISS text lengths: nomeProfissional st_texto70, numeroConselhoProfissional st_texto15, código na operadora st_texto14. */
export const TEAM_NAME_MAX = 70;
export const COUNCIL_NUMBER_MAX = 15;
export const PROVIDER_CODE_MAX = 14;
export const COMPANY_NAME_MAX = 70;
/** numeroCarteira st_texto20; the plan's product name is ours (not in the guide). */
export const CARD_NUMBER_MAX = 20;
export const CARD_PLAN_NAME_MAX = 60;
/** CNES: seven digits. */
export const CNES_LENGTH = 7;
