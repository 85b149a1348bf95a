/**
 * 'Agenda no celular' (issue 39 item 1), in the medic's /settings and the secretary's /account: a private iCalendar
 * address to subscribe to in Google Agenda, Apple Calendar or Outlook. 'Criar endereço da agenda' asks the server for
 * one; the address is in that answer only (the server keeps a hash), so it is shown once, with 'Copiar' and a webcal
 * link, and afterwards the card only says since when an address is active. 'Gerar novo endereço' (the old one stops at
 * once) and 'Desativar' each ask first. The switch (full names or initials in the events) is saved as soon as it
 * moves, and moves back when the server refuses.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { styled } from 'goober';
import { messagesOf } from '../../api/call';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Field, inputClassName } from '../../components/ui/Field';
import { Icon } from '../../components/ui/Icon';
import { ReadNotice } from '../../components/ui/ReadNotice';
import { Switch } from '../../components/ui/Switch';
import { inlineControlCss, warningBoxCss } from '../../components/ui/cssParts';
import { formatDate } from '../../lib/format/date';
import { calendarFeedTexts as T } from '../../lib/i18n/calendarFeed';
import { fill } from '../../lib/i18n/pt-BR';
import { settingsTexts } from '../../lib/i18n/settings';
import { colors, focusRing, media, radii, space } from '../../lib/theme';
import { toastError, toastSuccess } from '../../lib/toast';
import { useRead } from '../../lib/useRead';
import {
  createCalendarFeed,
  deleteCalendarFeed,
  getCalendarFeed,
  setCalendarFeedFullNames,
  type CalendarFeedCreated,
} from './calendarFeed';
import { StyledCard, StyledCardText, StyledCardTitle } from './ProfileCard';

type Asking = 'regenerate' | 'deactivate';

const StyledActions = styled('div')`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.md};
  align-items: center;
  /* On a phone the buttons that wrap take the whole line, rather than leaving ragged ends. */
  ${media.belowMd} { & > * { flex: 1 1 auto; } }
`;

const StyledAddress = styled('div')`
  display: flex;
  flex-direction: column;
  gap: ${space.md};
  min-width: 0;
`;

/** The address and 'Copiar' side by side; on a narrow card 'Copiar' goes under it. */
const StyledAddressRow = styled('div')`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.sm} ${space.md};
  & > input { flex: 1 1 240px; min-width: 0; }
  & > button { flex: 1 0 auto; }
  ${media.md} { & > button { flex-grow: 0; } }
  /* Read-only to keep it intact, but there to be selected and copied: the text cursor and the full text colour. */
  & > input[readonly] {
    cursor: text;
    color: ${colors.text};
    text-overflow: ellipsis;
  }
  & > input[readonly]:focus { text-overflow: clip; }
`;

const StyledNote = styled('p')`
  display: flex;
  align-items: flex-start;
  gap: ${space.sm};
  margin: 0;
  padding: ${space.sm} ${space.md};
  ${warningBoxCss}
  & > svg { flex: none; margin-top: 1px; }
`;

/** The webcal link: the calendar app opens it and offers to subscribe. */
const StyledAppLink = styled('a')`
  ${inlineControlCss('44px', space.sm, space.xs)}
  align-self: flex-start;
  border-radius: ${radii.sm};
  color: ${colors.primary};
  text-decoration: underline;
  text-underline-offset: 3px;
  & > svg { flex: none; }
  &:hover { color: ${colors.primaryPressed}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

/** The address just created: the field to copy it from, 'Copiar', the webcal link and the 'shown once' warning. */
function NewAddress({ feed }: { feed: CalendarFeedCreated }) {
  const inputId = useId();
  const noteId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  // The button just pressed ('Criar endereço da agenda') is gone: the focus goes to the address, not to the page.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) inputRef.current?.focus();
  }, [feed.url]);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(feed.url);
      toastSuccess(T.copied);
    } catch {
      // No clipboard (an insecure page, a refused permission): the address is selected for a manual copy.
      inputRef.current?.focus();
      inputRef.current?.select();
      toastError(T.copyFailed);
    }
  }

  return (
    <StyledAddress>
      <Field id={inputId} label={T.addressLabel}>
        <StyledAddressRow>
          <input
            ref={inputRef}
            id={inputId}
            className={inputClassName}
            type="text"
            value={feed.url}
            readOnly
            spellCheck={false}
            aria-describedby={noteId}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button onClick={() => void handleCopy()}>
            <Icon name="clipboard" size={18} />
            {T.copy}
          </Button>
        </StyledAddressRow>
      </Field>
      <StyledNote id={noteId}>
        <Icon name="alert" size={18} />
        <span>{T.shownOnce}</span>
      </StyledNote>
      <StyledAppLink href={feed.webcal_url}>
        <Icon name="calendar" size={18} />
        {T.openInApp}
      </StyledAppLink>
    </StyledAddress>
  );
}

