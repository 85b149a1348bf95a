import { type } from 'arktype';
import {
  DOCUMENT_LABELS,
  MAX_NOTE_LENGTH,
  SURGERY_DOCUMENT_KINDS,
  type SurgeryDocumentKind,
} from '../constants';
import { DATE_MESSAGES, isValidIsoDate } from '../rules/dates';
import { int4OfText, orNull, text, visibleLength } from '../validation/fields';
import { VALIDATION_MESSAGES } from '../validation/problems';
import { CHECKLIST_SCOPES, DISPATCH_CHANNELS, MAX_EXTRA_DOCUMENTS, type ChecklistScope } from './constants';
import { cleanDocumentName, documentNameKey } from './documentNames';

/**
 * The document checklists (issue 13 item 2; DECISIONS §15): which documents a medic's cases need at a hospital or
 * with a health plan (SPEC's document kinds plus named extra ones), a named extra marked as received on a case, and
 * a sending of documents (what, when, to whom, how). One schema per payload, used by the API
 * (server/routes/surgery/checklists.ts) and by the forms (src/features/checklists, the case's panels).
 */

const INVALID = VALIDATION_MESSAGES.invalidData;

/** The length of a document's name. */
const MAX_DOCUMENT_NAME_LENGTH = 80;
/** Documents listed in one sending. */
const MAX_DISPATCH_ITEMS = 30;
/** The length of a sending's recipient ("Hospital X — setor de internação"). */
const MAX_RECIPIENT_LENGTH = 120;

export const CHECKLIST_MESSAGES = {
  unknownKind: 'Tipo de documento desconhecido.',
  repeatedKind: (label: string) => `Documento repetido: ${label}.`,
  extraRequired: 'Informe o nome do documento.',
  extraTooLong: `O nome do documento deve ter no máximo ${MAX_DOCUMENT_NAME_LENGTH} caracteres.`,
  tooManyExtras: `Informe no máximo ${MAX_EXTRA_DOCUMENTS} documentos extras.`,
  repeatedExtra: (name: string) => `Documento repetido: ${name}.`,
  extraIsKind: (name: string) => `"${name}" já é um dos documentos da cirurgia: marque-o na lista.`,
  medicUnknown: 'Médico não encontrado.',
  medicRequired: 'Selecione o médico.',
  scopeUnknown: 'Escolha um hospital ou um plano de saúde.',
  hospitalNotFound: 'Hospital não encontrado.',
  healthPlanNotFound: 'Convênio não encontrado.',
  markNameRequired: 'Informe o documento.',
  markNotExtra: 'Este documento não é um dos documentos extras exigidos para esta cirurgia.',
  receivedRequired: 'Informe se o documento foi recebido.',
  sentOnRequired: 'Informe a data do envio.',
  sentOnInvalid: 'Data do envio inválida.',
  recipientRequired: 'Informe para quem os documentos foram enviados.',
  recipientTooLong: `O destinatário deve ter no máximo ${MAX_RECIPIENT_LENGTH} caracteres.`,
  channelRequired: 'Informe como os documentos foram enviados.',
  channelUnknown: 'Meio de envio inválido: os valores aceitos são email, portal e presencial.',
  itemsRequired: 'Informe ao menos um documento enviado.',
  tooManyItems: `Informe no máximo ${MAX_DISPATCH_ITEMS} documentos por envio.`,
  itemRequired: 'O nome de cada documento enviado deve ser preenchido.',
  itemTooLong: `O nome de cada documento enviado deve ter no máximo ${MAX_DOCUMENT_NAME_LENGTH} caracteres.`,
  repeatedItem: (name: string) => `Documento repetido no envio: ${name}.`,
  notesTooLong: `A observação deve ter no máximo ${MAX_NOTE_LENGTH} caracteres.`,
} as const;

const M = CHECKLIST_MESSAGES;

export { documentNameKey };

