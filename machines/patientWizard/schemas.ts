import { type } from 'arktype';
import { GENDERS } from '../constants';
import { BILLING_MESSAGES } from '../billing/billingMessages';
import { patientPlanCardSchema, type PatientPlanCardInput } from '../billing/planCardSchema';
import { CARD_NUMBER_MAX, CARD_PLAN_NAME_MAX } from '../billing/constants';
import { CPF_MASKED_LENGTH, isValidCpf, onlyDigits } from '../rules/cpf';
import { hasRealAreaCode } from '../rules/phone';
import { anyString, int4OfText, MAX_INT4, searchText, visibleLength } from '../validation/fields';
import { check, VALIDATION_MESSAGES } from '../validation/problems';
import {
  birthdayIssue,
  brDateToIso,
  CEP_DIGITS,
  isValidCellphone,
  isValidCep,
  normalizePatientName,
  PATIENT_ADDRESS_MAX_LENGTH,
  PATIENT_MESSAGES as M,
  PATIENT_NAME_MAX_LENGTH,
  type BirthdayIssue,
  type PatientWizardMode,
} from './patientFields';

/**
 * The patient's schemas (SPEC §3 patient form, §5): the wizard's two step schemas (its form's resolver and its
 * machine's guards) and the API's patient form and list query, built from the same field types and messages
 * (./patientFields.ts).
 *
 * Two named field types where the sides differ on purpose: the wizard reads its masks' output ((00) 0 0000-0000,
 * 000.000.000-00, 00.000-000, dd/mm/yyyy) and requires an 11-digit mobile; the API also takes bare digits or other
 * punctuation, 10- or 11-digit numbers (landlines, patients registered by other clients) and yyyy-MM-dd dates, and
 * its output is what is stored (digits, null for an empty optional field).
 *
 * SPEC §5 says the edit form exempts "one specific sample value" from the CPF check without naming it: no value is
 * exempted here (a CPF that fails the check digits is refused in both modes).
 */

const INVALID = VALIDATION_MESSAGES.invalidData;

/**
 * A text field refused with the message `problem` gives for its trimmed value (null: the value holds); the output is
 * the trimmed value. The check runs on the input, before the trim: arktype checks what follows a morph only when
 * nothing else failed, and every field's problem must be found at once. A field that pipes the output further
 * configures `missing` again at its end, where ../validation/problems.ts reads it.
 */
function checkedText(problem: (value: string) => string | null, missing: string = INVALID) {
  return anyString
    .narrow((value, ctx) => {
      const message = problem(value.trim());
      return message === null || ctx.reject({ message });
    })
    .pipe((value) => value.trim())
    .configure({ missing });
}

/** The digits of a value made only of digits and mask punctuation; null when it holds anything else. */
function maskDigits(value: string): string | null {
  return /^[\d\s().+\-/]*$/.test(value) ? onlyDigits(value) : null;
}

/** Paciente (both sides): required, at most PATIENT_NAME_MAX_LENGTH; the output has its runs of spaces as one. */
const patientName = checkedText((value) => {
  if (value === '') return M.nameRequired;
  return visibleLength(normalizePatientName(value)) > PATIENT_NAME_MAX_LENGTH ? M.nameTooLong : null;
})
  .pipe(normalizePatientName)
  .configure({ missing: M.nameRequired });

const addressProblem = (value: string) =>
  visibleLength(normalizePatientName(value)) > PATIENT_ADDRESS_MAX_LENGTH ? M.addressTooLong : null;

/** Endereço (both sides): optional, at most PATIENT_ADDRESS_MAX_LENGTH once its runs of spaces are one. */
const address = checkedText(addressProblem).pipe(normalizePatientName);
/** The address as the API stores it: null when empty. */
const storedAddress = address.pipe((value) => value || null);

/** Sexo Biológico (both sides): male or female. */
const gender = type.enumerated(...GENDERS).configure({ message: M.genderRequired, missing: M.genderRequired });

