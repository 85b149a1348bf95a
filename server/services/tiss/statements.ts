import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { STATUS_LABELS, type CaseStatus } from '../../../machines/constants';
import { formatCents, glosaProblem } from '../../../machines/ledger/ledgerRules';
import { isoToBrDate } from '../../../machines/patientWizard/patientFields';
import { onlyDigits } from '../../../machines/rules/cpf';
import { addDays } from '../../../machines/rules/dates';
import { DEFAULT_APPEAL_DAYS } from '../../../machines/ledger/constants';
import { stagesWhere } from '../../../machines/stages';
import { glosaReasonLabel } from '../../../machines/tiss/guideRules';
import { StatementFileError } from '../../../machines/tiss/statementMessages';
import { allocatePayment } from '../../../machines/tiss/statementAllocation';
import { statementDiscrepancies } from '../../../machines/tiss/statementChecks';
import { glosasToPost, statementMatcher, type CasePassword, type GuideMatch } from '../../../machines/tiss/statementMatching';
import type { ReceiptPayer } from '../../../machines/ledger/constants';
import { parseRepasseCsv, repasseCsvText, RepasseCsvError, type RepasseLine, type RepassePayer } from '../../../machines/ledger/repasseCsv';
import type { AnaliseContaStatement, PagamentoStatement, StatementProvider, TissStatementMessage } from '../../../machines/tiss/statementTypes';
import type { DebitCreditType } from '../../../machines/tiss/tissDomains';
import type { Database, Executor, Transaction } from '../../db/client';
import {
  glosaReasons,
  healthPlans,
  medicBillingProfiles,
  medicPlanBilling,
  patientPlanCards,
  patients,
  procedures,
  surgeries,
  surgeryGlosas,
  surgeryAuthorizations,
  surgeryProcedures,
  surgeryReceipts,
  tissGuides,
  tissLots,
  tissStatementFiles,
  tissStatementLots,
  tissStatements,
  users,
  type StatementKind,
} from '../../db/schema/index';
import { rowsOf } from '../dashboard/dashboard-rows';
import { badRequest, notFound } from '../../http/errors';
import { frozen } from './guides';
import type { AuthUser } from '../../plugins/authenticate';
import { caseChange, recordChange } from '../audit/audit-log';
import { ledgerFacts, paymentColumnsFromReceipts } from '../ledger/ledger-read';
import { saoPauloDay } from '../sao-paulo-time';
import { readTissStatementFile } from './statement-file';

type User = Pick<AuthUser, 'id' | 'type'>;

const STATEMENT_IMPORT_MESSAGES = {
  unknownPlan: (registry: string) =>
    `O demonstrativo é de uma operadora (registro ANS ${registry}) que não está na lista de convênios do sistema.`,
  otherProvider:
    'Este demonstrativo é de outro prestador: o código na operadora, o CPF ou o CNPJ a que ele se destina não são os do médico (confira em Faturamento TISS).',
  notFound: 'Demonstrativo não encontrado.',
  repasseAlreadyImported: (day: string) => `Este arquivo de repasse já foi importado em ${day}: nada foi lançado de novo.`,
  repasseReference: (payer: string, day: string) => `Repasse de ${payer} de ${day}`,
  inssWithheld: (amount: string) => `INSS retido pelo plano: ${amount}.`,
  alreadyImported: (day: string) => `Este demonstrativo já foi importado em ${day}: nada foi lançado de novo.`,
  notWritable: (status: CaseStatus) => `A cirurgia está em "${STATUS_LABELS[status]}": nada será lançado nela.`,
  lotDiffers: (lot: string) => `A guia foi enviada em outro lote (lote ${lot} no demonstrativo).`,
  informedDiffers: (billed: string, informed: string) => `Valor apresentado (${informed}) diferente do faturado na guia (${billed}).`,
  glosaAboveOpen: (problem: string) => `Glosa não lançada: ${problem}`,
  samePaymentPosted: (amount: string, day: string, reference: string) =>
    `Não lançado: a cirurgia já tem um recebimento de ${amount} em ${day} (${reference}); se for outro pagamento, lance à mão.`,
  otherGuideCodes: (codes: string[]) => `Outros motivos da guia: ${codes.join(', ')}.`,
  noCandidate: 'Nenhuma cirurgia encontrada pelo número da guia, nem pela carteira, data e procedimento.',
  noCandidateRepasse: 'Nenhuma cirurgia encontrada pelo número da guia, nem pela senha de autorização.',
  ambiguous: (count: number) => `${count} cirurgias com a mesma carteira, data e procedimento: lance à mão na cirurgia certa.`,
  ambiguousPassword: (count: number) => `${count} cirurgias com a mesma senha de autorização: lance à mão na cirurgia certa.`,
} as const;

