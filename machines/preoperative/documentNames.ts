/**
 * How the checklists compare documents' names, without the checklists' schemas (./checklistSchemas.ts, arktype, which
 * uses and re-exports these): the case page's checklist reads them at first paint (issue 41, goal 6).
 */

/** A document's name as written (trimmed, inner spaces collapsed). */
export function cleanDocumentName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** Two names are the same document when they differ only in case, accents' encoding or spaces. */
export function documentNameKey(name: string): string {
  return cleanDocumentName(name).normalize('NFC').toLocaleLowerCase('pt-BR');
}