/** The wizard's Telefone: an 11-digit mobile as its mask (00) 0 0000-0000 makes it, with a DDD in service. */
const maskedMobile = checkedText((value) => {
  if (value === '') return M.phoneRequired;
  if (isValidCellphone(value)) return null;
  // A well-formed mobile whose DDD is not in service gets the message that names the DDD.
  return /^[1-9]{2}9\d{8}$/.test(onlyDigits(value)) ? M.areaCodeUnknown : M.phoneInvalid;
}, M.phoneRequired);

/** The API's cellphone: 10 or 11 digits, bare or with mask punctuation, with a DDD in service; the output is the digits. */
const phoneNumber = checkedText((value) => {
  if (value === '') return M.phoneRequired;
  const digits = maskDigits(value);
  if (digits === null || digits.length < 10 || digits.length > 11) return M.phoneNumberInvalid;
  return hasRealAreaCode(digits) ? null : M.areaCodeUnknown;
})
  .pipe(onlyDigits)
  .configure({ missing: M.phoneRequired });

/** The wizard's CPF as its mask makes it (000.000.000-00), with SPEC §5's message for the mode. */
function maskedCpf(mode: PatientWizardMode) {
  return checkedText((value) => {
    if (value === '') return M.cpfRequired;
    if (value.length === CPF_MASKED_LENGTH && isValidCpf(value)) return null;
    return mode === 'edit' ? M.cpfInvalidEdit.replace('{cpf}', value) : M.cpfInvalid;
  }, M.cpfRequired);
}

export const MASKED_CPF = { create: maskedCpf('create'), edit: maskedCpf('edit') } as const;

/** The API's CPF: bare or masked, valid by its check digits; the output is the 11 digits. */
const cpfNumber = checkedText((value) => {
  if (value === '') return M.cpfRequired;
  const digits = maskDigits(value);
  return digits !== null && isValidCpf(digits) ? null : M.cpfInvalid;
})
  .pipe(onlyDigits)
  .configure({ missing: M.cpfRequired });

/** The wizard's CEP, optional: empty, or 8 digits as its mask makes them (00.000-000). */
const maskedCep = checkedText((value) => (value === '' || isValidCep(value) ? null : M.cepInvalid));

/** The API's CEP, optional: empty or 8 digits with any mask punctuation; the output is the digits, or null. */
const cepNumber = checkedText((value) =>
  value === '' || maskDigits(value)?.length === CEP_DIGITS ? null : M.cepInvalid,
).pipe((value) => onlyDigits(value) || null);

const BIRTHDAY_MESSAGES: Record<BirthdayIssue, string> = {
  invalid: M.birthdayInvalid,
  tooOld: M.birthdayTooOld,
  future: M.birthdayFuture,
};

/** The wizard's Data de nascimento, optional: empty, or a real dd/mm/yyyy date from 1900 to `today`. */
function maskedBirthday(today: string) {
  return checkedText((value) => {
    if (value === '') return null;
    const iso = brDateToIso(value);
    const issue = iso === null ? 'invalid' : birthdayIssue(iso, today);
    return issue === null ? null : BIRTHDAY_MESSAGES[issue];
  });
}

/** The API's birthday, optional: empty (null) or yyyy-MM-dd under the same rule. */
function isoBirthday(today: string) {
  return checkedText((value) => {
    const issue = value === '' ? null : birthdayIssue(value, today);
    if (issue === 'invalid') return M.birthdayInvalidIso;
    return issue === null ? null : BIRTHDAY_MESSAGES[issue];
  }).pipe((value) => value || null);
}

/** The wizard's Médico (required when a secretary registers): an id, as the select's text or as a number. */
const chosenMedic = type('string | number | null')
  .narrow((value, ctx) => {
    const id = value === null || value === '' ? Number.NaN : Number(value);
    return (Number.isInteger(id) && id > 0) || ctx.reject({ message: M.medicRequired });
  })
  .configure({ message: M.medicRequired, missing: M.medicRequired });

