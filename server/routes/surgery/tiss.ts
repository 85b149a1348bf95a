import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { tissGuidesQuerySchema } from '../../../machines/billing/guideSchemas';
import type { stageTargetsQuerySchema } from '../../../machines/preoperative/clockSchemas';
import type { AppDeps } from '../../deps';
import { badRequest, notFound, payloadTooLarge } from '../../http/errors';
import { readSingleFileUpload } from '../../http/single-file-upload';
import { MAX_STATEMENT_BYTES, STATEMENT_MESSAGES } from '../../../machines/tiss/statementMessages';
import { MAX_REPASSE_BYTES, REPASSE_CSV_MESSAGES, type RepassePayer } from '../../../machines/ledger/repasseCsv';
import { pathId } from '../../http/path-id';
import { loadSchemas } from '../../http/schemas';
import { validated } from '../../http/validation';
import { signedInUser } from '../../plugins/authenticate';
import { namedMedicOf } from '../../services/access/acting-medic';
import { saoPauloDay } from '../../services/sao-paulo-time';
import { createGuideService, GUIDE_MESSAGES } from '../../services/tiss/guides';
import { createLotService, LOT_MESSAGES } from '../../services/tiss/lots';
import { createStatementService } from '../../services/tiss/statements';
import { surgeryPathId } from './surgery-path-id';

type MedicQuery = { Querystring: typeof stageTargetsQuerySchema.infer };
type ItemParams = { Params: { itemId: string } } & MedicQuery;

const FILE_REQUIRED = 'Escolha o arquivo XML do demonstrativo.';

/** The statement upload (openapi TissStatementForm): exactly one non-empty file part `file`, at most 10 MiB. */
async function readStatementUpload(request: FastifyRequest): Promise<Buffer> {
  const required = () => badRequest([FILE_REQUIRED], { file: [FILE_REQUIRED] });
  const { data } = await readSingleFileUpload(request, MAX_STATEMENT_BYTES, {
    invalid: required,
    missing: required,
    tooLarge: () => payloadTooLarge(STATEMENT_MESSAGES.tooLarge(Number(request.headers['content-length'] ?? MAX_STATEMENT_BYTES + 1))),
  });
  return data;
}

const REPASSE_FILE_REQUIRED = 'Escolha o arquivo CSV do repasse.';
const REPASSE_FIELDS = ['payer', 'payer_name', 'payer_document', 'received_on'] as const;

/** The repasse upload (openapi RepasseForm): who paid and when, and the CSV (one file part, at most 1 MiB). */
async function readRepasseUpload(request: FastifyRequest, today: string): Promise<{ bytes: Buffer; payer: RepassePayer }> {
  const required = () => badRequest([REPASSE_FILE_REQUIRED], { file: [REPASSE_FILE_REQUIRED] });
  const { data, fields } = await readSingleFileUpload(
    request,
    MAX_REPASSE_BYTES,
    { invalid: required, missing: required, tooLarge: () => payloadTooLarge(REPASSE_CSV_MESSAGES.tooLarge) },
    REPASSE_FIELDS,
  );
  const { check, buildRepasseFieldsSchema, repassePayerOf } = await loadSchemas();
  const checked = check(buildRepasseFieldsSchema(today), fields);
  if (!checked.ok) throw badRequest(checked.problems.error, checked.problems.fields);
  return { bytes: data, payer: repassePayerOf(checked.value) };
}

/**
 * A case's guia de honorários, lots and appeals in TISS (issue 37; docs/TISS.md). Thin: bodies are
 * machines/billing/guideSchemas.ts's; whose case or medic (`?medic=`, a secretary's) comes before the body, so
 * another tenant's is 404 whatever was sent. The XML files are served as the bytes written when the lot or appeal was
 * made (ISO-8859-1), never rebuilt.
 */