const M = STATEMENT_IMPORT_MESSAGES;
const WRITABLE: readonly CaseStatus[] = stagesWhere('ledgerWritable');


/** A receipt or glosa the import posts on a case. */
/**
 * A receipt from a payment statement: the gross released, who paid (the plan's CNPJ and name as the statement gives
 * them) and its share of the taxes withheld (IRRF, ISS, PIS + COFINS + CSLL: the receipt's columns, issue 38 item 5;
 * `withholding_cents` their sum). INSS withheld has no column of its own: it is named in the receipt's note.
 */
type PostedReceipt = {
  payer: ReceiptPayer;
  received_on: string;
  amount_cents: number;
  deposit_reference: string;
  payer_document: string | null;
  payer_name: string | null;
  irrf_cents: number;
  iss_cents: number;
  pis_cofins_csll_cents: number;
  withholding_cents: number;
  note: string | null;
};
type PostedGlosa = { code: string | null; description: string; amount_cents: number; note: string | null };

type GuideMatchedBy = Extract<GuideMatch, { status: 'matched' }>['by'];

/** One guide of a statement, as the preview shows it and the import posts it. */
type StatementGuidePreview = {
  guide_number: string;
  lot_number: string | null;
  plan_guide_number: string | null;
  match: GuideMatchedBy | null;
  surgery_id: number | null;
  patient_name: string | null;
  billed_cents: number | null;
  informed_cents: number | null;
  released_cents: number;
  receipts: PostedReceipt[];
  glosas: PostedGlosa[];
  /** pt-BR: what differs from what was billed, and why something will not be posted. */
  notes: string[];
  posts: boolean;
};

type StatementPreview = {
  kind: StatementKind;
  number: string;
  issued_on: string;
  /** The plan (null for a repasse). */
  plan: { id: number; name: string; ans_registry: string } | null;
  /** Who paid: the plan (its CNPJ as the statement gives it) or the repasse's payer. */
  payer: { name: string; document: string | null };
  imported_at: string | null;
  guides: StatementGuidePreview[];
  totals: { guides: number; unmatched: number; receipts_cents: number; glosas_cents: number };
};

type StatementFilePreview = {
  kind: StatementKind;
  medic_id: number;
  /** Whether the epílogo's hash matches the message (a wrong one is reported, not refused). */
  hash_valid: boolean;
  /** pt-BR: where the statement's own totals do not add up (machines/tiss/statementChecks.ts). */
  discrepancies: string[];
  statements: StatementPreview[];
};

/** The statement's guides, flattened to what matching and posting need. */
type GuideEntry = {
  key: Parameters<ReturnType<typeof statementMatcher>>[0];
  planGuideNumber: string | null;
  informedCents: number | null;
  releasedCents: number;
  glosas: PostedGlosa[];
  otherCodes: string[];
  receipt: PostedReceipt | null;
};

/** The same non-empty document, whatever its mask. */
function sameDocument(stored: string | null | undefined, sent: string): boolean {
  const digits = onlyDigits(stored ?? '');
  return digits !== '' && digits === onlyDigits(sent);
}

/** Whether `provider` (whom the statement is addressed to) is `medic` at `planId`. */
async function isMedicsProvider(db: Executor, medicId: number, planId: number, provider: StatementProvider): Promise<boolean> {
  const id = provider.id;
  if (id.kind === 'codeAtPlan') {
    const [row] = await db
      .select({ code: medicPlanBilling.providerCode })
      .from(medicPlanBilling)
      .where(and(eq(medicPlanBilling.medicId, medicId), eq(medicPlanBilling.healthPlanId, planId)));
    return Boolean(row?.code) && row!.code!.trim() === id.code.trim();
  }
  if (id.kind === 'cpf') {
    const [row] = await db.select({ cpf: users.cpf }).from(users).where(eq(users.id, medicId));
    return sameDocument(row?.cpf, id.cpf);
  }
  const [row] = await db.select({ cnpj: medicBillingProfiles.companyCnpj }).from(medicBillingProfiles).where(eq(medicBillingProfiles.medicId, medicId));
  return sameDocument(row?.cnpj, id.cnpj);
}

/** A glosa's description for the preview and the ledger's 'Motivo' (the shipped table's, else the plan's). */
async function reasonDescriptions(db: Executor, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db.select({ code: glosaReasons.code, description: glosaReasons.description }).from(glosaReasons).where(inArray(glosaReasons.code, codes));
  return new Map(rows.map((row) => [row.code, glosaReasonLabel(row.code, row.description)]));
}

