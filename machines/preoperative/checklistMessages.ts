import { MAX_NOTE_LENGTH } from '../constants';
import { CHECKLIST_SCOPES, MAX_EXTRA_DOCUMENTS, type ChecklistScope } from './constants';

/**
 * The checklists' lengths, pt-BR messages and name rules (./checklistSchemas.ts has the schemas), without arktype: the
 * server uses them without loading the schemas at start (issue 41, goal 5).
 */

/** The length of a document's name. */
export const MAX_DOCUMENT_NAME_LENGTH = 80;

/** Documents listed in one sending. */
export const MAX_DISPATCH_ITEMS = 30;

/** The length of a sending's recipient ("Hospital X — setor de internação"). */
export const MAX_RECIPIENT_LENGTH = 120;

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

/** A document's name as written (trimmed, inner spaces collapsed). */
export function cleanDocumentName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** Two names are the same document when they differ only in case, accents' encoding or spaces. */
export function documentNameKey(name: string): string {
  return cleanDocumentName(name).normalize('NFC').toLocaleLowerCase('pt-BR');
}

/** The {scope} of document_requirements/{scope}/{id}/: hospital or plano (CHECKLIST_SCOPES). */
export function isChecklistScope(value: string): value is ChecklistScope {
  return (CHECKLIST_SCOPES as readonly string[]).includes(value);
}