export function CalendarFeedCard() {
  const titleId = useId();
  const hintId = useId();
  const feedRead = useRead((signal) => getCalendarFeed(signal), []);
  const { state, replace } = feedRead;
  // The address, held only while the page lives: the server answers it once.
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [working, setWorking] = useState<'create' | Asking | null>(null);
  const [savingNames, setSavingNames] = useState(false);

  async function create(kind: 'create' | 'regenerate') {
    setWorking(kind);
    const result = await createCalendarFeed();
    setWorking(null);
    setAsking(null);
    if (!result.ok) return toastError(messagesOf(result)[0] ?? T.failed);
    const answer = result.data;
    setCreated(answer);
    replace(() => ({ active: true, full_names: answer.full_names, created_at: answer.created_at }));
    toastSuccess(T.created);
  }

  async function deactivate() {
    setWorking('deactivate');
    const result = await deleteCalendarFeed();
    setWorking(null);
    setAsking(null);
    if (!result.ok) return toastError(messagesOf(result)[0] ?? T.failed);
    setCreated(null);
    replace((current) => ({ ...current, active: false, created_at: null }));
    toastSuccess(T.deactivated);
  }

  /** The switch moves at once and back if the server refuses. */
  async function toggleFullNames(fullNames: boolean) {
    setSavingNames(true);
    replace((current) => ({ ...current, full_names: fullNames }));
    const result = await setCalendarFeedFullNames(fullNames);
    setSavingNames(false);
    if (result.ok) {
      const saved = result.data;
      replace(() => saved);
      toastSuccess(T.saved);
    } else {
      replace((current) => ({ ...current, full_names: !fullNames }));
      toastError(messagesOf(result)[0] ?? T.failed);
    }
  }

  const feed = state.status === 'ready' ? state.value : null;
  return (
    <StyledCard aria-labelledby={titleId} aria-busy={state.status === 'loading' || undefined}>
      <StyledCardTitle id={titleId}>{T.title}</StyledCardTitle>
      <StyledCardText>{T.intro}</StyledCardText>
      {!feed ? (
        <ReadNotice read={feedRead} loading={T.loading} failed={T.loadFailed} compact />
      ) : (
        <>
          {feed.active && created ? <NewAddress feed={created} /> : null}
          {feed.active && !created && feed.created_at ? (
            <StyledCardText>{fill(T.activeSince, { date: formatDate(feed.created_at) })}</StyledCardText>
          ) : null}
          <StyledActions>
            {feed.active ? (
              <>
                <Button variant="secondary" onClick={() => setAsking('regenerate')}>
                  {T.regenerate}
                </Button>
                <Button variant="secondary" onClick={() => setAsking('deactivate')}>
                  {T.deactivate}
                </Button>
              </>
            ) : (
              <Button onClick={() => void create('create')} loading={working === 'create'}>
                {working === 'create' ? T.creating : T.create}
              </Button>
            )}
          </StyledActions>
          <div>
            <Switch
              label={T.fullNames}
              isSelected={feed.full_names}
              onToggle={() => void toggleFullNames(!feed.full_names)}
              busy={savingNames}
              busyLabel={T.saving}
              describedBy={hintId}
            />
            <StyledCardText id={hintId}>{T.fullNamesHint}</StyledCardText>
          </div>
        </>
      )}
      <ConfirmDialog
        isOpen={asking !== null}
        title={asking === 'deactivate' ? T.deactivateTitle : T.regenerateTitle}
        text={asking === 'deactivate' ? T.deactivateText : T.regenerateText}
        confirmLabel={asking === 'deactivate' ? T.deactivateConfirm : T.regenerateConfirm}
        cancelLabel={T.cancel}
        focus="cancel"
        tone="danger"
        busy={working !== null && working !== 'create'}
        busyLabel={working === 'deactivate' ? T.deactivating : T.regenerating}
        closeLabel={settingsTexts.modals.close}
        onConfirm={() => void (asking === 'deactivate' ? deactivate() : create('regenerate'))}
        onCancel={() => setAsking(null)}
      />
    </StyledCard>
  );
}