function analiseEntries(statement: AnaliseContaStatement): GuideEntry[] {
  return statement.protocols.flatMap((protocol) =>
    protocol.guides.map((guide): GuideEntry => {
      const { glosas, otherCodes } = glosasToPost(guide);
      return {
        key: {
          providerGuideNumber: guide.providerGuideNumber,
          lotNumber: protocol.lotNumber,
          cardNumber: guide.cardNumber,
          performedOn: guide.items[0]?.performedOn ?? guide.billingStart,
          procedureCodes: guide.items.map((item) => item.code),
        },
        planGuideNumber: guide.planGuideNumber,
        informedCents: guide.informedCents,
        releasedCents: guide.releasedCents,
        glosas: glosas.map((glosa) => ({ code: glosa.code, description: '', amount_cents: glosa.cents, note: null })),
        otherCodes,
        receipt: null,
      };
    }),
  );
}

/**
 * A payment date's guides, each with its receipt: the amount released (the gross that settles the fee), the
 * deposit it came in, and its share of the taxes the plan withheld on the deposit (machines/tiss/statementAllocation.ts:
 * every guide of the date its share in proportion to what it released, whether or not it is found).
 */
function pagamentoEntries(statement: PagamentoStatement): GuideEntry[] {
  return statement.payments.flatMap((payment) => {
    const bank = [payment.payment.bank, payment.payment.branch, payment.payment.account].filter(Boolean).join('/');
    const reference = `Demonstrativo ${statement.header.statementNumber}, pagamento de ${isoToBrDate(payment.payment.paidOn)}${bank ? ` (${bank})` : ''}`;
    return allocatePayment(payment).guides.map(({ guide, lotNumber, debits, credits }): GuideEntry => {
      // A type's debits less its credits (a credit returns a tax withheld before), never below 0.
      const net = (...types: DebitCreditType[]) =>
        Math.max(0, [...debits.map((share) => ({ ...share, sign: 1 })), ...credits.map((share) => ({ ...share, sign: -1 }))]
          .filter((share) => types.includes(share.type))
          .reduce((sum, share) => sum + share.sign * share.cents, 0));
      let [irrf, iss, pisCofinsCsll] = [net('01'), net('02'), net('04', '05', '06')];
      const inss = net('03');
      // Withholdings above the guide's gross (a file that does not add up) are not recorded on its receipt.
      if (irrf + iss + pisCofinsCsll > guide.releasedCents) [irrf, iss, pisCofinsCsll] = [0, 0, 0];
      return {
        key: { providerGuideNumber: guide.providerGuideNumber, lotNumber, cardNumber: null, performedOn: null, procedureCodes: [] },
        planGuideNumber: guide.planGuideNumber,
        informedCents: null,
        releasedCents: guide.releasedCents,
        glosas: [],
        otherCodes: [],
        receipt:
          guide.releasedCents > 0
            ? {
                payer: 'plano_saude',
                received_on: payment.payment.paidOn,
                amount_cents: guide.releasedCents,
                deposit_reference: reference,
                payer_document: /^\d{14}$/.test(statement.header.planCnpj) ? statement.header.planCnpj : null,
                payer_name: statement.header.planName || null,
                irrf_cents: irrf,
                iss_cents: iss,
                pis_cofins_csll_cents: pisCofinsCsll,
                withholding_cents: irrf + iss + pisCofinsCsll,
                note: inss > 0 ? M.inssWithheld(formatCents(inss)) : null,
              }
            : null,
      };
    });
  });
}

/** What a statement's guides add up to: the guides, those unmatched, and what the posting ones post. */
function totalsOf(guides: readonly StatementGuidePreview[]): StatementPreview['totals'] {
  const posted = guides.filter((guide) => guide.posts);
  return {
    guides: guides.length,
    unmatched: guides.filter((guide) => guide.surgery_id === null).length,
    receipts_cents: posted.reduce((sum, guide) => sum + guide.receipts.reduce((total, receipt) => total + receipt.amount_cents, 0), 0),
    glosas_cents: posted.reduce((sum, guide) => sum + guide.glosas.reduce((total, glosa) => total + glosa.amount_cents, 0), 0),
  };
}

