import { CASE_STATUSES, type CaseStatus, type Gender, type PaymentSource } from '../../machines/constants';
import { stageOf } from '../../machines/stages';
import { ARCHIVABLE_STATUSES } from '../../machines/surgeryLifecycle/lifecycleRules';
import { formatCep } from '../../machines/patientWizard/patientFields';
import { isValidCpf } from '../../machines/rules/cpf';

/**
 * The demo practice seeded on an empty database (DECISIONS §10): pure, deterministic generators
 * (a seeded pseudo-random sequence), so the same `now` always gives the same data. seed.ts writes it.
 */

/**
 * Why a demo case is operated: the procedures done together (TUSS or SIGTAP codes; a procedure both catalogues name
 * alike is its TUSS code, the entry the seed keeps) and the CID-10 codes that indicate them, so every case is one a
 * surgeon would recognise (issue 11, item 9). `sex` is set when the indication exists in one sex only.
 */
export type DemoIndication = { procedures: readonly string[]; cids: readonly string[]; sex?: Gender };

export const DEMO_INDICATIONS: readonly DemoIndication[] = [
  // Gallbladder, appendix, abdominal wall.
  { procedures: ['31005497'], cids: ['K80.2'] },
  { procedures: ['31005470'], cids: ['K80.1'] },
  { procedures: ['31005128'], cids: ['K81.0', 'K80.0'] },
  { procedures: ['0407030034'], cids: ['K80.2'] },
  { procedures: ['31005497', '0407040129'], cids: ['K80.2', 'K42.9'] },
  { procedures: ['31003583'], cids: ['K35.9'] },
  { procedures: ['31003079'], cids: ['K35.0'] },
  { procedures: ['0407040102'], cids: ['K40.9'] },
  { procedures: ['0407040099'], cids: ['K40.2'] },
  { procedures: ['0407040137'], cids: ['K40.9'] },
  { procedures: ['31009085'], cids: ['K41.9'] },
  { procedures: ['31009107'], cids: ['K43.9'] },
  { procedures: ['31009093', '0407040129'], cids: ['K43.9', 'K42.9'] },
  // Colon, rectum and anus; bariatric.
  { procedures: ['31003621'], cids: ['C18.9'] },
  { procedures: ['31003176'], cids: ['K57.3'] },
  { procedures: ['31004202'], cids: ['I84.9'] },
  { procedures: ['31002390'], cids: ['E66.0'] },
  { procedures: ['31002390', '31005497'], cids: ['E66.0', 'K80.2'] },
  // Head and neck, eye.
  { procedures: ['30213053'], cids: ['C73'] },
  { procedures: ['30213053'], cids: ['E04.2'] },
  { procedures: ['30213045'], cids: ['E04.2'] },
  { procedures: ['30205034'], cids: ['J35.3'] },
  { procedures: ['0404010024'], cids: ['J35.0'] },
  { procedures: ['30501369'], cids: ['J34.2'] },
  { procedures: ['30306027'], cids: ['H25.9'] },
  { procedures: ['30306027'], cids: ['H26.9'] },
  // Veins, joints.
  { procedures: ['30907136'], cids: ['I83.9'] },
  { procedures: ['30726034'], cids: ['M17.9'] },
  { procedures: ['30724058'], cids: ['M16.9'] },
  { procedures: ['30724058'], cids: ['S72.0'] },
  { procedures: ['30733057'], cids: ['M23.2'] },
  { procedures: ['30735068'], cids: ['M75.1'] },
  // Urinary stones.
  { procedures: ['0409010235'], cids: ['N20.0'] },
  { procedures: ['31102581'], cids: ['N20.1'] },
  // Women only.
  { procedures: ['31303102'], cids: ['D25.9'], sex: 'female' },
  { procedures: ['0409060119'], cids: ['D25.9', 'D27'], sex: 'female' },
  { procedures: ['0409060119'], cids: ['N83.2'], sex: 'female' },
  { procedures: ['31303102'], cids: ['N81.2'], sex: 'female' },
  { procedures: ['30602157'], cids: ['C50.9'], sex: 'female' },
  // Men only.
  { procedures: ['0409030040'], cids: ['N40'], sex: 'male' },
  { procedures: ['0409030031'], cids: ['C61'], sex: 'male' },
  { procedures: ['31203043'], cids: ['N43.3'], sex: 'male' },
  { procedures: ['31206220'], cids: ['N47'], sex: 'male' },
  { procedures: ['31203060'], cids: ['Q53.9'], sex: 'male' },
];

