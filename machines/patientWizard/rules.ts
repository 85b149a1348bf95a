import { GENDERS, type Gender } from '../constants';
import { CPF_INVALID_MESSAGE, CPF_MASKED_LENGTH, isValidCpf, onlyDigits } from '../rules/cpf';
import { AREA_CODE_UNKNOWN_MESSAGE, hasRealAreaCode } from '../rules/phone';

/**
 * Step-validity rules of the patient registration and edit wizard (SPEC §2 Patients, §5, §9).
 * Pure functions: each step rule returns its problems (field + pt-BR message), an empty list
 * meaning "valid". The wizard machine guards `wizard.next` / `wizard.submit` with them and the
 * /patients form marks its fields with the same problems, so the rules exist once. The server's
 * patient form (server/services/patients/patient-form.ts) imports the field rules both sides apply
 * (name, biological sex, birthday, CPF check digits, CEP length) and the messages both sides show.
 *
 * Kept apart on purpose: the wizard reads its masks' output ((00) 0 0000-0000, 000.000.000-00,
 * 00.000-000) and requires an 11-digit mobile, while the API also takes bare digits or other
 * punctuation and 10- or 11-digit numbers (landlines, patients registered by other clients).
 *
 * SPEC §5 says the edit form exempts "one specific sample value" from the CPF check without naming
 * it: no value is exempted here (a CPF that fails the check digits is refused in both modes).
 */

export type PatientWizardMode = 'create' | 'edit';

/** A health plan as GET /surgery/api/v1/healthplan/ lists it. */
export type HealthPlanRef = { id: number; fantasy_name: string };

/** What the two steps collect. Masked texts are kept as typed ('(11) 9 8765-4321', '01/02/1980'). */
export type PatientWizardData = {
  /** A new photo (JPEG/PNG/WebP); null keeps the current one (edit) or sends none (create). */
  foto: Blob | null;
  nome_completo: string;
  /** Masked (00) 0 0000-0000. */
  cellphone: string;
  convenio: HealthPlanRef | null;
  /** Masked dd/mm/yyyy; '' when unknown. */
  birthday: string;
  address: string;
  /** Masked 00.000-000; '' when unknown. */
  cep: string;
  /** Masked 000.000.000-00. */
  cpf: string;
  gender: Gender | '';
  /** The patient's medic (list_medic id); required when a secretary registers. */
  medic: number | null;
};

export type PatientField = Exclude<keyof PatientWizardData, 'foto'>;
export type PatientProblem = { field: PatientField; message: string };

/** What the step-2 rule needs besides the data. */
export type PatientRuleOptions = {
  mode: PatientWizardMode;
  /** A secretary chooses the medic (SPEC §6); for a medic the patient is always theirs. */
  requiresMedic: boolean;
  /** Today in São Paulo, yyyy-MM-dd (the birthday may not be later). */
  today: string;
};

export { CPF_MASKED_LENGTH };
/** Birthdays before this year are taken as typing mistakes. */
export const MIN_BIRTH_YEAR = 1900;
/** A CEP has 8 digits (00.000-000). */
export const CEP_DIGITS = 8;

/**
 * Every pt-BR message of the patient rules. 'CPF Invalido!' and 'O CPF {cpf} é invalido!' are SPEC §5's
 * (spelling included); the others are ours. The server answers `cpfInvalid` and `medicRequired` too.
 */
export const PATIENT_MESSAGES = {
  nameRequired: 'Preencha o nome do paciente.',
  phoneRequired: 'Preencha o telefone.',
  phoneInvalid: 'Informe um celular válido: (00) 9 0000-0000.',
  areaCodeUnknown: AREA_CODE_UNKNOWN_MESSAGE,
  cpfRequired: 'Preencha o CPF.',
  cpfInvalid: CPF_INVALID_MESSAGE,
  cpfInvalidEdit: 'O CPF {cpf} é invalido!',
  genderRequired: 'Selecione o sexo biológico.',
  birthdayInvalid: 'Informe uma data de nascimento válida (dd/mm/aaaa).',
  birthdayFuture: 'A data de nascimento não pode ser uma data futura.',
  birthdayTooOld: `Informe uma data de nascimento a partir de ${MIN_BIRTH_YEAR}.`,
  cepInvalid: 'Informe o CEP com 8 dígitos (00.000-000).',
  medicRequired: 'Selecione o médico do paciente.',
  /** A failed create whose error carries no message. */
  createFailed: 'Ocorreu um erro interno!',
  /** SPEC §8: a failed update that the server answered with an internal error. */
  updateFailed: 'Erro interno!',
} as const;

