import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { pathId } from '../http/path-id';
import type { AuditRead } from '../services/audit/audit-log';
import { signedInUser } from './authenticate';

/** What a route read, from its request (the path) and its answer (the records listed). */
export type RouteRead = (request: FastifyRequest, answer: unknown) => AuditRead;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The read this route answers (`config: { auditRead: caseRead('ledger') }`): recorded in the audit trail, as the
     * signed-in user, once its handler answered without an error. Nothing is recorded for a refusal.
     */
    auditRead?: RouteRead;
  }
}

/** The id in the path's parameter `name`: one id once the handler answered, none if it names no record. */
export function pathIds(request: FastifyRequest, name = 'id'): number[] {
  const id = pathId(((request.params as Record<string, string | undefined>)[name] ?? '').trim());
  return id === null ? [] : [id];
}

/** A view of the case in the path, or of its part `detail` (its ledger, authorizations, checklist…). */
export const caseRead =
  (detail?: string): RouteRead =>
  (request) => ({ action: 'view', entity: 'surgery', of: 'surgeries', ids: pathIds(request), detail });

/** A view of the patient in the path. */
export const patientRead: RouteRead = (request) => ({ action: 'view', entity: 'patient', of: 'patients', ids: pathIds(request) });

/**
 * A page of cases or patients the answer shows as `{ results }`, each result naming its record by `idKey`; `detail`
 * names the page (the 'A receber' list, an alert panel of the homes): one row per medic with the ids in the order
 * shown, each once.
 */
export function pageRead(entity: 'surgery' | 'patient', idKey: string, detail?: string): RouteRead {
  const of = entity === 'surgery' ? 'surgeries' : 'patients';
  return (_request, answer) => {
    const { results } = answer as { results: ReadonlyArray<Record<string, number>> };
    return { action: 'list', entity, of, ids: [...new Set(results.flatMap((result) => result[idKey] ?? []))], detail };
  };
}

/**
 * Records each route's declared read (`config.auditRead`) after its handler answered: the handler is wrapped as the
 * route is registered, so a route without one runs exactly as written. Registered before the routes.
 */
async function auditedReads(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    const read = route.config?.auditRead;
    if (!read) return;
    const handler = route.handler;
    route.handler = async function recordRead(request, reply) {
      const answer: unknown = await handler.call(this, request, reply);
      if (reply.statusCode < 400) app.audit.read(signedInUser(request), read(request, answer));
      return answer;
    } satisfies RouteHandlerMethod;
  });
}

const auditedReadsPlugin = fp(auditedReads, { name: 'audited-reads', fastify: '5.x' });
export default auditedReadsPlugin;
