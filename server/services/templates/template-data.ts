import { Temporal } from 'temporal-polyfill';
import { PAYMENT_SOURCE_LABELS, type Gender, type PaymentSource } from '../../../machines/constants';
import { OPME_DECISION_LABELS, type OpmeDecision } from '../../../machines/preoperative/constants';
import { formatCep } from '../../../machines/patientWizard/patientFields';
import { formatCnpj } from '../../../machines/rules/cnpj';
import { formatCpf } from '../../../machines/rules/cpf';
import { formatPhone } from '../../../machines/rules/phone';
import { SAO_PAULO, saoPauloDay } from '../sao-paulo-time';

/**
 * The values a DOCX template can show (DECISIONS §7), named in Portuguese because the people who write the
 * templates read them (docs/TEMPLATES.md lists them with examples). Every value is text already formatted the
 * Brazilian way (dd/MM/yyyy, 000.000.000-00, R$ 1.234,50); a missing one is empty text. Pure: no IO.
 */

/** One case as the template filler needs it (read by template-service.ts). */
export type TemplateCase = {
  id: number;
  createdAt: Date;
  paymentFountains: PaymentSource | null;
  opme: boolean;
  /** numeric(12,2) as stored, e.g. '2500.50'. */
  feesPayments: string | null;
  surgeryNote: string | null;
  documentArrivals: string | null;
  documentNote: string | null;
  schedule: Date | null;
  accomplishment: string | null;
  patient: {
    name: string;
    cpf: string;
    birthday: string | null;
    gender: Gender | null;
    cellphone: string | null;
    fullAddress: string | null;
    cep: string | null;
  };
  medic: { firstName: string; lastName: string; crm: string | null; specialty: string | null; email: string; cellphone: string | null };
  hospital: {
    name: string;
    city: string | null;
    uf: string | null;
    address?: string | null;
    cnes?: string | null;
    cnpj?: string | null;
  } | null;
  healthPlan: { name: string; ansRegistry: string | null } | null;
  procedures: { code: string; description: string; table: 'tuss' | 'sigtap' }[];
  cids: { code: string; description: string }[];
  /** The OPME materials in order (DECISIONS §15), money as numeric(12,2) text computed by the database. */
  opmeItems: TemplateOpmeItem[];
  /** The sum of the chosen quotes × quantities (numeric text), null when no item has a chosen quote. */
  opmeTotal: string | null;
};

/** One OPME material as a template shows it: the chosen supplier's quote and every supplier asked. */
export type TemplateOpmeItem = {
  description: string;
  quantity: number;
  decision: OpmeDecision | null;
  authorizedQuantity: number | null;
  chosen: { supplier: string; brand: string | null; unitPrice: string | null; total: string | null } | null;
  /** Every supplier asked, in order ("Ortomed (Synthes): R$ 1.250,50"). */
  suppliers: { supplier: string; brand: string | null; unitPrice: string | null }[];
};

/** The scalar placeholders, with what they hold (docs/TEMPLATES.md shows the same list with examples). */
export const TEMPLATE_FIELDS = {
  cirurgia_id: 'Número da cirurgia no sistema',
  data_hoje: 'Data de hoje (São Paulo), dd/mm/aaaa',
  data_hoje_extenso: 'Data de hoje por extenso ("5 de março de 2026")',
  paciente_nome: 'Nome completo do paciente',
  paciente_cpf: 'CPF do paciente (000.000.000-00)',
  paciente_nascimento: 'Data de nascimento do paciente',
  paciente_idade: 'Idade do paciente hoje ("52 anos")',
  paciente_sexo: 'Masculino ou Feminino',
  paciente_telefone: 'Celular do paciente',
  paciente_endereco: 'Endereço completo do paciente',
  paciente_cep: 'CEP do paciente (00.000-000)',
  medico_nome: 'Nome do médico',
  medico_crm: 'CRM do médico',
  medico_especialidade: 'Especialidade do médico',
  medico_email: 'E-mail do médico',
  medico_telefone: 'Celular do médico',
  hospital_nome: 'Hospital da cirurgia',
  hospital_cidade: 'Cidade e UF do hospital',
  hospital_endereco: 'Endereço do hospital (dos cadastrados pelo consultório)',
  hospital_cnes: 'CNES do hospital',
  hospital_cnpj: 'CNPJ do hospital (00.000.000/0000-00)',
  plano_nome: 'Plano de saúde (convênio) da cirurgia',
  plano_registro_ans: 'Registro ANS do plano',
  fonte_pagadora: 'Fonte pagadora (Plano de Saúde, Particular, ...)',
  opme: 'Usa OPME? (Sim ou Não)',
  honorarios: 'Honorários previstos (R$ 1.234,50)',
  observacoes: 'Observação do cadastro da cirurgia',
  data_cadastro: 'Data em que a cirurgia foi cadastrada',
  data_envio_documentos: 'Data de envio da documentação',
  observacao_documentos: 'Observação do envio da documentação',
  data_cirurgia: 'Data agendada da cirurgia',
  hora_cirurgia: 'Hora agendada da cirurgia (HH:mm)',
  data_realizacao: 'Data em que a cirurgia foi realizada',
  procedimentos: 'Procedimentos, um por linha ("código - descrição")',
  procedimentos_codigos: 'Códigos dos procedimentos, separados por vírgula',
  cids: 'CIDs, um por linha ("código - descrição")',
  cids_codigos: 'Códigos CID, separados por vírgula',
  opme_materiais: 'Materiais OPME, um por linha ("quantidade x descrição - fornecedor escolhido")',
  opme_total: 'Soma das cotações escolhidas dos materiais OPME (R$ 1.234,50)',
} as const;