export const EMPTY_PATIENT: PatientWizardData = {
  foto: null,
  nome_completo: '',
  cellphone: '',
  convenio: null,
  birthday: '',
  address: '',
  cep: '',
  cpf: '',
  gender: '',
  medic: null,
};

function isBlank(value: string | null | undefined): boolean {
  return !value || value.trim() === '';
}

/** The patient's name as stored: trimmed, inner runs of spaces as one. */
export function normalizePatientName(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/** The biological sex is one of GENDERS (SPEC §3: male / female). */
export function isGender(value: string): value is Gender {
  return (GENDERS as readonly string[]).includes(value);
}

/**
 * A Brazilian mobile number: a DDD in service (machines/rules/phone.ts) then 9 and eight digits, i.e. what the
 * SPEC §5 mask (00) 0 0000-0000 holds. Accepts masked or bare digits. The server also takes 10-digit landlines,
 * with the same DDD rule.
 */
export function isValidCellphone(value: string): boolean {
  return /^[1-9]{2}9\d{8}$/.test(onlyDigits(value)) && hasRealAreaCode(value);
}

/** CEP with 8 digits, masked (00.000-000) or bare (the wizard's mask; the server also allows other punctuation). */
export function isValidCep(value: string): boolean {
  return onlyDigits(value).length === CEP_DIGITS && /^[\d.-]+$/.test(value.trim());
}

/** 8 digits as 00.000-000; anything else as given (trimmed), '' for null. */
export function formatCep(value: string | null | undefined): string {
  const digits = onlyDigits(value ?? '');
  return digits.length === CEP_DIGITS
    ? `${digits.slice(0, 2)}.${digits.slice(2, 5)}-${digits.slice(5)}`
    : (value ?? '').trim();
}

/** True when `day` is a real yyyy-MM-dd calendar date (2024-02-30 and 2023-02-29 are not). */
export function isRealIsoDate(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, date));
  return utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === date;
}

/** What is wrong with a birthday given as yyyy-MM-dd. */
export type BirthdayIssue = 'invalid' | 'tooOld' | 'future';

/**
 * The birthday rule (both sides): a real date, from MIN_BIRTH_YEAR on, not after `today` (yyyy-MM-dd in São Paulo);
 * null when it holds. Each side words the issue its own way.
 */
export function birthdayIssue(iso: string, today: string): BirthdayIssue | null {
  if (!isRealIsoDate(iso)) return 'invalid';
  if (Number(iso.slice(0, 4)) < MIN_BIRTH_YEAR) return 'tooOld';
  if (iso > today) return 'future';
  return null;
}

/**
 * Reads a masked dd/mm/yyyy date as yyyy-MM-dd (SPEC §5: sent as yyyy-mm-dd); null when it is incomplete or not a
 * real calendar date (31/02/2024, 29/02/2023, 00/01/2024).
 */
export function brDateToIso(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isRealIsoDate(iso) ? iso : null;
}

/** yyyy-MM-dd (or an ISO datetime) as dd/mm/yyyy, for prefilling the edit form; '' when empty or unreadable. */
export function isoToBrDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value?.trim() ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** Step 1 (photo, Paciente, Telefone, Convênio): name and a well-formed phone. */
export function identificationProblems(data: Pick<PatientWizardData, 'nome_completo' | 'cellphone'>): PatientProblem[] {
  const problems: PatientProblem[] = [];
  if (isBlank(data.nome_completo)) problems.push({ field: 'nome_completo', message: PATIENT_MESSAGES.nameRequired });
  if (isBlank(data.cellphone)) problems.push({ field: 'cellphone', message: PATIENT_MESSAGES.phoneRequired });
  else if (!isValidCellphone(data.cellphone)) {
    // A well-formed mobile whose DDD is not in service gets the message that names the DDD.
    const wellFormed = /^[1-9]{2}9\d{8}$/.test(onlyDigits(data.cellphone));
    problems.push({ field: 'cellphone', message: wellFormed ? PATIENT_MESSAGES.areaCodeUnknown : PATIENT_MESSAGES.phoneInvalid });
  }
  return problems;
}

