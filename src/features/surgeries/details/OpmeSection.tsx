/**
 * The OPME materials of a case, on every step from the first (DECISIONS §15 "OPME"; issue 33 #4: the three quotes are
 * gathered before the request goes to the plan; shown only when the case uses OPME, read-only on a closed case or a past step):
 * each material with its quantity, the suppliers or brands asked and their quotes (the chosen one highlighted), the
 * item's authorization, and the total of the chosen quotes; add and edit in a modal (./OpmeItemModal.tsx), delete
 * after a confirmation. What the list says enters the lifecycle actor (`case.updated`): how many items are undecided,
 * so the OPME approval's switch is refused before sending while one is (the machine's rule, the server's too), and
 * the case version a write moved on, so the step's next request is not taken for a stale tab's.
 */
import { useState } from 'react';
import { styled } from 'goober';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Icon } from '../../../components/ui/Icon';
import { Notice } from '../../../components/ui/Notice';
import { ReadNotice } from '../../../components/ui/ReadNotice';
import { formatBRL } from '../../../lib/format/money';
import { opmeTexts as T } from '../../../lib/i18n/opme';
import { plural } from '../../../../machines/rules/plural';
import { fill } from '../../../lib/i18n/pt-BR';
import { colors, fontSizes, fontWeights, media, radii, space } from '../../../lib/theme';
import { toastError, toastSuccess } from '../../../lib/toast';
import { messagesOf, type CallResult } from '../../../api/call';
import type { ReadResult } from '../../../api/read';
import { useRead } from '../../../lib/useRead';
import { sendWritten } from './caseActor';
import { createOpme, deleteOpme, listOpme, updateOpme, type OpmeItem, type OpmeList } from './opmeApi';
import type { OpmeItemModalProps } from './OpmeItemModal';
import { usePanel } from './panelContext';
import { columnCss, pillCss, plainListCss, spreadRowCss, visuallyHidden } from '../../../components/ui/cssParts';
import { chunked } from '../../../lib/chunked';

/** The material's form, loaded when first opened: its checks (arktype) and React Aria's dialog stay out of the page's first download (issue 41, goal 6). */
const OpmeItemModal = chunked<OpmeItemModalProps>(() => import('./OpmeItemModal').then((module) => module.OpmeItemModal));

/** Read by screen readers only: each item's buttons say which item they act on. */
type Editing = { item: OpmeItem | null } | null;

const StyledSection = styled('section')`
  ${columnCss(space.md)}
  padding-top: ${space.lg};
  border-top: 1px solid ${colors.border};
`;

const StyledHead = styled('div')`
  ${columnCss(space.sm)}
  ${media.md} { flex-direction: row; align-items: flex-start; justify-content: space-between; }
  & h3 { margin: 0; font-size: ${fontSizes.lg}; font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
  & p { margin: ${space.xs} 0 0; font-size: ${fontSizes.sm}; color: ${colors.textMuted}; max-width: 72ch; }
  & > button { flex: none; }
`;

const StyledList = styled('ol')`
  ${plainListCss(space.md)}
`;

const StyledItem = styled('li')`
  ${columnCss(space.sm)}
  padding: ${space.md};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  background: ${colors.surface};
`;

const StyledItemHead = styled('div')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.sm};
  & h4 { flex: 1 1 200px; min-width: 0; margin: 0; font-size: ${fontSizes.md}; font-weight: ${fontWeights.semibold}; color: ${colors.text}; overflow-wrap: anywhere; }
`;

const StyledQuantity = styled('span')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const TONES = {
  ok: [colors.successSoft, colors.success],
  partial: [colors.warningSoft, colors.warning],
  no: [colors.dangerSoft, colors.danger],
  wait: [colors.disabled, colors.text],
} as const;

const StyledPill = styled('span')<{ $tone: keyof typeof TONES }>`
  flex: none;
  ${pillCss}
  background: ${(p) => TONES[p.$tone][0]};
  color: ${(p) => TONES[p.$tone][1]};