/** The lists a template can repeat (`{#lista_procedimentos}…{/lista_procedimentos}`) and the fields of each item. */
const TEMPLATE_LISTS = {
  lista_procedimentos: {
    description: 'Um item por procedimento, na ordem do cadastro',
    fields: { numero: 'Posição (1, 2, ...)', codigo: 'Código TUSS ou SIGTAP', descricao: 'Descrição', tabela: 'TUSS ou SIGTAP' },
  },
  lista_cids: {
    description: 'Um item por CID, na ordem do cadastro',
    fields: { numero: 'Posição (1, 2, ...)', codigo: 'Código CID-10', descricao: 'Descrição' },
  },
  lista_opme: {
    description: 'Um item por material OPME, na ordem informada',
    fields: {
      numero: 'Posição (1, 2, ...)',
      descricao: 'Descrição do material',
      quantidade: 'Quantidade pedida',
      fornecedor: 'Fornecedor escolhido (vazio sem escolha)',
      marca: 'Marca do fornecedor escolhido',
      valor_unitario: 'Valor unitário da cotação escolhida (R$ 1.234,50)',
      valor_total: 'Valor unitário escolhido × quantidade',
      fornecedores: 'Todos os fornecedores consultados com as cotações, separados por ponto e vírgula',
      autorizacao: 'Autorizado, Parcial, Negado ou Pendente',
      quantidade_autorizada: 'Quantidade autorizada (vazia enquanto pendente)',
    },
  },
} as const;

type TemplateField = keyof typeof TEMPLATE_FIELDS;

/** The documents a template fills (openapi TemplateKind): the hospital's form and the health plan's form. */
export const TEMPLATE_DOCUMENTS = ['hospital', 'plano'] as const;
export type TemplateDocument = (typeof TEMPLATE_DOCUMENTS)[number];

/**
 * The office's own notes and money: no external document carries them, whatever its template asks for (issue
 * 33.11). The fee is between the surgeon and the patient or the plan's fee table; the notes are written for the team.
 */
const INTERNAL_FIELDS = ['honorarios', 'observacoes', 'observacao_documentos'] as const satisfies readonly TemplateField[];

/**
 * What each external document may carry (docs/TEMPLATES.md, "Which document gets which value"): everything but the
 * internal fields; the plan's form also leaves out the patient's address, which the plan has on its beneficiary
 * record and its authorization guide does not ask for (LGPD: only what the recipient needs).
 */
const EXCLUDED_FIELDS: Record<TemplateDocument, readonly TemplateField[]> = {
  hospital: INTERNAL_FIELDS,
  plano: [...INTERNAL_FIELDS, 'paciente_endereco', 'paciente_cep'],
};