/** An indication for a patient of `gender`: one of either sex, or one of hers or his (none when it is unknown). */
export function chooseIndication(random: Random, gender: Gender | null): DemoIndication {
  return random.pick(DEMO_INDICATIONS.filter((indication) => !indication.sex || indication.sex === gender));
}

/** Reference rows the small lookup set holds (natural keys): every code the demo uses, and a few more. */
export const SMALL_CID_CODES = [
  'K80.2', 'K80.0', 'K80.1', 'K81.0', 'K35.9', 'K35.0', 'K40.9', 'K40.2', 'K41.9', 'K42.9', 'K43.9',
  'K44.9', 'K57.3', 'K21.9', 'K60.2', 'K61.0', 'N20.0', 'N20.1', 'N40', 'N43.3', 'N47', 'N81.2',
  'N83.2', 'D25.9', 'D27', 'C18.9', 'C20', 'C50.9', 'C61', 'C73', 'E04.2', 'E66.0',
  'M17.9', 'M16.9', 'M23.2', 'M51.1', 'M75.1', 'S72.0', 'S82.8', 'H25.9', 'H26.9', 'J34.2',
  'J35.0', 'J35.3', 'I83.9', 'I84.9', 'L05.9', 'L72.1', 'O82.0', 'Q53.9', 'I70.2', 'K76.0',
] as const;

export const SMALL_SIGTAP_CODES = [
  '0407030034', '0407030026', '0407020039', '0407020047', '0407040102', '0407040099', '0407040137',
  '0407040129', '0407040080', '0407020063', '0407020080', '0407020284', '0407010173', '0402010043',
  '0402010035', '0404010024', '0404010032', '0404010482', '0405050097', '0406020566', '0408050063',
  '0408040092', '0408060719', '0409010235', '0409010596', '0409040134', '0409050083', '0409060119',
  '0409030040', '0409030031',
] as const;

export const SMALL_TUSS_CODES = [
  '31005497', '31005470', '31005128', '31003079', '31003583', '31009085', '31009093', '31009107',
  '31003176', '31003621', '31004202', '31002390', '30213053', '30213045', '30205034', '30501369',
  '30306027', '30907136', '30726034', '30724058', '30733057', '30735068', '30602157', '31303102',
  '31203043', '31206220', '31203060', '31102581',
] as const;

/** ANS registrations of well-known plans (the small lookup set). */
export const SMALL_PLAN_REGISTRIES = [
  '326305', '005711', '006246', '339679', '343889', '368253', '000582', '302147', '359661', '346659',
  '323080', '000701',
] as const;

/**
 * Hospitals and plans (fantasy name / ANS registration) that the demo gives the generic DOCX templates shipped in
 * server/data/templates/, so the document-sending step can download filled forms. The others stay without, so
 * 'Esse Hospital não tem template' / 'Esse Plano de saude não tem template' can be seen too. With the demo's fixed
 * random sequence, the cases at env_doc include one whose hospital and plan both have a template (Albert Einstein,
 * Bradesco Saúde), one whose hospital has none (Clínicas de Porto Alegre) and ones without a plan.
 */
export const DEMO_TEMPLATE_HOSPITALS = [
  'Hospital Israelita Albert Einstein',
  'Hospital Sírio-Libanês',
  'Hospital São Luiz',
  'Hospital Samaritano',
] as const;
export const DEMO_TEMPLATE_PLAN_REGISTRIES = ['302147', '326305', '005711', '006246'] as const;