/** A repasse's lines, each with its receipt: the gross paid, the line's day (else the deposit's), its withholdings. */
function repasseEntries(lines: readonly RepasseLine[], payer: RepassePayer): GuideEntry[] {
  const reference = M.repasseReference(payer.payerName, isoToBrDate(payer.receivedOn));
  return lines.map(
    (line): GuideEntry => ({
      key: { providerGuideNumber: line.guideNumber, lotNumber: null, cardNumber: null, performedOn: null, procedureCodes: [] },
      planGuideNumber: null,
      informedCents: null,
      releasedCents: line.amountCents,
      glosas: [],
      otherCodes: [],
      receipt: {
        payer: payer.payer,
        received_on: line.paidOn ?? payer.receivedOn,
        amount_cents: line.amountCents,
        deposit_reference: reference,
        payer_document: payer.payerDocument,
        payer_name: payer.payerName,
        irrf_cents: line.irrfCents,
        iss_cents: line.issCents,
        pis_cofins_csll_cents: line.pisCofinsCsllCents,
        withholding_cents: line.irrfCents + line.issCents + line.pisCofinsCsllCents,
        note: null,
      },
    }),
  );
}

/** A repasse file's identity: the SHA-256 of its bytes (the same file is imported once). */
const fileSha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The plans' statements read back (issue 38; docs/TISS.md "Reading statements back"): a file is read (or refused in
 * pt-BR, nothing written), each statement's guides matched to the medic's cases (machines/tiss/statementMatching.ts)
 * and shown before anything is written; applying posts exactly what the preview showed, in one transaction, once per
 * statement (its registry, kind and number).
 */
