import { DOCUMENT_LABELS, SURGERY_DOCUMENT_KINDS, type PaymentSource, type SurgeryDocumentKind } from '../constants';
import { documentNameKey } from './documentNames';
import type { ChecklistScope } from './constants';

/**
 * A case's document checklist (issue 13 item 2; DECISIONS §15), from the requirements its medic configured for the
 * case's hospital and, when the health plan pays, for its plan. Pure: the server reads the rows and answers this;
 * the lifecycle machine reads `missing` as its `missing_documents` fact.
 */

/** One configured requirement, as stored (document_requirements): a SPEC kind or a named extra. */
export type RequirementRow = { scope: ChecklistScope; kind: SurgeryDocumentKind | null; name: string | null };

/** One document of a case's checklist: who requires it, and whether the case has it. */
type ChecklistItem = {
  /** The SPEC document kind (received by its upload), or null for a named extra (received when marked). */
  kind: SurgeryDocumentKind | null;
  /** What the user reads: the kind's label or the extra's name. */
  name: string;
  required_by: ChecklistScope[];
  received: boolean;
};

export type Checklist = { items: ChecklistItem[]; missing: string[] };

/** Whether the plan's list applies to a case: it is paid by the health plan (as its approval, SPEC §4). */
export function planChecklistApplies(source: PaymentSource | null): boolean {
  return source === 'plano_saude';
}

/**
 * The checklist: every required document once (a kind required by both the hospital and the plan is one item
 * required by both; named extras are the same when their names are), the kinds first in SPEC's order, then the
 * extras in the order configured (the hospital's first). `uploaded`: the kinds the case has a file for;
 * `marked`: the names marked as received.
 */
export function buildChecklist(requirements: readonly RequirementRow[], uploaded: Iterable<SurgeryDocumentKind>, marked: Iterable<string>): Checklist {
  const have = new Set(uploaded);
  const markedKeys = new Set([...marked].map(documentNameKey));
  const kinds = new Map<SurgeryDocumentKind, ChecklistScope[]>();
  const extras = new Map<string, { name: string; required_by: ChecklistScope[] }>();
  const ordered = [...requirements].sort((a, b) => (a.scope === b.scope ? 0 : a.scope === 'hospital' ? -1 : 1));
  for (const requirement of ordered) {
    if (requirement.kind) {
      const by = kinds.get(requirement.kind) ?? [];
      if (!by.includes(requirement.scope)) by.push(requirement.scope);
      kinds.set(requirement.kind, by);
    } else if (requirement.name) {
      const key = documentNameKey(requirement.name);
      const extra = extras.get(key) ?? { name: requirement.name, required_by: [] };
      if (!extra.required_by.includes(requirement.scope)) extra.required_by.push(requirement.scope);
      extras.set(key, extra);
    }
  }
  const items: ChecklistItem[] = [
    ...SURGERY_DOCUMENT_KINDS.filter((kind) => kinds.has(kind)).map((kind) => ({
      kind,
      name: DOCUMENT_LABELS[kind],
      required_by: kinds.get(kind)!,
      received: have.has(kind),
    })),
    ...[...extras.entries()].map(([key, extra]) => ({ kind: null, ...extra, received: markedKeys.has(key) })),
  ];
  return { items, missing: items.filter((item) => !item.received).map((item) => item.name) };
}
