import type { FastifyInstance } from 'fastify';
import type { BillingInput, GlosaInput, GlosaUpdateInput, ReceiptInput } from '../../../machines/ledger/ledgerSchemas';
import type { stageTargetsQuerySchema } from '../../../machines/preoperative/clockSchemas';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { pathId } from '../../http/path-id';
import { loadSchemas, type Schemas } from '../../http/schemas';
import { validated } from '../../http/validation';
import { createLedgerService, LEDGER_SERVICE_MESSAGES } from '../../services/ledger/ledger-service';
import { createPaymentTermsService } from '../../services/ledger/payment-terms';
import { saoPauloDay } from '../../services/sao-paulo-time';
import { signedInUser } from '../../plugins/authenticate';
import { caseRead } from '../../plugins/audited-reads';
import { surgeryPathId } from './surgery-path-id';

type CaseParams = { id: string };
type ReceiptParams = { id: string; receiptId: string };
type GlosaParams = { id: string; glosaId: string };

/**
 * A case's fee ledger and the medics' payment terms (issue 14; DECISIONS §16; openapi getLedger, updateLedgerBilling,
 * createReceipt, deleteReceipt, createGlosa, updateGlosa, deleteGlosa, getPaymentTerms, updatePaymentTerms). Thin:
 * the rules are machines/ledger/ledgerSchemas.ts's (bodies, checked against the São Paulo day of the app's clock) and
 * services/ledger/ledger-service.ts's (the locked case, its status, SPEC's payment fields). A case outside the user's
 * medics, or a path id that is no id, is 404 'Não foi possível encontrar essa cirurgia'.
 */
export default async function ledgerRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const ledger = createLedgerService({ db: deps.db, now: deps.now });
  const terms = createPaymentTermsService({ db: deps.db });
  const base = '/surgery/api/v1/surgery/:id/ledger/';
  const today = () => saoPauloDay(deps.now());

  function idOf(raw: string, message: string): number {
    const id = pathId(raw);
    if (id === null) throw notFound(message);
    return id;
  }
  /** A body checked by the day's schema (after authentication: a stranger gets 401 whatever he sends). */
  const body = async <T>(pick: (s: Schemas) => (day: string) => { (input: unknown): unknown }, input: unknown): Promise<T> => {
    const schemas = await loadSchemas();
    return schemas.parse(pick(schemas)(today()) as never, input) as T;
  };

  app.get<{ Params: CaseParams }>(base, { onRequest: app.authenticate, config: { auditRead: caseRead('ledger') } }, async (request) =>
    ledger.get(signedInUser(request), surgeryPathId(request.params.id)),
  );

  app.put<{ Params: CaseParams }>(`${base}billing/`, { onRequest: app.authenticate }, async (request) => {
    const id = surgeryPathId(request.params.id);
    return ledger.setBilling(signedInUser(request), id, await body<BillingInput>((s) => s.billingSchema, request.body));
  });

  app.post<{ Params: CaseParams }>(`${base}receipts/`, { onRequest: app.authenticate }, async (request, reply) => {
    const id = surgeryPathId(request.params.id);
    const answer = await ledger.addReceipt(signedInUser(request), id, await body<ReceiptInput>((s) => s.receiptSchema, request.body));
    return reply.code(201).send(answer);
  });

  app.delete<{ Params: ReceiptParams }>(`${base}receipts/:receiptId/`, { onRequest: app.authenticate }, async (request) => {
    const id = surgeryPathId(request.params.id);
    return ledger.deleteReceipt(signedInUser(request), id, idOf(request.params.receiptId, LEDGER_SERVICE_MESSAGES.receiptNotFound));
  });

  app.post<{ Params: CaseParams }>(`${base}glosas/`, { onRequest: app.authenticate }, async (request, reply) => {
    const id = surgeryPathId(request.params.id);
    const answer = await ledger.addGlosa(signedInUser(request), id, await body<GlosaInput>((s) => s.glosaSchema, request.body));
    return reply.code(201).send(answer);
  });

  app.put<{ Params: GlosaParams }>(`${base}glosas/:glosaId/`, { onRequest: app.authenticate }, async (request) => {
    const id = surgeryPathId(request.params.id);
    const glosaId = idOf(request.params.glosaId, LEDGER_SERVICE_MESSAGES.glosaNotFound);
    return ledger.updateGlosa(signedInUser(request), id, glosaId, await body<GlosaUpdateInput>((s) => s.glosaUpdateSchema, request.body));
  });

  app.delete<{ Params: GlosaParams }>(`${base}glosas/:glosaId/`, { onRequest: app.authenticate }, async (request) => {
    const id = surgeryPathId(request.params.id);
    return ledger.deleteGlosa(signedInUser(request), id, idOf(request.params.glosaId, LEDGER_SERVICE_MESSAGES.glosaNotFound));
  });

  app.get<{ Querystring: typeof stageTargetsQuerySchema.infer }>(
    '/project_auth/api/v1/payment_terms/',
    { onRequest: app.authenticate, preValidation: validated({ query: (s) => s.stageTargetsQuerySchema }) },
    async (request) => terms.get(signedInUser(request), request.query.medic),
  );

  // Both roles (issue 17: the secretary knows each plan's term): a medic his own list, a secretary one of her medics'
  // (`?medic=`, as GET). Who may call, and whose list, come before what was sent: another tenant's medic is 404
  // whatever the body holds.
  app.put<{ Querystring: typeof stageTargetsQuerySchema.infer }>(
    '/project_auth/api/v1/payment_terms/',
    { onRequest: app.authenticate, preValidation: validated({ query: (s) => s.stageTargetsQuerySchema }) },
    async (request) => {
      const medic = await terms.medicOf(signedInUser(request), request.query.medic);
      const { parse, paymentTermsSchema } = await loadSchemas();
      return terms.put(medic, parse(paymentTermsSchema, request.body));
    },
  );
}
