import type { FastifyInstance } from 'fastify';
import { MESSAGE_TEXTS } from '../../../machines/patientMessages/constants';
import type { ContactConsentInput, MessageTemplateUpdate, PatientMessageInput } from '../../../machines/patientMessages/schemas';
import type { stageTargetsQuerySchema } from '../../../machines/preoperative/clockSchemas';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { pathId } from '../../http/path-id';
import { validated } from '../../http/validation';
import { caseRead, patientRead } from '../../plugins/audited-reads';
import { signedInUser } from '../../plugins/authenticate';
import { createPatientMessageService, isContactChannel, isMessageTemplateKind } from '../../services/patients/patient-messages';
import { PATIENT_MESSAGES } from '../../services/patients/patient-service';
import { surgeryPathId } from './surgery-path-id';

/**
 * Messages to the patient (issue 39 item 2; docs/MESSAGES.md; openapi tag 'Mensagens ao paciente'). Thin: the rules
 * live in services/patients/patient-messages.ts.
 *
 * - GET /project_auth/api/v1/message_templates/: the medic's four templates (a secretary names one of hers).
 * - PUT / DELETE /project_auth/api/v1/message_templates/{kind}/: the medic saves his text, or brings the shipped one
 *   back (a secretary: 403).
 * - GET / POST /surgery/api/v1/patient/{id}/contact_consents/, DELETE …/{channel}/: the patient's consents.
 * - GET / POST /surgery/api/v1/surgery/{id}/messages/: the case's card (consents, filled templates, messages sent),
 *   and sending one.
 */
export default async function patientMessageRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const messages = createPatientMessageService({ db: deps.db, mailer: deps.mailer, now: deps.now });

  const templateKind = (raw: string) => {
    if (!isMessageTemplateKind(raw)) throw notFound(MESSAGE_TEXTS.templateUnknown);
    return raw;
  };
  const patientId = (raw: string) => {
    const id = pathId(raw);
    if (id === null) throw notFound(PATIENT_MESSAGES.notFound);
    return id;
  };

  app.get<{ Querystring: typeof stageTargetsQuerySchema.infer }>(
    '/project_auth/api/v1/message_templates/',
    { onRequest: app.authenticate, preValidation: validated({ query: (s) => s.stageTargetsQuerySchema }) },
    async (request) => messages.listTemplates(signedInUser(request), request.query.medic),
  );

  app.put<{ Params: { kind: string }; Body: MessageTemplateUpdate }>(
    '/project_auth/api/v1/message_templates/:kind/',
    { onRequest: app.requireRole('medic'), preValidation: validated({ body: (s) => s.messageTemplateUpdateSchema }) },
    async (request) => messages.saveTemplate(signedInUser(request).id, templateKind(request.params.kind), request.body.body),
  );

  app.delete<{ Params: { kind: string } }>('/project_auth/api/v1/message_templates/:kind/', { onRequest: app.requireRole('medic') }, async (request) =>
    messages.resetTemplate(signedInUser(request).id, templateKind(request.params.kind)),
  );

  app.get<{ Params: { id: string } }>(
    '/surgery/api/v1/patient/:id/contact_consents/',
    { onRequest: app.authenticate, config: { auditRead: patientRead } },
    async (request) => messages.listConsents(signedInUser(request), patientId(request.params.id)),
  );

  app.post<{ Params: { id: string }; Body: ContactConsentInput }>(
    '/surgery/api/v1/patient/:id/contact_consents/',
    { onRequest: app.authenticate, preValidation: validated({ body: (s) => s.contactConsentSchema }) },
    async (request, reply) => {
      const consent = await messages.recordConsent(signedInUser(request), patientId(request.params.id), request.body);
      return reply.code(201).send(consent);
    },
  );

  app.delete<{ Params: { id: string; channel: string } }>(
    '/surgery/api/v1/patient/:id/contact_consents/:channel/',
    { onRequest: app.authenticate },
    async (request, reply) => {
      const { channel } = request.params;
      if (!isContactChannel(channel)) throw notFound(MESSAGE_TEXTS.consentNotFound);
      await messages.revokeConsent(signedInUser(request), patientId(request.params.id), channel);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { id: string } }>(
    '/surgery/api/v1/surgery/:id/messages/',
    { onRequest: app.authenticate, config: { auditRead: caseRead('message') } },
    async (request) => messages.caseMessages(signedInUser(request), surgeryPathId(request.params.id)),
  );

  app.post<{ Params: { id: string }; Body: PatientMessageInput }>(
    '/surgery/api/v1/surgery/:id/messages/',
    { onRequest: app.authenticate, preValidation: validated({ body: (s) => s.patientMessageSchema }) },
    async (request, reply) => {
      const sent = await messages.send(signedInUser(request), surgeryPathId(request.params.id), request.body);
      return reply.code(201).send(sent);
    },
  );
}