/** An id sent as a text part: empty (or 'null') for none, else a positive int4, else `unknown` (names no record). */
function idPart(unknown: string) {
  const none = (value: string) => value === '' || value === 'null';
  return checkedText((value) =>
    none(value) || int4OfText(value) !== null ? null : unknown,
  ).pipe((value) => (none(value) ? null : Number(value)));
}

/**
 * Schemas that depend on today, built once per day and variant (a request or a keystroke never rebuilds one); the
 * first call of a new day drops the day before's.
 */
function perDay<O extends { today: string }, T>(build: (options: O) => T, variant: (options: O) => string) {
  let day = '';
  const built = new Map<string, T>();
  return (options: O): T => {
    if (options.today !== day) {
      built.clear();
      day = options.today;
    }
    const key = variant(options);
    const cached = built.get(key);
    if (cached !== undefined) return cached;
    const schema = build(options);
    built.set(key, schema);
    return schema;
  };
}

/** Whether the wizard's values (`ctx.root`) have a plan chosen and any of the card's fields typed. */
function cardTyped(root: unknown): boolean {
  const values = (root ?? {}) as Record<string, unknown>;
  if (values.convenio === null || values.convenio === undefined || values.convenio === '') return false;
  return ['card_number', 'card_valid_until', 'card_plan_name'].some((key) => typeof values[key] === 'string' && (values[key] as string).trim() !== '');
}

/**
 * A card field of the wizard (shown once a plan is chosen; docs/TISS.md "The patient's card"): the card is optional,
 * but once any of its fields is typed the number is required and each field is checked. Without a plan the fields
 * are hidden and not read.
 */
function cardField(problem: (value: string) => string | null) {
  return anyString.narrow((value, ctx) => {
    if (!cardTyped(ctx.root)) return true;
    const message = problem(value.trim());
    return message === null || ctx.reject({ message });
  });
}

const BM = BILLING_MESSAGES;

/** The wizard's card fields (masked validity dd/mm/yyyy); all optional keys. */
const maskedCardFields = {
  'card_number?': cardField((value) => {
    if (value === '') return BM.cardNumberRequired;
    return visibleLength(value) > CARD_NUMBER_MAX ? BM.cardNumberTooLong : null;
  }),
  'card_valid_until?': cardField((value) => (value === '' || brDateToIso(value) !== null ? null : BM.invalidCardValidUntil)),
  'card_plan_name?': cardField((value) => (visibleLength(value) > CARD_PLAN_NAME_MAX ? BM.cardPlanNameTooLong : null)),
} as const;

/**
 * Step 1 of the wizard (photo, Paciente, Telefone, Convênio and, with a plan, the card): the name, the masked mobile
 * and the card's fields when any is typed.
 */
export const identificationSchema = type({ nome_completo: patientName, cellphone: maskedMobile, ...maskedCardFields });

/** What the step-2 schema depends on besides the values. */
export type PatientRuleOptions = {
  mode: PatientWizardMode;
  /** A secretary chooses the medic (SPEC §6); for a medic the patient is always theirs. */
  requiresMedic: boolean;
  /** Today in São Paulo, yyyy-MM-dd (the birthday may not be later). */
  today: string;
};

/**
 * Step 2 of the wizard (Data de nascimento, Endereço, CEP, CPF, Sexo Biológico, Médico): the CPF (SPEC §5's message
 * for the mode) and the biological sex; the birthday, address and CEP when given; the medic when a secretary registers.
 */
export const detailsSchema = perDay(
  ({ mode, requiresMedic, today }: PatientRuleOptions) => {
    const fields = {
      'birthday?': maskedBirthday(today),
      'address?': address,
      'cep?': maskedCep,
      cpf: MASKED_CPF[mode],
      gender,
    };
    return requiresMedic ? type({ ...fields, medic: chosenMedic }) : type(fields);
  },
  ({ mode, requiresMedic }) => `${mode} ${requiresMedic}`,
);