export const DEMO_PASSWORD = 'Demo@12345';
export const DEMO_MEDIC_EMAIL = 'medico@demo.com.br';
export const DEMO_SECRETARY_EMAIL = 'secretaria@demo.com.br';

/** A small, fast, seedable generator (mulberry32). */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number) => next() < p;
  /** `count` distinct items. */
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0] as T);
    return out;
  };
  return { next, int, pick, chance, sample };
}
export type Random = ReturnType<typeof createRandom>;

const FEMALE_NAMES = [
  'Maria', 'Ana', 'Francisca', 'Antônia', 'Adriana', 'Juliana', 'Márcia', 'Fernanda', 'Patrícia', 'Aline',
  'Sandra', 'Camila', 'Luciana', 'Beatriz', 'Larissa', 'Tereza', 'Helena', 'Vitória', 'Rafaela', 'Letícia',
];
const MALE_NAMES = [
  'José', 'João', 'Antônio', 'Francisco', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz', 'Marcos',
  'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe', 'Raimundo', 'Rodrigo', 'Sebastião',
];
const SURNAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
  'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa',
  'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas',
];
const STREETS = [
  'Rua Augusta', 'Avenida Paulista', 'Rua da Consolação', 'Rua Haddock Lobo', 'Alameda Santos', 'Rua Vergueiro',
  'Avenida Brigadeiro Faria Lima', 'Rua Oscar Freire', 'Rua Teodoro Sampaio', 'Avenida Rebouças', 'Rua Domingos de Morais',
  'Rua Tuiuti', 'Avenida Ipiranga', 'Rua Cardeal Arcoverde', 'Rua Bela Cintra',
];
const DISTRICTS = ['Consolação', 'Bela Vista', 'Pinheiros', 'Vila Mariana', 'Jardim Paulista', 'Tatuapé', 'Moema', 'Perdizes'];
const AREA_CODES = ['11', '11', '11', '11', '19', '21', '31', '41', '51', '71'];

export function generateCpf(random: Random): string {
  for (;;) {
    const digits = Array.from({ length: 9 }, () => random.int(0, 9));
    const check = (values: number[], weight: number) => {
      const rest = (values.reduce((sum, digit, i) => sum + digit * (weight - i), 0) * 10) % 11;
      return rest === 10 ? 0 : rest;
    };
    digits.push(check(digits, 10));
    digits.push(check(digits, 11));
    const cpf = digits.join('');
    if (isValidCpf(cpf)) return cpf;
  }
}

/** Digits, as the forms store a phone (docs/ARCHITECTURE.md, "Phones and CEPs"). */
function generatePhone(random: Random): string {
  return `${random.pick(AREA_CODES)}9${random.int(6000, 9999)}${String(random.int(0, 9999)).padStart(4, '0')}`;
}

type DemoPatient = {
  nomeCompleto: string;
  gender: Gender;
  cpf: string;
  cellphone: string;
  birthday: string;
  address: string;
  fullAddress: string;
  cep: string;
  /** Index into the health plans, or null (no plan). */
  planIndex: number | null;
};