export function createStatementService({ db, now }: { db: Database; now: () => Date }) {
  async function readFile(bytes: Uint8Array): Promise<TissStatementMessage> {
    try {
      return await readTissStatementFile(bytes);
    } catch (error) {
      if (error instanceof StatementFileError) throw badRequest([error.message], { file: [error.message] });
      throw error;
    }
  }

  function readRepasse(bytes: Uint8Array): RepasseLine[] {
    try {
      return parseRepasseCsv(repasseCsvText(bytes));
    } catch (error) {
      if (error instanceof RepasseCsvError) throw badRequest([error.message], { file: [error.message] });
      throw error;
    }
  }

  /** What a repasse file would post for `medicId` (its lines matched by guide number, else authorization password). */
  async function planRepasse(tx: Executor, medicId: number, bytes: Uint8Array, lines: RepasseLine[], payer: RepassePayer, lock: boolean): Promise<StatementFilePreview> {
    const number = fileSha256(bytes);
    const [imported] = await tx
      .select({ at: tissStatements.createdAt })
      .from(tissStatements)
      .where(and(eq(tissStatements.medicId, medicId), eq(tissStatements.planAnsRegistry, ''), eq(tissStatements.kind, 'repasse'), eq(tissStatements.number, number)));
    const guides = await previewGuides(tx, medicId, null, repasseEntries(lines, payer), lock, imported ? null : new Map());
    const statement: StatementPreview = {
      kind: 'repasse',
      number,
      issued_on: payer.receivedOn,
      plan: null,
      payer: { name: payer.payerName, document: payer.payerDocument },
      imported_at: imported ? imported.at.toISOString() : null,
      guides,
      totals: totalsOf(guides),
    };
    return { kind: 'repasse', medic_id: medicId, hash_valid: true, discrepancies: [], statements: [statement] };
  }

  /**
   * Posts what `planned` shows, in one transaction (the medic's import lock first, then the matched cases locked in
   * id order while planning, so the open balances checked are the ones written against): the file kept, each
   * statement not imported before recorded with the lots it names, each posting guide's receipts and glosas written
   * on its case (version bumped, payment fields from the receipts, audited). 409 when every statement of the file
   * was imported before.
   */
  async function applyPlanned(
    user: User,
    medicId: number,
    bytes: Uint8Array,
    planned: (tx: Transaction) => Promise<StatementFilePreview>,
    alreadyImported: (day: string) => string,
  ): Promise<StatementFilePreview> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(38038, ${medicId})`);
      const preview = await planned(tx);
      const fresh = preview.statements.filter((statement) => statement.imported_at === null);
      if (fresh.length === 0) throw frozen(alreadyImported(isoToBrDate(saoPauloDay(new Date(preview.statements[0]!.imported_at!)))));
      const at = now();
      const sha256 = fileSha256(bytes);
      await tx.insert(tissStatementFiles).values({ medicId, sha256, message: Buffer.from(bytes), importedBy: user.id, importedAt: at }).onConflictDoNothing();
      const [file] = await tx
        .select({ id: tissStatementFiles.id })
        .from(tissStatementFiles)
        .where(and(eq(tissStatementFiles.medicId, medicId), eq(tissStatementFiles.sha256, sha256)));
      for (const statement of fresh) await post(tx, user, medicId, file!.id, statement, at);
      for (const statement of fresh) statement.imported_at = at.toISOString();
      return preview;
    });
  }

  /** What `message` would post for `medicId`, read through `tx` (locking the matched cases when `lock`). */
  async function plan(tx: Executor, medicId: number, message: TissStatementMessage, lock: boolean): Promise<StatementFilePreview> {
    const kind: StatementKind = message.kind === 'analiseConta' ? 'analise' : 'pagamento';
    const statements = message.kind === 'analiseConta' ? message.statements : [message.statement];
    const answer: StatementPreview[] = [];
    // The glosas each case takes from its open balance, over every statement of the file.
    const taken = new Map<number, number>();
    for (const statement of statements) {
      const registry = statement.header.planAnsRegistry;
      const [plan] = await tx
        .select({ id: healthPlans.id, name: healthPlans.fantasyName })
        .from(healthPlans)
        .where(eq(healthPlans.ansRegistry, registry));
      if (!plan) throw badRequest([M.unknownPlan(registry)], { file: [M.unknownPlan(registry)] });
      if (!(await isMedicsProvider(tx, medicId, plan.id, statement.provider))) throw badRequest([M.otherProvider], { file: [M.otherProvider] });
      const [imported] = await tx
        .select({ at: tissStatements.createdAt })
        .from(tissStatements)
        .where(
          and(
            eq(tissStatements.medicId, medicId),
            eq(tissStatements.planAnsRegistry, registry),
            eq(tissStatements.kind, kind),
            eq(tissStatements.number, statement.header.statementNumber),
          ),
        );
      const entries = kind === 'analise' ? analiseEntries(statement as AnaliseContaStatement) : pagamentoEntries(statement as PagamentoStatement);
      // A statement imported before is shown as it was posted: its glosas are in the balances already.
      const guides = await previewGuides(tx, medicId, plan.id, entries, lock, imported ? null : taken);
      answer.push({
        kind,
        number: statement.header.statementNumber,
        issued_on: statement.header.issuedOn,
        plan: { id: plan.id, name: plan.name, ans_registry: registry },
        payer: { name: statement.header.planName || plan.name, document: /^\d{14}$/.test(statement.header.planCnpj) ? statement.header.planCnpj : null },
        imported_at: imported ? imported.at.toISOString() : null,
        guides,
        totals: totalsOf(guides),
      });
    }
    return { kind, medic_id: medicId, hash_valid: message.envelope.hash.valid, discrepancies: statementDiscrepancies(message), statements: answer };
  }

  /**
   * The guides of `entries` matched and checked. `planId`: a plan's statement, matched by guide number (its guides)
   * and card + day + procedure (its cases); null: a repasse, matched by guide number (any plan's) and the cases'
   * authorization passwords.
   */
  async function previewGuides(
    tx: Executor,
    medicId: number,
    planId: number | null,
    entries: GuideEntry[],
    lock: boolean,
    /**
     * The glosas earlier guides take from each case's open balance; null: a statement imported already, shown as it
     * was posted (no balance check, no check against the receipts posted before).
     */
    taken: Map<number, number> | null,
  ): Promise<StatementGuidePreview[]> {
    const billed = await tx
      .select({ guideId: tissGuides.id, surgeryId: tissGuides.surgeryId, number: tissGuides.number, billedCents: tissGuides.totalCents, lotNumber: tissLots.number })
      .from(tissGuides)
      .leftJoin(tissLots, eq(tissLots.id, tissGuides.lotId))
      .where(and(eq(tissGuides.medicId, medicId), planId === null ? undefined : eq(tissGuides.healthPlanId, planId)));
    const writable = sql.join(WRITABLE.map((status) => sql`${status}`), sql`, `);
    const candidates =
      planId === null
        ? []
        : await rowsOf<{ id: number; card: string; performed_on: string | null; codes: string[] | null }>(
            tx,
            sql`select s.id, c.card_number as card, s.accomplishment::text as performed_on,
                array_remove(array_agg(p.code order by p.code), null) as codes
              from ${surgeries} as s
                join ${patientPlanCards} as c on c.patient_id = s.patient_id and c.health_plan_id = s.health_plan_id
                left join ${surgeryProcedures} as sp on sp.surgery_id = s.id
                left join ${procedures} as p on p.id = sp.procedure_id
              where s.medic_id = ${medicId} and s.health_plan_id = ${planId} and s.status in (${writable})
              group by s.id, c.card_number`,
          );
    const passwords: CasePassword[] =
      planId !== null
        ? []
        : (
            await rowsOf<{ id: number; password: string }>(
              tx,
              sql`select distinct s.id, a.password
                from ${surgeries} as s join ${surgeryAuthorizations} as a on a.surgery_id = s.id
                where s.medic_id = ${medicId} and s.status in (${writable}) and a.password is not null`,
            )
          ).map((row) => ({ surgeryId: Number(row.id), password: row.password }));
    const match = statementMatcher(
      billed.map((guide) => ({ ...guide, number: String(guide.number), lotNumber: guide.lotNumber === null ? null : String(guide.lotNumber) })),
      candidates.map((row) => ({ surgeryId: Number(row.id), cardNumber: row.card, performedOn: row.performed_on, procedureCodes: row.codes ?? [] })),
      passwords,
    );
    const matches = entries.map((entry) => match(entry.key));
    const caseIds = [...new Set(matches.flatMap((found) => (found.status === 'matched' ? [found.surgeryId] : [])))].sort((a, b) => a - b);
    const cases = new Map<number, { status: CaseStatus; patientName: string; medicId: number; patientId: number }>();
    if (caseIds.length > 0) {
      const query = tx
        .select({ id: surgeries.id, status: surgeries.status, patientName: patients.nomeCompleto, medicId: surgeries.medicId, patientId: surgeries.patientId })
        .from(surgeries)
        .innerJoin(patients, eq(patients.id, surgeries.patientId))
        .where(and(inArray(surgeries.id, caseIds), eq(surgeries.medicId, medicId)))
        .orderBy(asc(surgeries.id));
      for (const row of await (lock ? query.for('update', { of: surgeries }) : query)) cases.set(row.id, row);
    }
    // A payment already posted from another statement or repasse, of the same amount on the same case, is most likely
    // this one again (a plan's corrected statement under a new number, a repasse re-exported): never posted twice.
    const earlierReceipts =
      taken && caseIds.length > 0 && entries.some((entry) => entry.receipt)
        ? await tx
            .select({ surgeryId: surgeryReceipts.surgeryId, cents: surgeryReceipts.amountCents, on: surgeryReceipts.receivedOn, reference: surgeryReceipts.depositReference })
            .from(surgeryReceipts)
            .where(and(inArray(surgeryReceipts.surgeryId, caseIds), isNotNull(surgeryReceipts.tissStatementId)))
        : [];
    const descriptions = await reasonDescriptions(tx, [...new Set(entries.flatMap((entry) => entry.glosas.flatMap((glosa) => (glosa.code ? [glosa.code] : []))))]);
    const billedById = new Map(billed.map((guide) => [guide.guideId, guide]));
    const answer: StatementGuidePreview[] = [];
    for (const [index, entry] of entries.entries()) {
      const found: GuideMatch = matches[index]!;
      const notes: string[] = [];
      const surgeryId = found.status === 'matched' ? found.surgeryId : null;
      const row = surgeryId === null ? undefined : cases.get(surgeryId);
      const guide = found.status === 'matched' && found.by === 'guide_number' ? billedById.get(found.guideId) : undefined;
      if (found.status === 'unmatched') {
        if (found.reason === 'no_candidate') notes.push(planId === null ? M.noCandidateRepasse : M.noCandidate);
        else notes.push(planId === null ? M.ambiguousPassword(found.surgeryIds.length) : M.ambiguous(found.surgeryIds.length));
      }
      if (found.status === 'matched' && found.by === 'guide_number' && found.lotDiffers) notes.push(M.lotDiffers(entry.key.lotNumber ?? ''));
      if (guide && entry.informedCents !== null && entry.informedCents !== guide.billedCents) {
        notes.push(M.informedDiffers(formatCents(guide.billedCents), formatCents(entry.informedCents)));
      }
      const glosas = entry.glosas.map((glosa) => ({
        ...glosa,
        description: glosa.code ? (descriptions.get(glosa.code) ?? glosaReasonLabel(glosa.code, null)) : 'Glosa do demonstrativo',
        note: entry.otherCodes.length > 0 ? M.otherGuideCodes(entry.otherCodes) : null,
      }));
      let posts = Boolean(row) && (glosas.length > 0 || entry.receipt !== null);
      if (row && !WRITABLE.includes(row.status)) {
        notes.push(M.notWritable(row.status));
        posts = false;
      }
      const samePayment = entry.receipt && posts ? earlierReceipts.find((receipt) => receipt.surgeryId === surgeryId && receipt.cents === entry.receipt!.amount_cents) : undefined;
      if (samePayment) {
        notes.push(M.samePaymentPosted(formatCents(samePayment.cents), isoToBrDate(samePayment.on), samePayment.reference ?? ''));
        posts = false;
      }
      if (taken && posts && row && glosas.length > 0) {
        const cents = glosas.reduce((sum, glosa) => sum + glosa.amount_cents, 0);
        const facts = await ledgerFacts(tx, surgeryId!);
        const already = taken.get(surgeryId!) ?? 0;
        const problem = glosaProblem({ ...facts, deducted_cents: facts.deducted_cents + already }, { amount_cents: cents, recovered_cents: null }, null);
        if (problem) {
          notes.push(M.glosaAboveOpen(problem));
          posts = false;
        } else taken.set(surgeryId!, already + cents);
      }
      answer.push({
        guide_number: entry.key.providerGuideNumber,
        lot_number: entry.key.lotNumber,
        plan_guide_number: entry.planGuideNumber,
        match: found.status === 'matched' ? found.by : null,
        surgery_id: row ? surgeryId : null,
        patient_name: row?.patientName ?? null,
        billed_cents: guide ? guide.billedCents : null,
        informed_cents: entry.informedCents,
        released_cents: entry.releasedCents,
        receipts: entry.receipt ? [entry.receipt] : [],
        glosas,
        notes,
        posts,
      });
    }
    return answer;
  }

  return {
    /** What `bytes` would post for `medicId`: nothing written. */
    async preview(medicId: number, bytes: Uint8Array): Promise<StatementFilePreview> {
      const message = await readFile(bytes);
      return plan(db, medicId, message, false);
    },

    /** Posts what the preview of `bytes` shows (applyPlanned). */
    async apply(user: User, medicId: number, bytes: Uint8Array): Promise<StatementFilePreview> {
      const message = await readFile(bytes);
      return applyPlanned(user, medicId, bytes, (tx) => plan(tx, medicId, message, true), M.alreadyImported);
    },

    /** What a repasse CSV would post for `medicId`, paid by `payer`: nothing written. */
    async previewRepasse(medicId: number, bytes: Uint8Array, payer: RepassePayer): Promise<StatementFilePreview> {
      return planRepasse(db, medicId, bytes, readRepasse(bytes), payer, false);
    },

    /** Posts what the repasse's preview shows, once per file (applyPlanned). */
    async applyRepasse(user: User, medicId: number, bytes: Uint8Array, payer: RepassePayer): Promise<StatementFilePreview> {
      const lines = readRepasse(bytes);
      return applyPlanned(user, medicId, bytes, (tx) => planRepasse(tx, medicId, bytes, lines, payer, true), M.repasseAlreadyImported);
    },

    /** The medic's imported statements, newest first. */
    async list(medicId: number) {
      const rows = await summaries(db, eq(tissStatements.medicId, medicId));
      return rows.map((row) => ({ ...row, imported_at: row.imported_at.toISOString() }));
    },

    /**
     * One imported statement with what it posted on each case (a deposit and the cases it paid; the glosas of an
     * analysis) and the lots it names. 404 for another office's.
     */
    async get(medicId: number, statementId: number) {
      const [row] = await summaries(db, and(eq(tissStatements.medicId, medicId), eq(tissStatements.id, statementId))!);
      if (!row) throw notFound(M.notFound);
      const [receipts, glosas, lots] = await Promise.all([
        db
          .select({
            surgery_id: surgeryReceipts.surgeryId,
            patient_name: patients.nomeCompleto,
            received_on: surgeryReceipts.receivedOn,
            amount_cents: surgeryReceipts.amountCents,
            deposit_reference: surgeryReceipts.depositReference,
          })
          .from(surgeryReceipts)
          .innerJoin(surgeries, eq(surgeries.id, surgeryReceipts.surgeryId))
          .innerJoin(patients, eq(patients.id, surgeries.patientId))
          .where(eq(surgeryReceipts.tissStatementId, statementId))
          .orderBy(asc(surgeryReceipts.id)),
        db
          .select({
            surgery_id: surgeryGlosas.surgeryId,
            patient_name: patients.nomeCompleto,
            code: surgeryGlosas.reasonCode,
            description: surgeryGlosas.reason,
            amount_cents: surgeryGlosas.amountCents,
          })
          .from(surgeryGlosas)
          .innerJoin(surgeries, eq(surgeries.id, surgeryGlosas.surgeryId))
          .innerJoin(patients, eq(patients.id, surgeries.patientId))
          .where(eq(surgeryGlosas.tissStatementId, statementId))
          .orderBy(asc(surgeryGlosas.id)),
        db
          .select({ id: tissLots.id, number: tissLots.number })
          .from(tissStatementLots)
          .innerJoin(tissLots, eq(tissLots.id, tissStatementLots.lotId))
          .where(eq(tissStatementLots.statementId, statementId))
          .orderBy(asc(tissLots.number)),
      ]);
      return { ...row, imported_at: row.imported_at.toISOString(), lots, receipts, glosas };
    },
  };

  function summaries(executor: Executor, where: SQL) {
    return executor
      .select({
        id: tissStatements.id,
        kind: tissStatements.kind,
        number: tissStatements.number,
        issued_on: tissStatements.issuedOn,
        plan_name: healthPlans.fantasyName,
        payer_name: sql<string>`coalesce(${tissStatements.payerName}, ${healthPlans.fantasyName})`,
        payer_document: tissStatements.payerDocument,
        guides: tissStatements.guides,
        unmatched: tissStatements.unmatched,
        receipts_cents: tissStatements.receiptsCents,
        glosas_cents: tissStatements.glosasCents,
        receipts_count: sql<number>`(select count(*)::int from ${surgeryReceipts} where ${surgeryReceipts.tissStatementId} = ${tissStatements.id})`,
        imported_at: tissStatements.createdAt,
      })
      .from(tissStatements)
      .leftJoin(healthPlans, eq(healthPlans.id, tissStatements.healthPlanId))
      .where(where)
      .orderBy(sql`${tissStatements.createdAt} desc, ${tissStatements.id} desc`)
      .limit(200);
  }

  async function post(tx: Transaction, user: User, medicId: number, fileId: number, statement: StatementPreview, at: Date): Promise<void> {
    const [saved] = await tx
      .insert(tissStatements)
      .values({
        fileId,
        medicId,
        healthPlanId: statement.plan?.id ?? null,
        kind: statement.kind,
        planAnsRegistry: statement.plan?.ans_registry ?? '',
        payerName: statement.payer.name,
        payerDocument: statement.payer.document,
        number: statement.number,
        issuedOn: statement.issued_on,
        guides: statement.totals.guides,
        unmatched: statement.totals.unmatched,
        receiptsCents: statement.totals.receipts_cents,
        glosasCents: statement.totals.glosas_cents,
        createdAt: at,
      })
      .returning({ id: tissStatements.id });
    const statementId = saved!.id;
    const lotNumbers = [...new Set(statement.guides.flatMap((guide) => (guide.lot_number && /^\d+$/.test(guide.lot_number) ? [Number(guide.lot_number)] : [])))];
    if (statement.plan && lotNumbers.length > 0) {
      const lots = await tx
        .select({ id: tissLots.id })
        .from(tissLots)
        .where(and(eq(tissLots.medicId, medicId), eq(tissLots.healthPlanId, statement.plan.id), inArray(tissLots.number, lotNumbers)));
      if (lots.length > 0) await tx.insert(tissStatementLots).values(lots.map((lot) => ({ statementId, lotId: lot.id })));
    }
    const byCase = new Map<number, StatementGuidePreview[]>();
    for (const guide of statement.guides) if (guide.posts) byCase.set(guide.surgery_id!, [...(byCase.get(guide.surgery_id!) ?? []), guide]);
    for (const [surgeryId, guides] of [...byCase].sort(([a], [b]) => a - b)) {
      const receipts = guides.flatMap((guide) => guide.receipts);
      const glosas = guides.flatMap((guide) => guide.glosas);
      if (receipts.length > 0) {
        await tx.insert(surgeryReceipts).values(
          receipts.map((receipt) => ({
            surgeryId,
            receivedOn: receipt.received_on,
            amountCents: receipt.amount_cents,
            payer: receipt.payer,
            note: receipt.note,
            depositReference: receipt.deposit_reference,
            payerDocument: receipt.payer_document,
            payerName: receipt.payer_name,
            irrfCents: receipt.irrf_cents,
            issCents: receipt.iss_cents,
            pisCofinsCsllCents: receipt.pis_cofins_csll_cents,
            tissStatementId: statementId,
            createdBy: user.id,
            createdAt: at,
          })),
        );
      }
      if (glosas.length > 0) {
        await tx.insert(surgeryGlosas).values(
          glosas.map((glosa) => ({
            surgeryId,
            glosaOn: statement.issued_on,
            amountCents: glosa.amount_cents,
            reason: glosa.description,
            reasonCode: glosa.code,
            appealDeadline: addDays(statement.issued_on, DEFAULT_APPEAL_DAYS),
            note: glosa.note,
            tissStatementId: statementId,
            createdBy: user.id,
            createdAt: at,
            updatedAt: at,
          })),
        );
      }
      const [row] = await tx
        .update(surgeries)
        .set({ version: sql`${surgeries.version} + 1`, updatedAt: at, ...(receipts.length > 0 ? paymentColumnsFromReceipts(surgeryId) : {}) })
        .where(eq(surgeries.id, surgeryId))
        .returning({ id: surgeries.id, medicId: surgeries.medicId, patientId: surgeries.patientId });
      await recordChange(tx, user, caseChange(row!, `${statement.kind === 'repasse' ? 'repasse' : 'tiss_statement'}:${statementId}`), at);
    }
  }
}
