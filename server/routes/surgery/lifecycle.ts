import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { createApprovalsService } from '../../services/surgeries/approvals-service';
import { createLinkSigner } from '../../services/files/signed-links';
import { createLifecycleMoves, factsOf, type MoveOptions, type MoveRequest } from '../../services/surgeries/lifecycle-moves';
import { surgeryRowReader, toSurgeryResponse } from '../../services/surgeries/surgery-response';
import { SURGERY_NOT_FOUND } from '../../services/surgeries/surgery-service';
import { checkAtCase, checkVersion, noteColumns } from '../../services/surgeries/move-checks';
import { loadSchemas } from '../../http/schemas';
import { saoPauloDay } from '../../services/sao-paulo-time';
import { syncAuthorizationToggles } from '../../services/preoperative/authorizations';
import { signedInUser } from '../../plugins/authenticate';
import { caseRead } from '../../plugins/audited-reads';
import { surgeryPathId } from './surgery-path-id';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/**
 * The surgery lifecycle's writes and reads (SPEC §4, §7; DECISIONS §4; openapi updateSurgery, archiveSurgery,
 * cancelSurgery, getApprovals). Both roles; a case outside the user's medics, or a path id that is no id, is 404
 * 'Não foi possível encontrar essa cirurgia'. Every move goes through services/surgeries/lifecycle-moves.ts: one
 * transaction that locks the case, asks the lifecycle machine, writes the fields, the status and the history row.
 *
 * PUT update/{id}/ (JSON `{ new_status, ...step fields }`, checked by machines/surgeryCase/schemas.ts):
 * - `new_status` equal to the current stage saves that step's fields; the next stage validates them (SPEC §5's
 *   messages, 400) and advances; the previous stage, for SPEC §4's six back moves, moves back keeping every stored
 *   field; anything else is 409 `{ message, status: { actual_status } }`.
 * - A back move takes no fields: a body with step fields and the previous stage is refused (400, nothing moves), so a
 *   stale save can never move a case back and drop what it carried.
 * - The fields sent must belong to one step S, with `new_status` S or the stage after it (else 400). When the case is
 *   not at S, the client saw an older stage (a second tab, a double submit): 409 with the actual status, so the SPA
 *   jumps there.
 * - A plan approval for a case not paid by a health plan, or an OPME approval for a case without OPME: 400.
 * - Any 400 writes nothing. 200 answers the whole Surgery as the move left it.
 *
 * PUT archive_surgery/{id}/ (ind_paciente … realizacao → arquiv) and cancel_surgery/{id}/ (pagamento → cancelado):
 * no body (an empty one, `{}`, or any JSON object, whose other keys are ignored), or the optional `version` and
 * loss reason (`reason` of LOSS_REASONS, `reason_note`; 'outro' needs the note), stored on the history row; a bad
 * reason is 400 and nothing moves. The reason is optional here so SPEC §7's calls without a body keep working; the
 * SPA's dialogs require it. 200 with the Surgery, else 409.
 *
 * GET approvals/{id}/: the authorization step's approvals (services/surgeries/approvals-service.ts).
 */
export default async function lifecycleRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const signer = createLinkSigner(deps);
  const moves = createLifecycleMoves({ db: deps.db, now: deps.now });
  const readSurgeryRow = surgeryRowReader(deps.db);
  const approvals = createApprovalsService({ db: deps.db });

  // In this plugin only: a JSON content type with an empty body is no body (archive and cancel take none, and some
  // clients send the header anyway); anything else goes to Fastify's own parser (prototype-poisoning checks kept).
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    defaultJson(request, text, done);
  });

  /** Runs a move on the user's case and answers the Surgery it left, read in the move's transaction. */
  async function moveAndAnswer(request: IdRequest, move: MoveRequest, options: Omit<MoveOptions, 'readBack'> = {}) {
    const id = surgeryPathId(request.params.id);
    const { result: row } = await moves.move(signedInUser(request), id, move, {
      ...options,
      // Only the row is read in the transaction; the links are signed after it (the signer may query the database).
      readBack: (tx) => readSurgeryRow(tx, id, saoPauloDay(deps.now())),
    });
    if (!row) throw new Error('lifecycle: moved case not read back');
    return toSurgeryResponse(row, signer, saoPauloDay(deps.now()));
  }

  app.put<{ Params: { id: string } }>('/surgery/api/v1/update/:id/', { onRequest: app.authenticate }, async (request) => {
    surgeryPathId(request.params.id);
    const { parse, updateInputOf, updateSurgerySchema } = await loadSchemas();
    const input = updateInputOf(parse(updateSurgerySchema(saoPauloDay(deps.now())), request.body));
    return moveAndAnswer(
      request,
      {
        requested: input.newStatus,
        fields: input.fields,
        // Issue 14: a conclusion's difference is a loss unless the client says glosa (SPEC's clients say nothing).
        confirm: input.newStatus === 'concluido' ? { ...input.confirm, settlement: input.confirm.settlement ?? 'perda' } : input.confirm,
      },
      {
        extra: noteColumns(input.notes),
        check: (row) => checkAtCase(input, row, factsOf(row)),
        // DECISIONS §15: the toggles are the authorization records' aprovada/negada, written in the same transaction.
        alsoWrite: (tx) =>
          syncAuthorizationToggles(tx, surgeryPathId(request.params.id), input.fields, {
            today: saoPauloDay(deps.now()),
            at: deps.now(),
            userId: signedInUser(request).id,
          }),
      },
    );
  });

  const parsedMove = async (body: object) => {
    const { parse, moveFromVersionSchema } = await loadSchemas();
    return parse(moveFromVersionSchema, body);
  };

  /**
   * archive and cancel take no body, or a JSON object whose meaningful keys are the optional `version` and the
   * optional loss reason (`reason`, `reason_note`; issue 13), stored on the move's history row.
   */
  async function closeOptionsOf(body: unknown): Promise<Omit<MoveOptions, 'readBack'>> {
    const input = !body || typeof body !== 'object' || Array.isArray(body) ? {} : await parsedMove(body);
    return {
      check: (row) => checkVersion(input.version, row),
      history: { reason: input.reason ?? null, reasonNote: input.reason_note ?? null },
    };
  }

  app.put<{ Params: { id: string } }>('/surgery/api/v1/archive_surgery/:id/', { onRequest: app.authenticate }, async (request) => {
    return moveAndAnswer(request, { kind: 'archive' }, await closeOptionsOf(request.body));
  });

  app.put<{ Params: { id: string } }>('/surgery/api/v1/cancel_surgery/:id/', { onRequest: app.authenticate }, async (request) => {
    return moveAndAnswer(request, { kind: 'cancel' }, await closeOptionsOf(request.body));
  });

  const approvalsRoute = { onRequest: app.authenticate, config: { auditRead: caseRead('approvals') } };
  app.get<{ Params: { id: string } }>('/surgery/api/v1/approvals/:id/', approvalsRoute, async (request) => {
    const found = await approvals.get(signedInUser(request), surgeryPathId(request.params.id));
    if (!found) throw notFound(SURGERY_NOT_FOUND);
    return found;
  });
}