/** SPEC §5: the create form says 'CPF Invalido!'; the edit form names the value entered. */
export function cpfProblems(cpf: string, mode: PatientWizardMode): PatientProblem[] {
  if (isBlank(cpf)) return [{ field: 'cpf', message: PATIENT_MESSAGES.cpfRequired }];
  if (cpf.trim().length === CPF_MASKED_LENGTH && isValidCpf(cpf)) return [];
  const message =
    mode === 'edit' ? PATIENT_MESSAGES.cpfInvalidEdit.replace('{cpf}', cpf.trim()) : PATIENT_MESSAGES.cpfInvalid;
  return [{ field: 'cpf', message }];
}

const BIRTHDAY_MESSAGES: Record<BirthdayIssue, string> = {
  invalid: PATIENT_MESSAGES.birthdayInvalid,
  tooOld: PATIENT_MESSAGES.birthdayTooOld,
  future: PATIENT_MESSAGES.birthdayFuture,
};

function birthdayProblems(birthday: string, today: string): PatientProblem[] {
  if (isBlank(birthday)) return [];
  const iso = brDateToIso(birthday);
  const issue = iso === null ? 'invalid' : birthdayIssue(iso, today);
  return issue === null ? [] : [{ field: 'birthday', message: BIRTHDAY_MESSAGES[issue] }];
}

/**
 * Step 2 (Data de nascimento, Endereço, CEP, CPF, Sexo Biológico, Médico): CPF required and valid, the biological
 * sex chosen, the birthday (when given) a real date not in the future, the CEP (when given) 8 digits, and the medic
 * chosen when a secretary registers.
 */
export function detailsProblems(
  data: Pick<PatientWizardData, 'birthday' | 'cep' | 'cpf' | 'gender' | 'medic'>,
  options: PatientRuleOptions,
): PatientProblem[] {
  const problems: PatientProblem[] = [...birthdayProblems(data.birthday, options.today)];
  if (!isBlank(data.cep) && !isValidCep(data.cep)) problems.push({ field: 'cep', message: PATIENT_MESSAGES.cepInvalid });
  problems.push(...cpfProblems(data.cpf, options.mode));
  if (!isGender(data.gender)) problems.push({ field: 'gender', message: PATIENT_MESSAGES.genderRequired });
  if (options.requiresMedic && (data.medic === null || !Number.isInteger(data.medic))) {
    problems.push({ field: 'medic', message: PATIENT_MESSAGES.medicRequired });
  }
  return problems;
}

/** The multipart body of add_paciente / update_patient (SPEC §3 patient form), before it becomes FormData. */
export type PatientPayload = {
  foto: Blob | null;
  nome_completo: string;
  cellphone: string;
  /** Health plan id, or null for none. */
  convenio: number | null;
  /** yyyy-MM-dd, or null when unknown. */
  birthday: string | null;
  address: string;
  cep: string;
  cpf: string;
  gender: Gender;
  /** null when the user is a medic (the server uses the user). */
  medic: number | null;
};

/** Builds the payload from valid wizard data: trimmed texts, the birthday as yyyy-MM-dd, the plan as its id. */
export function toPatientPayload(data: PatientWizardData): PatientPayload {
  return {
    foto: data.foto,
    nome_completo: normalizePatientName(data.nome_completo),
    cellphone: data.cellphone.trim(),
    convenio: data.convenio?.id ?? null,
    birthday: isBlank(data.birthday) ? null : brDateToIso(data.birthday),
    address: data.address.trim(),
    cep: data.cep.trim(),
    cpf: data.cpf.trim(),
    gender: data.gender === 'female' ? 'female' : 'male',
    medic: data.medic,
  };
}

/**
 * The error a `submitPatient` actor rejects with: `messages` are shown as toasts (SPEC §8), `status` is the HTTP
 * status when the server answered.
 */
export class PatientSaveError extends Error {
  readonly messages: string[];
  readonly status: number | null;
  constructor(messages: string[], status: number | null = null) {
    super(messages.join(' '));
    this.name = 'PatientSaveError';
    this.messages = messages;
    this.status = status;
  }
}

/**
 * The pt-BR messages of a rejected save: those the error carries (any error with a non-empty `messages` list of
 * strings), else the mode's generic message ('Erro interno!' for an update, SPEC §8).
 */
export function patientSaveMessages(error: unknown, mode: PatientWizardMode): string[] {
  if (typeof error === 'object' && error !== null && 'messages' in error) {
    const { messages } = error as { messages: unknown };
    if (Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string' && m.trim())) {
      return messages as string[];
    }
  }
  return [mode === 'edit' ? PATIENT_MESSAGES.updateFailed : PATIENT_MESSAGES.createFailed];
}