export default async function tissRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const guides = createGuideService(deps);
  const lots = createLotService(deps);
  const statements = createStatementService(deps);
  const auth = { onRequest: app.authenticate };
  const medicQuery = { onRequest: app.authenticate, preValidation: validated({ query: (s) => s.stageTargetsQuerySchema }) };
  const medicOf = (request: FastifyRequest<MedicQuery>) => namedMedicOf(deps.db, signedInUser(request), request.query.medic);
  const itemId = (raw: string, message: string) => pathId(raw) ?? (() => { throw notFound(message); })();
  const sendXml = (reply: FastifyReply, file: { name: string; bytes: Buffer }) =>
    reply
      .header('content-type', 'application/xml; charset=ISO-8859-1')
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('cache-control', 'no-store')
      .send(file.bytes);
  const caseBase = '/surgery/api/v1/surgery/:id/tiss_guide/';

  app.get<{ Params: { id: string } }>(caseBase, auth, async (request) => guides.get(signedInUser(request), surgeryPathId(request.params.id)));

  app.put<{ Params: { id: string } }>(caseBase, auth, async (request) => {
    const id = surgeryPathId(request.params.id);
    await guides.assertVisible(signedInUser(request), id);
    const { parse, guideInputsSchema } = await loadSchemas();
    return guides.putInputs(signedInUser(request), id, parse(guideInputsSchema, request.body));
  });

  app.post<{ Params: { id: string } }>(`${caseBase}generate/`, auth, async (request) =>
    guides.generate(signedInUser(request), surgeryPathId(request.params.id)),
  );

  app.get<{ Params: { itemId: string } }>('/surgery/api/v1/tiss/guides/:itemId/', auth, async (request) =>
    guides.content(signedInUser(request), itemId(request.params.itemId, GUIDE_MESSAGES.notFound)),
  );

  app.get<{ Querystring: typeof tissGuidesQuerySchema.infer }>(
    '/surgery/api/v1/tiss/guides/',
    { onRequest: app.authenticate, preValidation: validated({ query: (s) => s.tissGuidesQuerySchema }) },
    async (request) => {
      const medic = await namedMedicOf(deps.db, signedInUser(request), request.query.medic);
      return { results: await guides.unbatched(medic, request.query.health_plan ?? null) };
    },
  );

  app.get<MedicQuery>('/surgery/api/v1/tiss/lots/', medicQuery, async (request) => ({ results: await lots.list(await medicOf(request)) }));

  app.post<MedicQuery>('/surgery/api/v1/tiss/lots/', medicQuery, async (request, reply) => {
    const medic = await medicOf(request);
    const { parse, lotCreateSchema } = await loadSchemas();
    return reply.code(201).send(await lots.create(signedInUser(request), medic, parse(lotCreateSchema, request.body)));
  });

  app.get<ItemParams>('/surgery/api/v1/tiss/lots/:itemId/', medicQuery, async (request) =>
    lots.get(await medicOf(request), itemId(request.params.itemId, LOT_MESSAGES.lotNotFound)),
  );

  app.get<ItemParams>('/surgery/api/v1/tiss/lots/:itemId/xml/', medicQuery, async (request, reply) =>
    sendXml(reply, await lots.file(await medicOf(request), itemId(request.params.itemId, LOT_MESSAGES.lotNotFound))),
  );

  app.put<ItemParams>('/surgery/api/v1/tiss/lots/:itemId/sent/', medicQuery, async (request) => {
    const medic = await medicOf(request);
    const lotId = itemId(request.params.itemId, LOT_MESSAGES.lotNotFound);
    await lots.get(medic, lotId);
    const { parse, buildTissSentSchema } = await loadSchemas();
    return lots.markSent(signedInUser(request), medic, lotId, parse(buildTissSentSchema(saoPauloDay(deps.now())), request.body));
  });

  app.delete<ItemParams>('/surgery/api/v1/tiss/lots/:itemId/', medicQuery, async (request, reply) => {
    await lots.remove(signedInUser(request), await medicOf(request), itemId(request.params.itemId, LOT_MESSAGES.lotNotFound));
    return reply.code(204).send();
  });

  // The plans' statements read back (issue 38): a preview that writes nothing, then the import of the same file.
  app.post<MedicQuery>('/surgery/api/v1/tiss/statements/preview/', medicQuery, async (request) => {
    const medic = await medicOf(request);
    return statements.preview(medic, await readStatementUpload(request));
  });

  app.post<MedicQuery>('/surgery/api/v1/tiss/statements/', medicQuery, async (request, reply) => {
    const medic = await medicOf(request);
    return reply.code(201).send(await statements.apply(signedInUser(request), medic, await readStatementUpload(request)));
  });

  // A payer's repasse without XML (issue 38 item 3): a CSV of guide numbers and amounts, previewed, then imported.
  app.post<MedicQuery>('/surgery/api/v1/repasses/preview/', medicQuery, async (request) => {
    const medic = await medicOf(request);
    const { bytes, payer } = await readRepasseUpload(request, saoPauloDay(deps.now()));
    return statements.previewRepasse(medic, bytes, payer);
  });

  app.post<MedicQuery>('/surgery/api/v1/repasses/', medicQuery, async (request, reply) => {
    const medic = await medicOf(request);
    const { bytes, payer } = await readRepasseUpload(request, saoPauloDay(deps.now()));
    return reply.code(201).send(await statements.applyRepasse(signedInUser(request), medic, bytes, payer));
  });

  app.get<MedicQuery>('/surgery/api/v1/tiss/statements/', medicQuery, async (request) => ({ results: await statements.list(await medicOf(request)) }));

  app.get<ItemParams>('/surgery/api/v1/tiss/statements/:itemId/', medicQuery, async (request) =>
    statements.get(await medicOf(request), itemId(request.params.itemId, 'Demonstrativo não encontrado.')),
  );

  app.get<MedicQuery>('/surgery/api/v1/tiss/appeals/', medicQuery, async (request) => ({ results: await lots.listAppeals(await medicOf(request)) }));

  app.post<MedicQuery>('/surgery/api/v1/tiss/appeals/', medicQuery, async (request, reply) => {
    const medic = await medicOf(request);
    const { parse, appealCreateSchema } = await loadSchemas();
    return reply.code(201).send(await lots.createAppeal(signedInUser(request), medic, parse(appealCreateSchema, request.body)));
  });

  app.get<ItemParams>('/surgery/api/v1/tiss/appeals/:itemId/xml/', medicQuery, async (request, reply) =>
    sendXml(reply, await lots.appealFile(await medicOf(request), itemId(request.params.itemId, LOT_MESSAGES.appealNotFound))),
  );

  app.put<ItemParams>('/surgery/api/v1/tiss/appeals/:itemId/sent/', medicQuery, async (request) => {
    const medic = await medicOf(request);
    const appealId = itemId(request.params.itemId, LOT_MESSAGES.appealNotFound);
    await lots.appealFile(medic, appealId);
    const { parse, buildTissSentSchema } = await loadSchemas();
    return lots.markAppealSent(signedInUser(request), medic, appealId, parse(buildTissSentSchema(saoPauloDay(deps.now())), request.body));
  });
}