/**
 * The API's `plan_card` part: JSON text holding a PatientPlanCard or null (multipart encodes an object part as JSON).
 * A card needs a plan chosen in the same form (`convenio`, read from the raw form). Checked in a narrow, so its
 * problems are found with the other fields'; the output is the checked card, or null.
 */
function planCardProblems(text: string, root: unknown): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [INVALID];
  }
  if (parsed === null) return [];
  const checked = check(patientPlanCardSchema, parsed);
  if (!checked.ok) return checked.problems.error;
  const plan = (root as Record<string, unknown> | undefined)?.convenio;
  const noPlan = typeof plan !== 'string' || plan.trim() === '' || plan.trim() === 'null';
  return noPlan ? [BILLING_MESSAGES.cardNeedsPlan] : [];
}

const planCardPart = anyString
  .narrow((text, ctx) => {
    const problems = planCardProblems(text, ctx.root);
    for (const message of problems) ctx.reject({ message });
    return problems.length === 0;
  })
  .pipe((text): PatientPlanCardInput | null => {
    const parsed: unknown = JSON.parse(text);
    return parsed === null ? null : (patientPlanCardSchema.assert(parsed) as PatientPlanCardInput);
  })
  .configure({ missing: INVALID });

/**
 * The patient form as the API reads it (add_paciente, update_patient: the multipart text parts; `foto` is read by its
 * content). Optional fields left empty or out are stored as null. Whether `medic` is required, and whether the medic
 * and the health plan exist and may be used, depends on the user and the database: the patient service checks it.
 */
export const patientFormSchema = perDay(
  ({ today }: { today: string }) =>
    type({
      '+': 'reject',
      nome_completo: patientName,
      cellphone: phoneNumber,
      cpf: cpfNumber,
      gender,
      convenio: idPart(M.planUnknown).default(''),
      birthday: isoBirthday(today).default(''),
      address: storedAddress.default(''),
      cep: cepNumber.default(''),
      medic: idPart(M.medicUnknown).default(''),
      'plan_card?': planCardPart,
    }),
  () => 'api',
);

/** The patient form once read: trimmed, digits only for phone, CPF and CEP, null for what was left empty. */
export type CheckedPatientForm = ReturnType<typeof patientFormSchema>['infer'];

const PATIENT_PAGE_SIZE = { default: 50, max: 200 } as const;

export const PATIENT_LIST_MESSAGES = {
  limit: `O parâmetro limit deve ser um número inteiro de 1 a ${PATIENT_PAGE_SIZE.max}.`,
  offset: 'O parâmetro offset deve ser um número inteiro maior ou igual a 0.',
} as const;

/** A whole number in `min..max` sent as query text (a repeated parameter is a list: refused); absent or '' → `fallback`. */
function pageNumber(range: { min: number; max: number; fallback: number }, message: string) {
  const inRange = (value: unknown) =>
    typeof value === 'string' && /^\d{1,10}$/.test(value) && Number(value) >= range.min && Number(value) <= range.max;
  return type('unknown')
    .narrow((value, ctx) => value === '' || inRange(value) || ctx.reject({ message }))
    .pipe((value) => (value === '' ? range.fallback : Number(value)))
    .default('');
}

/** GET /surgery/api/v1/patient/: the search (name words or CPF digits) and the page. */
export const patientListQuerySchema = type({
  search: searchText,
  limit: pageNumber({ min: 1, max: PATIENT_PAGE_SIZE.max, fallback: PATIENT_PAGE_SIZE.default }, PATIENT_LIST_MESSAGES.limit),
  offset: pageNumber({ min: 0, max: MAX_INT4, fallback: 0 }, PATIENT_LIST_MESSAGES.offset),
});

/** GET /surgery/api/v1/patient/export.csv: the list's search, without the page (every matching patient). */
export const patientExportQuerySchema = patientListQuerySchema.pick('search');