`;

const StyledQuotes = styled('ul')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
  ${media.md} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
`;

const StyledQuote = styled('li')<{ $chosen: boolean }>`
  ${columnCss(space.xxs)}
  padding: ${space.sm};
  border: ${(p) => (p.$chosen ? `2px solid ${colors.primary}` : `1px solid ${colors.border}`)};
  border-radius: ${radii.sm};
  background: ${(p) => (p.$chosen ? colors.primaryTint : colors.background)};
  font-size: ${fontSizes.sm};
  color: ${colors.text};
  overflow-wrap: anywhere;
  & small { font-size: ${fontSizes.xs}; color: ${colors.textMuted}; }
  & strong { font-weight: ${fontWeights.semibold}; }
`;

const StyledChosenTag = styled('span')`
  align-self: flex-start;
  display: inline-flex;
  align-items: center;
  gap: ${space.xxs};
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.semibold};
  color: ${colors.primaryDeep};
`;

const StyledFoot = styled('div')`
  ${spreadRowCss(space.sm)}
  font-size: ${fontSizes.sm};
  color: ${colors.text};
`;

const StyledActions = styled('div')`
  display: flex;
  gap: ${space.sm};
`;

const StyledSummary = styled('p')<{ $ok: boolean }>`
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  color: ${(p) => (p.$ok ? colors.success : colors.warning)};
`;

function decisionOf(item: OpmeItem): { tone: keyof typeof TONES; text: string } {
  switch (item.decision) {
    case 'autorizado':
      return { tone: 'ok', text: T.decisions.autorizado };
    case 'negado':
      return { tone: 'no', text: T.decisions.negado };
    case 'parcial':
      return { tone: 'partial', text: fill(T.partialOf, { authorized: item.authorized_quantity ?? 0, quantity: item.quantity }) };
    default:
      return { tone: 'wait', text: T.decisions.pending };
  }
}

type ItemCardProps = { item: OpmeItem; editable: boolean; onEdit: () => void; onRemove: () => void };

function ItemCard({ item, editable, onEdit, onRemove }: ItemCardProps) {
  const decision = decisionOf(item);
  return (
    <StyledItem data-opme-item={item.id}>
      <StyledItemHead>
        <h4>{item.description}</h4>
        <StyledQuantity>{fill(T.quantity, { count: item.quantity })}</StyledQuantity>
        <StyledPill $tone={decision.tone}>{decision.text}</StyledPill>
      </StyledItemHead>
      <StyledQuotes aria-label={`${T.supplierColumn}: ${item.description}`}>
        {item.suppliers.map((quote, index) => (
          <StyledQuote key={index} $chosen={item.chosen === index} data-chosen={item.chosen === index ? 'true' : undefined}>
            {item.chosen === index ? (
              <StyledChosenTag>
                <Icon name="check" size={14} />
                {T.chosen}
              </StyledChosenTag>
            ) : null}
            <strong>{quote.supplier}</strong>
            {quote.brand ? <small>{`${T.brandColumn}: ${quote.brand}`}</small> : null}
            <span>{quote.unit_price === null ? T.noQuote : formatBRL(quote.unit_price)}</span>
          </StyledQuote>
        ))}
      </StyledQuotes>
      <StyledFoot>
        <span>{item.chosen_total === null ? '' : fill(T.chosenTotal, { value: formatBRL(item.chosen_total) })}</span>
        {editable ? (
          <StyledActions>
            <Button variant="secondary" onClick={onEdit}>
              <span aria-hidden="true">{T.edit}</span>
              <span className={visuallyHidden}>{fill(T.editLabel, { name: item.description })}</span>
            </Button>
            <Button variant="secondary" onClick={onRemove}>
              <span aria-hidden="true">{T.remove}</span>
              <span className={visuallyHidden}>{fill(T.removeLabel, { name: item.description })}</span>
            </Button>
          </StyledActions>
        ) : null}
      </StyledFoot>
    </StyledItem>
  );
}