/** The SPEC kind whose label is `name`, if any ("Pedido médico" → doctor_request). */
function kindNamed(name: string): SurgeryDocumentKind | null {
  const key = documentNameKey(name);
  return SURGERY_DOCUMENT_KINDS.find((kind) => documentNameKey(DOCUMENT_LABELS[kind]) === key) ?? null;
}

/** The JSON array of `field`, or 'Dados inválidos.' for anything else. */
const anyArray = type('unknown[]').configure({ message: INVALID });

/**
 * A list of document names, cleaned (cleanDocumentName): at most `max`, each a non-blank string of at most
 * MAX_DOCUMENT_NAME_LENGTH characters, not `refused`, not repeated (documentNameKey); `empty` refuses an empty list.
 */
function documentNames(messages: {
  empty?: string;
  max: number;
  tooMany: string;
  blank: string;
  tooLong: string;
  refused?: (name: string) => string | null;
  repeated: (name: string) => string;
  missing: string;
}) {
  return anyArray
    .narrow((list, ctx) => {
      if (messages.empty !== undefined && list.length === 0) return ctx.reject({ message: messages.empty });
      if (list.length > messages.max) return ctx.reject({ message: messages.tooMany });
      const seen = new Set<string>();
      let ok = true;
      for (const item of list) {
        if (typeof item !== 'string') {
          ok = ctx.reject({ message: INVALID });
          continue;
        }
        const name = cleanDocumentName(item);
        const refusal = messages.refused?.(name) ?? null;
        if (name === '') ok = ctx.reject({ message: messages.blank });
        else if (visibleLength(name) > MAX_DOCUMENT_NAME_LENGTH) ok = ctx.reject({ message: messages.tooLong });
        else if (refusal !== null) ok = ctx.reject({ message: refusal });
        else if (seen.has(documentNameKey(name))) ok = ctx.reject({ message: messages.repeated(name) });
        seen.add(documentNameKey(name));
      }
      return ok;
    })
    .pipe((list) => (list as string[]).map(cleanDocumentName))
    .configure({ missing: messages.missing });
}

/**
 * The PUT document_requirements/{scope}/{id}/ body (openapi DocumentRequirementsUpdate): the SPEC kinds required
 * (checkboxes; each once) and the named extras (each once, none the label of a kind, at most MAX_EXTRA_DOCUMENTS of
 * at most MAX_DOCUMENT_NAME_LENGTH characters). Both lists replace what was configured; two empty lists clear it.
 */
export const documentRequirementsSchema = type({
  '+': 'reject',
  kinds: anyArray
    .narrow((list, ctx) => {
      const seen = new Set<string>();
      let ok = true;
      for (const item of list) {
        if (typeof item !== 'string' || !(SURGERY_DOCUMENT_KINDS as readonly string[]).includes(item)) {
          ok = ctx.reject({ message: M.unknownKind });
        } else if (seen.has(item)) {
          ok = ctx.reject({ message: M.repeatedKind(DOCUMENT_LABELS[item as SurgeryDocumentKind]) });
        } else seen.add(item);
      }
      return ok;
    })
    .pipe((list) => SURGERY_DOCUMENT_KINDS.filter((kind) => list.includes(kind)))
    .configure({ missing: INVALID }),
  extras: documentNames({
    max: MAX_EXTRA_DOCUMENTS,
    tooMany: M.tooManyExtras,
    blank: M.extraRequired,
    tooLong: M.extraTooLong,
    refused: (name) => (kindNamed(name) ? M.extraIsKind(name) : null),
    repeated: M.repeatedExtra,
    missing: INVALID,
  }),
}).configure({ message: INVALID });

export type DocumentRequirementsInput = typeof documentRequirementsSchema.infer;

/**
 * The query of the document_requirements calls (openapi): `medic`, the medic whose lists are read or written. A
 * medic's own are always theirs (a `medic` naming someone else is 'Médico não encontrado.'); a secretary names one
 * of her linked medics, and may leave it out when she has exactly one (checked by the server).
 */
