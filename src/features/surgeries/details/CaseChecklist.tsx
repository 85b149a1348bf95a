/**
 * A case's document checklist on the document-preparation step (issue 13 item 2): the documents its hospital (and,
 * when the plan pays, its plan) require, which were received (a kind by its upload, a named extra when marked here
 * or when a file is attached to it, issue 33 #10c) and what is missing. The step's panel (surgeries/details/DocumentsPanel.tsx) asks before moving on with missing
 * documents (`stillMissing`).
 */
import { useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { styled } from 'goober';
import { Checkbox } from '../../../components/ui/Checkbox';
import { Icon } from '../../../components/ui/Icon';
import { Notice } from '../../../components/ui/Notice';
import { checklistsTexts } from '../../../lib/i18n/checklists';
import { plural } from '../../../../machines/rules/plural';
import { documentNameKey } from '../../../../machines/preoperative/checklistMessages';
import { fill } from '../../../lib/i18n/pt-BR';
import { colors, fontSizes, fontWeights, radii, space } from '../../../lib/theme';
import { toastWarning } from '../../../lib/toast';
import { found, useRead } from '../../../lib/useRead';
import { getChecklist, markChecklist, type SurgeryChecklist } from '../../../api/checklists';
import { Button } from '../../../components/ui/Button';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import type { DocumentFile } from './documentsApi';
import { StoredFiles } from './StoredFiles';
import { columnCss, pillCss, plainListCss, spreadRowCss } from '../../../components/ui/cssParts';

const D = surgeriesTexts.lifecycle.documents;

/** Issue 33 #10c: a named document's file is chosen through a hidden input, opened by its 'Anexar arquivo' button. */
function AttachButton({ name, onAttach, disabled }: { name: string; onAttach: (file: File) => void; disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept="application/pdf,image/jpeg,image/png,image/webp"
        aria-label={fill(D.attachNamed, { name })}
        data-attach={name}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onAttach(file);
        }}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={disabled} aria-label={fill(D.attachNamed, { name })}>
        {D.attach}
      </Button>
    </>
  );
}

const T = checklistsTexts.checklist;

/** The names still missing once the files chosen for this upload are counted. */
export function stillMissing(checklist: SurgeryChecklist, chosen: readonly string[]): string[] {
  return checklist.items.filter((item) => !item.received && !(item.kind !== null && chosen.includes(item.kind))).map((item) => item.name);
}

/**
 * The case's checklist, read again whenever `revision` changes (the case's version: an upload changes it); the list
 * shown stays until the new answer lands.
 */
export function useCaseChecklist(surgeryId: number, revision: number) {
  const { state, retry, replace } = useRead(
    async (signal) => {
      const result = await getChecklist(surgeryId, signal);
      // An answer without the lists (a proxy's page, say) reads as a failed read.
      const ok = result.kind !== 'ok' || (Array.isArray(result.value.items) && Array.isArray(result.value.missing));
      return ok ? result : { kind: 'error' as const };
    },
    [surgeryId, revision],
    { keepWhileReloading: true },
  );
  const shown = found(state);
  return { state: shown.status === 'loading' && shown.value ? { status: 'ready' as const, value: shown.value } : shown, retry, replace };
}

const Box = styled('section')`
  ${columnCss(space.md)}
  padding: ${space.lg};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  background: ${colors.primaryTint};
`;

const Head = styled('div')`
  ${spreadRowCss(space.sm)}
  & h3 { font-size: ${fontSizes.md}; font-weight: ${fontWeights.bold}; color: ${colors.text}; }
`;