export function OpmeSection() {
  const { surgery, lifecycle, editable, locked } = usePanel();
  const { actor } = lifecycle;
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<OpmeItem | null>(null);
  const [busy, setBusy] = useState(false);

  const read = useRead(async (signal): Promise<ReadResult<OpmeList>> => {
    if (!surgery.opme) return { kind: 'notFound' };
    const result = await listOpme(surgery.id, signal);
    // The undecided count enters the actor, so the OPME approval's guard sees what the server has.
    if (result.kind === 'ok' && !signal.aborted) actor.send({ type: 'case.updated', fields: { opme_items_undecided: result.value.undecided } });
    return result;
  }, [surgery.id, surgery.opme]);

  if (!surgery.opme) return null;

  /** A write's answer: the list as it left it; the version moves on only from the one this page had. */
  function applyWrite(list: OpmeList) {
    read.replace(() => list);
    sendWritten(actor, { opme_items_undecided: list.undecided }, list.version);
  }

  async function save(body: Parameters<typeof createOpme>[1]): Promise<CallResult<OpmeList>> {
    const item = editing?.item;
    return item ? updateOpme(surgery.id, item.id, body) : createOpme(surgery.id, body);
  }

  async function handleRemove() {
    if (!removing) return;
    setBusy(true);
    const result = await deleteOpme(surgery.id, removing.id);
    setBusy(false);
    setRemoving(null);
    if (!result.ok) {
      for (const message of messagesOf(result)) toastError(message);
      return;
    }
    applyWrite(result.data);
    toastSuccess(T.removed);
  }

  const canEdit = editable && !locked;
  const addButton = canEdit ? (
    <Button variant="secondary" onClick={() => setEditing({ item: null })}>
      {T.add}
    </Button>
  ) : null;

  let body;
  if (read.state.status !== 'ready') body = <ReadNotice read={read} loading={T.loading} failed={T.failed} compact />;
  else if (read.state.value.results.length === 0) body = <Notice kind="empty" icon="clipboard" title={T.emptyTitle} text={T.emptyText} compact announce={false} />;
  else {
    const list = read.state.value;
    body = (
      <>
        <StyledList>
          {list.results.map((item) => (
            <ItemCard key={item.id} item={item} editable={canEdit} onEdit={() => setEditing({ item })} onRemove={() => setRemoving(item)} />
          ))}
        </StyledList>
        <StyledFoot>
          <StyledSummary $ok={list.undecided === 0}>{list.undecided === 0 ? T.allDecided : plural(list.undecided, T.undecided)}</StyledSummary>
          {list.chosen_total === null ? null : <strong>{fill(T.listTotal, { value: formatBRL(list.chosen_total) })}</strong>}
        </StyledFoot>
      </>
    );
  }

  return (
    <StyledSection aria-labelledby={`opme-title-${surgery.id}`} data-opme-section>
      <StyledHead>
        <div>
          <h3 id={`opme-title-${surgery.id}`}>{T.title}</h3>
          <p>{T.intro}</p>
        </div>
        {addButton}
      </StyledHead>
      {body}
      {editing ? (
        <OpmeItemModal
          item={editing.item}
          onCancel={() => setEditing(null)}
          onSave={save}
          onSaved={(list) => {
            setEditing(null);
            applyWrite(list);
            toastSuccess(T.saved);
          }}
        />
      ) : null}
      <ConfirmDialog
        isOpen={removing !== null}
        title={T.removeTitle}
        text={removing ? fill(T.removeText, { name: removing.description }) : undefined}
        confirmLabel={T.removeConfirm}
        cancelLabel={T.cancel}
        closeLabel={T.modal.close}
        onConfirm={() => void handleRemove()}
        onCancel={() => setRemoving(null)}
        busy={busy}
        busyLabel={T.removing}
      />
    </StyledSection>
  );
}