/** The scalar fields a document's template gets; lists (and their items' fields) go to both documents. */
export const DOCUMENT_FIELDS: Record<TemplateDocument, readonly TemplateField[]> = Object.fromEntries(
  TEMPLATE_DOCUMENTS.map((document) => [
    document,
    (Object.keys(TEMPLATE_FIELDS) as TemplateField[]).filter((field) => !EXCLUDED_FIELDS[document].includes(field)),
  ]),
) as unknown as Record<TemplateDocument, readonly TemplateField[]>;

/** Every name a template may use: scalars, lists and the fields of list items. */
export const KNOWN_PLACEHOLDERS: ReadonlySet<string> = new Set([
  ...Object.keys(TEMPLATE_FIELDS),
  ...Object.keys(TEMPLATE_LISTS),
  ...Object.values(TEMPLATE_LISTS).flatMap((list) => Object.keys(list.fields)),
]);

type TemplateValues = Record<TemplateField, string> & {
  lista_procedimentos: { numero: string; codigo: string; descricao: string; tabela: string }[];
  lista_cids: { numero: string; codigo: string; descricao: string }[];
  lista_opme: Record<keyof (typeof TEMPLATE_LISTS)['lista_opme']['fields'], string>[];
};

const MONTHS = [
  'janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho',
  'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro',
];

/** 'yyyy-MM-dd' as 'dd/MM/yyyy'; anything else as empty text. */
export function brazilianDate(day: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** 'yyyy-MM-dd' as '5 de março de 2026'. */
export function longBrazilianDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return '';
  return `${Number(match[3])} de ${MONTHS[Number(match[2]) - 1] ?? ''} de ${match[1]}`;
}

/** Whole years from `birthday` to `today` (both 'yyyy-MM-dd'), or null. */
export function ageOn(birthday: string | null, today: string): number | null {
  if (!birthday) return null;
  try {
    const years = Temporal.PlainDate.from(birthday).until(Temporal.PlainDate.from(today), { largestUnit: 'years' }).years;
    return years >= 0 ? years : null;
  } catch {
    return null;
  }
}

/** BRL with pt-BR separators ('R$ 2.500,50'); empty for no value. */
export function brazilianMoney(value: string | null): string {
  if (value === null || value.trim() === '' || !Number.isFinite(Number(value))) return '';
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(Number(value)).replace(/\s/g, ' ');
}

/** The scheduled instant as São Paulo's date (dd/MM/yyyy) and time (HH:mm). */
function scheduleParts(schedule: Date | null): { date: string; time: string } {
  if (!schedule) return { date: '', time: '' };
  const local = Temporal.Instant.fromEpochMilliseconds(schedule.getTime()).toZonedDateTimeISO(SAO_PAULO);
  return {
    date: brazilianDate(local.toPlainDate().toString()),
    time: `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`,
  };
}

const GENDER_LABELS: Record<Gender, string> = { male: 'Masculino', female: 'Feminino' };
const TABLE_LABELS = { tuss: 'TUSS', sigtap: 'SIGTAP' } as const;

/** A supplier as a template names it: "Ortomed (Synthes)". */
function supplierName(row: { supplier: string; brand: string | null }): string {
  return row.brand ? `${row.supplier} (${row.brand})` : row.supplier;
}

/** The OPME materials as `lista_opme` items. */
function opmeList(items: TemplateOpmeItem[]): TemplateValues['lista_opme'] {
  return items.map((item, index) => ({
    numero: String(index + 1),
    descricao: item.description,
    quantidade: String(item.quantity),
    fornecedor: item.chosen?.supplier ?? '',
    marca: item.chosen?.brand ?? '',
    valor_unitario: brazilianMoney(item.chosen?.unitPrice ?? null),
    valor_total: brazilianMoney(item.chosen?.total ?? null),
    fornecedores: item.suppliers
      .map((row) => `${supplierName(row)}: ${row.unitPrice === null ? 'sem cotação' : brazilianMoney(row.unitPrice)}`)
      .join('; '),
    autorizacao: item.decision ? OPME_DECISION_LABELS[item.decision] : 'Pendente',
    quantidade_autorizada: item.authorizedQuantity === null ? '' : String(item.authorizedQuantity),
  }));
}

/** The known placeholders a template for `document` uses but will get empty (internal, or not for that recipient). */
export function withheldPlaceholders(tags: readonly string[], document: TemplateDocument): string[] {
  const allowed: ReadonlySet<string> = new Set(DOCUMENT_FIELDS[document]);
  return tags.filter((tag) => tag in TEMPLATE_FIELDS && !allowed.has(tag));
}