export const requirementsQuerySchema = type({
  medic: type('string')
    .pipe((value, ctx) => (value.trim() === '' ? null : (int4OfText(value.trim()) ?? ctx.error({ message: M.medicUnknown }))))
    .default(''),
});

/**
 * The text fields of the document_requirements/{scope}/{id}/template/ upload (openapi OfficeTemplateForm): none. The
 * form is one file part, `file`, read by its content (server/routes/surgery/office-templates.ts); any other part is
 * 400 'Dados inválidos.'.
 */
export const officeTemplateFieldsSchema = type({});

/** The {scope} of document_requirements/{scope}/{id}/: hospital or plano (CHECKLIST_SCOPES). */
export function isChecklistScope(value: string): value is ChecklistScope {
  return (CHECKLIST_SCOPES as readonly string[]).includes(value);
}

/**
 * The PUT surgery/{id}/checklist/ body (openapi ChecklistMark): a named extra of the case's checklist marked as
 * received (`received: true`) or not any more (`false`). SPEC's kinds are received by their upload, not marked.
 */
export const checklistMarkSchema = type({
  '+': 'reject',
  name: text({ required: M.markNameRequired, max: MAX_DOCUMENT_NAME_LENGTH, tooLong: M.extraTooLong }).pipe(cleanDocumentName),
  received: type('boolean').configure({ message: INVALID, missing: M.receivedRequired }),
}).configure({ message: INVALID });

export type ChecklistMarkInput = typeof checklistMarkSchema.infer;

/** A free-text note: trimmed, at most MAX_NOTE_LENGTH characters, '' or null stored as null. */
const notes = orNull(type('string').configure({ message: INVALID })).pipe((value, ctx) => {
  const trimmed = value?.trim() ?? '';
  if (visibleLength(trimmed) > MAX_NOTE_LENGTH) return ctx.error({ message: M.notesTooLong });
  return trimmed === '' ? null : trimmed;
});

function buildDispatchSchema(today: string) {
  return type({
    '+': 'reject',
    sent_on: type('string')
      .configure({ message: INVALID })
      .narrow((value, ctx) => {
        if (value.trim() === '') return ctx.reject({ message: M.sentOnRequired });
        if (!isValidIsoDate(value)) return ctx.reject({ message: M.sentOnInvalid });
        return value <= today || ctx.reject({ message: DATE_MESSAGES.futureDate });
      })
      .configure({ missing: M.sentOnRequired }),
    recipient: text({ required: M.recipientRequired, max: MAX_RECIPIENT_LENGTH, tooLong: M.recipientTooLong }),
    channel: type
      .enumerated(...DISPATCH_CHANNELS)
      .configure({ message: (ctx) => (ctx.data === '' ? M.channelRequired : M.channelUnknown), missing: M.channelRequired }),
    items: documentNames({
      empty: M.itemsRequired,
      max: MAX_DISPATCH_ITEMS,
      tooMany: M.tooManyItems,
      blank: M.itemRequired,
      tooLong: M.itemTooLong,
      repeated: M.repeatedItem,
      missing: M.itemsRequired,
    }),
    'notes?': notes,
  }).configure({ message: INVALID });
}

const dispatchSchemaOfDay = new Map<string, ReturnType<typeof buildDispatchSchema>>();

/**
 * The POST surgery/{id}/dispatches/ body (openapi DispatchCreate) for `today` (yyyy-MM-dd, São Paulo): the day the
 * documents were sent (not after today), to whom, how (email, portal, presencial), the names of the documents sent
 * (one at least, each once) and a note. Built once per day.
 */
export function dispatchSchema(today: string) {
  let schema = dispatchSchemaOfDay.get(today);
  if (!schema) {
    dispatchSchemaOfDay.clear();
    schema = buildDispatchSchema(today);
    dispatchSchemaOfDay.set(today, schema);
  }
  return schema;
}

export type DispatchInput = ReturnType<typeof dispatchSchema>['infer'];