const Summary = styled('p')<{ $ok: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  ${pillCss}
  background: ${(p) => (p.$ok ? colors.successSoft : colors.warningSoft)};
  color: ${(p) => (p.$ok ? colors.success : colors.warning)};
`;

const Items = styled('ul')`
  ${plainListCss(space.xs)}
  & li {
    ${spreadRowCss(`${space.xs} ${space.md}`)}
    min-height: 44px;
    padding: ${space.xs} ${space.md};
    border-radius: ${radii.sm};
    background: ${colors.surface};
  }
`;

const Name = styled('span')<{ $ok: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${space.sm};
  color: ${colors.text};
  & svg { color: ${(p) => (p.$ok ? colors.success : colors.warning)}; flex-shrink: 0; }
`;

const Tags = styled('span')`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${space.xs};
  & span {
    ${pillCss}
    background: ${colors.disabled};
    color: ${colors.textMuted};
  }
  & span[data-state='received'] { background: ${colors.successSoft}; color: ${colors.success}; }
  & span[data-state='missing'] { background: ${colors.warningSoft}; color: ${colors.warning}; }
`;

const Intro = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
  & a { color: ${colors.primary}; font-weight: ${fontWeights.semibold}; }
`;

type CaseChecklistProps = {
  surgeryId: number;
  hasPlan: boolean;
  checklist: ReturnType<typeof useCaseChecklist>;
  /** Named extras can be marked (the step is the case's current one and nothing is being sent). */
  editable: boolean;
  /** The case's stored files: a named document's are listed under it (issue 33 #10c). */
  files?: readonly DocumentFile[];
  /** Attaches a file to a named document; absent: no 'Anexar arquivo'. */
  onAttach?: (name: string, file: File) => void;
  /** Asks to remove one of a named document's files; absent: read-only. */
  onRemove?: (file: DocumentFile) => void;
  /** A file call is under way. */
  busy?: boolean;
};

export function CaseChecklist({ surgeryId, hasPlan, checklist, editable, files = [], onAttach, onRemove, busy = false }: CaseChecklistProps) {
  const { state, replace, retry } = checklist;
  const [marking, setMarking] = useState<string | null>(null);
  const plan = hasPlan ? T.planSuffix : '';

  async function mark(name: string, received: boolean) {
    setMarking(name);
    const result = await markChecklist(surgeryId, name, received);
    setMarking(null);
    if (result.ok) replace(() => result.data);
    else for (const message of result.messages.length ? result.messages : [T.markFailed]) toastWarning(message);
  }

  if (state.status === 'loading') return <Notice kind="loading" title={T.loading} compact />;
  if (state.status === 'error') return <Notice kind="failed" title={T.failed} onRetry={retry} compact />;
  const { items, missing } = state.value;
  if (items.length === 0) {
    return (
      <Intro>
        {fill(T.none, { plan })} <Link to="/document-checklists">{T.configureLink}</Link>
      </Intro>
    );
  }
  return (
    <Box aria-labelledby="case-checklist-title">
      <Head>
        <h3 id="case-checklist-title">{T.title}</h3>
        <Summary $ok={missing.length === 0} role="status">
          <Icon name={missing.length === 0 ? 'check' : 'alert'} size={14} />
          {missing.length === 0 ? T.allReceived : plural(missing.length, T.missingCount)}
        </Summary>
      </Head>
      <Intro>{fill(T.intro, { plan })}</Intro>
      <Items>
        {items.map((item) => {
          const attached = item.kind === null ? files.filter((file) => file.document !== null && documentNameKey(file.document) === documentNameKey(item.name)) : [];
          return (
            <li key={item.name} data-received={item.received}>
              {item.kind === null && editable && attached.length === 0 ? (
                <Checkbox name={`received-${item.name}`} checked={item.received} onChange={(on) => void mark(item.name, on)}>
                  {item.name}
                  {marking === item.name ? '…' : ''}
                </Checkbox>
              ) : (
                <Name $ok={item.received}>
                  <Icon name={item.received ? 'check' : 'alert'} size={16} />
                  {item.name}
                </Name>
              )}
              <Tags>
                {item.required_by.map((scope) => (
                  <span key={scope}>{T.requiredBy[scope]}</span>
                ))}
                <span data-state={item.received ? 'received' : 'missing'}>{item.received ? T.received : T.missing}</span>
              </Tags>
              {item.kind === null && onAttach ? (
                <AttachButton name={item.name} onAttach={(file) => onAttach(item.name, file)} disabled={busy} />
              ) : null}
              <StoredFiles label={item.name} files={attached} onRemove={onRemove} disabled={busy} />
            </li>
          );
        })}
      </Items>
    </Box>
  );
}