/**
 * Only the values `document` may carry: what a hospital's or plan's template gets, so even a template attached
 * with `{honorarios}` cannot pull an internal value into an external document.
 */
export function documentValues(values: TemplateValues, document: TemplateDocument): Partial<TemplateValues> {
  const kept: Partial<Record<keyof TemplateValues, unknown>> = {};
  for (const field of DOCUMENT_FIELDS[document]) kept[field] = values[field];
  for (const list of Object.keys(TEMPLATE_LISTS) as (keyof typeof TEMPLATE_LISTS)[]) kept[list] = values[list];
  return kept as Partial<TemplateValues>;
}

/** Every placeholder's value for one case, `now` giving today's date in São Paulo. */
export function buildTemplateValues(surgery: TemplateCase, now: Date): TemplateValues {
  const today = saoPauloDay(now);
  const age = ageOn(surgery.patient.birthday, today);
  const schedule = scheduleParts(surgery.schedule);
  const { patient, medic, hospital, healthPlan } = surgery;
  const procedures = surgery.procedures.map((procedure, index) => ({
    numero: String(index + 1),
    codigo: procedure.code,
    descricao: procedure.description,
    tabela: TABLE_LABELS[procedure.table],
  }));
  const cids = surgery.cids.map((cid, index) => ({ numero: String(index + 1), codigo: cid.code, descricao: cid.description }));
  return {
    cirurgia_id: String(surgery.id),
    data_hoje: brazilianDate(today),
    data_hoje_extenso: longBrazilianDate(today),
    paciente_nome: patient.name,
    paciente_cpf: formatCpf(patient.cpf),
    paciente_nascimento: brazilianDate(patient.birthday),
    paciente_idade: age === null ? '' : `${age} ${age === 1 ? 'ano' : 'anos'}`,
    paciente_sexo: patient.gender ? GENDER_LABELS[patient.gender] : '',
    paciente_telefone: formatPhone(patient.cellphone),
    paciente_endereco: patient.fullAddress ?? '',
    paciente_cep: formatCep(patient.cep),
    medico_nome: `${medic.firstName} ${medic.lastName}`.trim(),
    medico_crm: medic.crm ?? '',
    medico_especialidade: medic.specialty ?? '',
    medico_email: medic.email,
    medico_telefone: formatPhone(medic.cellphone),
    hospital_nome: hospital?.name ?? '',
    hospital_cidade: hospital ? [hospital.city, hospital.uf].filter(Boolean).join(' - ') : '',
    hospital_endereco: hospital?.address ?? '',
    hospital_cnes: hospital?.cnes ?? '',
    hospital_cnpj: hospital?.cnpj ? formatCnpj(hospital.cnpj) : '',
    plano_nome: healthPlan?.name ?? '',
    plano_registro_ans: healthPlan?.ansRegistry ?? '',
    fonte_pagadora: surgery.paymentFountains ? PAYMENT_SOURCE_LABELS[surgery.paymentFountains] : '',
    opme: surgery.opme ? 'Sim' : 'Não',
    honorarios: brazilianMoney(surgery.feesPayments),
    observacoes: surgery.surgeryNote ?? '',
    data_cadastro: brazilianDate(saoPauloDay(surgery.createdAt)),
    data_envio_documentos: brazilianDate(surgery.documentArrivals),
    observacao_documentos: surgery.documentNote ?? '',
    data_cirurgia: schedule.date,
    hora_cirurgia: schedule.time,
    data_realizacao: brazilianDate(surgery.accomplishment),
    procedimentos: procedures.map((item) => `${item.codigo} - ${item.descricao}`).join('\n'),
    procedimentos_codigos: procedures.map((item) => item.codigo).join(', '),
    cids: cids.map((item) => `${item.codigo} - ${item.descricao}`).join('\n'),
    cids_codigos: cids.map((item) => item.codigo).join(', '),
    opme_materiais: surgery.opmeItems
      .map((item) => `${item.quantity} x ${item.description}${item.chosen ? ` - ${supplierName(item.chosen)}` : ''}`)
      .join('\n'),
    opme_total: brazilianMoney(surgery.opmeTotal),
    lista_procedimentos: procedures,
    lista_cids: cids,
    lista_opme: opmeList(surgery.opmeItems),
  };
}