export function generatePatients(random: Random, count: number, planCount: number): DemoPatient[] {
  const cpfs = new Set<string>();
  const names = new Set<string>();
  const patients: DemoPatient[] = [];
  while (patients.length < count) {
    const gender: Gender = random.chance(0.55) ? 'female' : 'male';
    const first = random.pick(gender === 'female' ? FEMALE_NAMES : MALE_NAMES);
    const [middle, last] = random.sample(SURNAMES, 2);
    const nomeCompleto = `${first} ${middle} ${last}`;
    const cpf = generateCpf(random);
    if (names.has(nomeCompleto) || cpfs.has(cpf)) continue;
    names.add(nomeCompleto);
    cpfs.add(cpf);
    const street = random.pick(STREETS);
    const address = `${street}, ${random.int(10, 2500)}${random.chance(0.3) ? `, apto ${random.int(11, 184)}` : ''}`;
    // Stored as digits like the forms' CEP; the display address shows it masked, as buildFullAddress does.
    const cep = `0${random.int(1000, 5999)}${String(random.int(0, 999)).padStart(3, '0')}`;
    const month = random.int(1, 12);
    const day = random.int(1, 28);
    patients.push({
      nomeCompleto,
      gender,
      cpf,
      cellphone: generatePhone(random),
      birthday: `${random.int(1945, 2005)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      address,
      fullAddress: `${address} - ${random.pick(DISTRICTS)}, São Paulo - SP, CEP ${formatCep(cep)}`,
      cep,
      planIndex: random.chance(0.8) ? random.int(0, planCount - 1) : null,
    });
  }
  return patients;
}

/** How many demo cases sit at each stage (40 in all, every stage present; DEMO_LOST_CASES come after them). */
export const DEMO_STAGE_PLAN: Record<CaseStatus, number> = {
  ind_paciente: 5,
  prep_doc: 4,
  env_doc: 4,
  autorizacao: 5,
  agendamento: 5,
  realizacao: 6,
  pagamento: 4,
  concluido: 4,
  cancelado: 1,
  arquiv: 2,
};

/**
 * Two more archived cases (issue 13), for patients who have no other case, drawn from a random sequence of their own
 * so the forty above stay as they were: cases lost to the pre-operative work itself, whose reasons the dashboard
 * counts beside the cancelled and the other archived ones.
 */
export const DEMO_LOST_CASES: ReadonlyArray<{
  archivedFrom: CaseStatus;
  planApprovals: 'aprovada' | 'negada';
  /** Extra days it waited at its last stage before it was archived. */
  waitedDays?: number;
}> = [
  // The plan refused the procedure at the authorization step.
  { archivedFrom: 'autorizacao', planApprovals: 'negada' },
  // Everything was approved, but the plan's guide (valid 30 days) expired before the hospital had a date.
  { archivedFrom: 'agendamento', planApprovals: 'aprovada', waitedDays: 35 },
];

/** The stages of a case carried through to its conclusion, in order. */
const COMPLETED_PATH: readonly CaseStatus[] = CASE_STATUSES.filter((status) => stageOf(status).group !== 'lost');

/** The statuses a case went through, creation first (a case is cancelled from the payment step). */
export function statusPath(final: CaseStatus, archivedFrom: CaseStatus = 'prep_doc'): CaseStatus[] {
  const upTo = (status: CaseStatus) => COMPLETED_PATH.slice(0, COMPLETED_PATH.indexOf(status) + 1);
  if (final === 'cancelado') return [...upTo('pagamento'), final];
  if (final === 'arquiv') return [...upTo(archivedFrom), final];
  return upTo(final);
}

/** 'yyyy-MM-dd' of an instant in America/Sao_Paulo. */
export function saoPauloDate(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** The instant of `hh:mm` São Paulo time (UTC−3, no daylight saving since 2019), `dayOffset` days from `now`'s day. */
function saoPauloInstant(now: Date, dayOffset: number, hour: number, minute = 0): Date {
  const [y, m, d] = saoPauloDate(now).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + dayOffset, hour + 3, minute));
}

const DAY_MS = 86_400_000;

type DemoSurgeryPlan = {
  status: CaseStatus;
  path: CaseStatus[];
  /** When each status of `path` was entered (increasing, all ≤ now). */
  times: Date[];
  /** Set when the case reached realizacao (the surgery was scheduled). */
  schedule: Date | null;
};

/**
 * Places one case on the calendar: scheduled cases (realizacao) around today, some of them today;
 * finished ones weeks back; early ones with their last change 0–25 days ago (all three colours).
 */
export function planTimeline(
  random: Random,
  now: Date,
  status: CaseStatus,
  slot: number,
  /** Where an archived case left the workflow; drawn at random when absent (drawn either way: the sequence stays). */
  archivedFromOverride?: CaseStatus,
): DemoSurgeryPlan {
  const drawn = random.pick(ARCHIVABLE_STATUSES);
  const path = statusPath(status, archivedFromOverride ?? drawn);
  const times: Date[] = new Array(path.length);
  let schedule: Date | null = null;
  let anchor: number;
  const gap = () => random.int(1, 5) * DAY_MS + random.int(-180, 180) * 60_000;

  const realizacao = path.indexOf('realizacao');
  const pagamento = path.indexOf('pagamento');
  if (status === 'realizacao') {
    const offsets = [0, 0, 0, 3, 10, -2];
    const hours = [8, 10, 15, 7, 9, 13];
    schedule = saoPauloInstant(now, offsets[slot % offsets.length] ?? 5, hours[slot % hours.length] ?? 9, random.pick([0, 30]));
    anchor = realizacao;
    times[anchor] = new Date(Math.min(now.getTime(), schedule.getTime()) - random.int(1, 6) * DAY_MS);
  } else if (pagamento >= 0) {
    const daysAgo = status === 'pagamento' ? random.int(2, 18) : random.int(20, 60);
    schedule = saoPauloInstant(now, -daysAgo, random.pick([7, 8, 10, 13, 15]), random.pick([0, 30]));
    anchor = pagamento;
    times[anchor] = new Date(schedule.getTime() + random.int(4, 30) * 3_600_000);
    times[realizacao] = new Date(schedule.getTime() - random.int(2, 12) * DAY_MS);
  } else {
    anchor = path.length - 1;
    times[anchor] = new Date(now.getTime() - random.int(0, 25) * DAY_MS - random.int(30, 600) * 60_000);
    // Archived after it was scheduled: the date it had been booked for.
    if (realizacao >= 0) schedule = new Date((times[anchor] as Date).getTime() + random.int(1, 10) * DAY_MS);
  }
  for (let i = anchor - 1; i >= 0; i--) {
    if (!times[i]) times[i] = new Date((times[i + 1] as Date).getTime() - gap());
  }
  for (let i = anchor + 1; i < path.length; i++) {
    times[i] = new Date((times[i - 1] as Date).getTime() + gap());
  }
  // Never in the future, always increasing.
  for (let i = path.length - 1; i >= 0; i--) {
    const ceiling = i === path.length - 1 ? now.getTime() - 60_000 : (times[i + 1] as Date).getTime() - 60_000;
    if ((times[i] as Date).getTime() > ceiling) times[i] = new Date(ceiling);
  }
  return { status, path, times, schedule };
}

type DemoPaymentChoice = { source: PaymentSource; opme: boolean; fees: string | null };

export function choosePayment(random: Random, status: CaseStatus): DemoPaymentChoice {
  const reachedPayment = statusPath(status).includes('pagamento');
  const roll = random.next();
  let source: PaymentSource =
    roll < 0.55 ? 'plano_saude' : roll < 0.75 ? 'particular' : roll < 0.85 ? 'coop' : roll < 0.95 ? 'hospital' : 'clt';
  if (source === 'clt' && reachedPayment) source = 'particular';
  const fees = source === 'clt' ? null : `${random.int(15, 180) * 100}.00`;
  return { source, opme: random.chance(0.3), fees };
}

export const DEMO_NOTES = {
  surgery: ['Paciente com indicação cirúrgica eletiva.', 'Solicitar risco cirúrgico.', 'Paciente hipertensa controlada.', null, null],
  document: ['Documentação entregue na central de guias.', 'Enviado por e-mail ao setor de autorização.', null],
  hospitalApproval: ['Reserva de sala confirmada.', null],
  planApproval: ['Guia autorizada pelo convênio.', 'Senha de autorização recebida.', null],
  opmeApproval: ['OPME cotada com três fornecedores.', null],
  schedule: ['Internação às 6h, jejum de 8 horas.', 'Trazer exames pré-operatórios.', null],
  accomplishment: ['Cirurgia sem intercorrências.', 'Alta no dia seguinte.', null],
  payment: ['Pago via transferência.', 'Repasse do convênio recebido.', null],
} as const;
