/**
 * The sendings of a case's documents on the sending step (issue 13 item 2; DECISIONS §15): what was sent, when, to
 * whom and how (e-mail, portal, presencial), newest first, and a form to record one. The form sits inside the step's
 * own form, so it is a group of fields with a button, not a nested <form>; it checks with the API's schema
 * (machines/preoperative/checklistSchemas.ts `dispatchSchema`) and marks each field with its message.
 */
import { useState } from 'react';
import { styled } from 'goober';
import { AddItemRow } from '../../../components/form/AddItemRow';
import { DOCUMENT_LABELS, SURGERY_DOCUMENT_KINDS } from '../../../../machines/constants';
import type { DispatchInput } from '../../../../machines/preoperative/checklistSchemas';
import { DISPATCH_CHANNELS, type DispatchChannel } from '../../../../machines/preoperative/constants';
import { useController } from 'react-hook-form';
import { FormSelect } from '../../../components/form/FormSelect';
import { FormTextField } from '../../../components/form/FormTextField';
import { useSchemaForm } from '../../../components/form/useSchemaForm';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { fieldErrorClassName, inputClassName } from '../../../components/ui/Field';
import { MaskedInput } from '../../../components/ui/MaskedInput';
import { Notice } from '../../../components/ui/Notice';
import { ReadNotice } from '../../../components/ui/ReadNotice';
import { TextField } from '../../../components/ui/TextField';
import { formatDate, parseBrDate, todayInSaoPaulo } from '../../../lib/format/date';
import { checklistsTexts } from '../../../lib/i18n/checklists';
import { fill } from '../../../lib/i18n/pt-BR';
import { colors, fontSizes, fontWeights, media, radii, space } from '../../../lib/theme';
import { toastSuccess, toastWarning } from '../../../lib/toast';
import { useRead } from '../../../lib/useRead';
import type { ReadResult } from '../../../api/read';
import type { Surgery } from '../types';
import { createDispatch, getChecklist, getDispatches, type Dispatch } from '../../../api/checklists';
import { plainListCss, spreadRowCss } from '../../../components/ui/cssParts';
import { checkedOnFirstUse, putFieldErrors } from './lazyChecks';

const T = checklistsTexts.dispatch;

const Box = styled('section')`
  display: flex;
  flex-direction: column;
  gap: ${space.md};
  padding-top: ${space.lg};
  border-top: 1px solid ${colors.border};
  & h3 { font-size: ${fontSizes.md}; font-weight: ${fontWeights.bold}; color: ${colors.text}; }
`;

const Head = styled('div')`
  ${spreadRowCss(space.sm)}
  & p { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
`;

const Records = styled('ol')`
  ${plainListCss(space.sm)}
  & li { display: flex; flex-direction: column; gap: ${space.xxs}; padding: ${space.md}; border-radius: ${radii.md}; background: ${colors.primaryTint}; }
  & strong { font-weight: ${fontWeights.semibold}; color: ${colors.text}; overflow-wrap: anywhere; }
  & span { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; overflow-wrap: anywhere; }
`;

const FormBox = styled('div')`
  display: flex;
  flex-direction: column;
  gap: ${space.lg};
  padding: ${space.lg};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
`;

const Row = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.lg};
  ${media.md} { grid-template-columns: repeat(3, minmax(0, 1fr)); align-items: start; }
`;

const DateField = styled('div')`
  display: flex;
  flex-direction: column;
  gap: ${space.xs};
  & label { font-size: ${fontSizes.sm}; font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
`;

const Items = styled('fieldset')`
  display: flex;
  flex-direction: column;
  gap: ${space.sm};
  margin: 0;
  padding: 0;
  border: 0;
  & legend { padding: 0; margin-bottom: ${space.xs}; font-size: ${fontSizes.sm}; font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
  & > div { display: grid; grid-template-columns: minmax(0, 1fr); gap: ${space.xs} ${space.lg}; }
  ${media.md} { & > div { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
`;

const Actions = styled('div')`
  display: flex;
  flex-direction: column-reverse;
  gap: ${space.sm};
  ${media.md} { flex-direction: row; justify-content: flex-end; }
`;

const ItemsError = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.danger};
`;

type Values = { sent_on: string; recipient: string; channel: string; items: string[]; notes: string };

/** What the case can list as sent: its checklist's documents, else the documents it has files for. */
function suggestedItems(surgery: Surgery, checklist: string[]): string[] {
  if (checklist.length > 0) return checklist;
  return SURGERY_DOCUMENT_KINDS.filter((kind) => surgery[kind]).map((kind) => DOCUMENT_LABELS[kind]);
}

/** The body the API takes: the date as yyyy-MM-dd when typed whole (else as typed: the schema says why), no blank note. */
function payloadOf(values: Values) {
  return {
    sent_on: parseBrDate(values.sent_on) ?? values.sent_on,
    recipient: values.recipient,
    channel: values.channel,
    items: values.items,
    notes: values.notes.trim() === '' ? null : values.notes,
  };
}

function DispatchForm({ surgery, suggestions, onDone, onCancel }: { surgery: Surgery; suggestions: string[]; onDone: (d: Dispatch) => void; onCancel: () => void }) {
  const today = todayInSaoPaulo();
  const form = useSchemaForm(
    // The API's schema loads at the first check, not with the page (issue 41, goal 6).
    checkedOnFirstUse(
      () => import('../../../../machines/preoperative/checklistSchemas'),
      ({ payloadResolver }, { dispatchSchema }) => payloadResolver<Values>(() => dispatchSchema(today), payloadOf),
    ),
    { sent_on: formatDate(today), recipient: '', channel: '', items: [], notes: '' },
    { clearErrorOnChange: true, focusError: false },
  );
  const { control } = form;
  const { field: sentOn, fieldState: sentOnState } = useController({ control, name: 'sent_on' });
  const { field: items, fieldState: itemsState } = useController({ control, name: 'items' });
  const { field: notes, fieldState: notesState } = useController({ control, name: 'notes' });
  const [options, setOptions] = useState<string[]>(suggestions);
  const [other, setOther] = useState('');
  const [saving, setSaving] = useState(false);

  function toggle(name: string, on: boolean) {
    items.onChange(on ? [...items.value, name] : items.value.filter((each) => each !== name));
  }

  function addOther() {
    const name = other.trim().replace(/\s+/g, ' ');
    if (!name) return;
    if (!options.includes(name)) setOptions((current) => [...current, name]);
    if (!items.value.includes(name)) items.onChange([...items.value, name]);
    setOther('');
  }

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    const result = await createDispatch(surgery.id, payloadOf(values) as DispatchInput);
    setSaving(false);
    if (result.ok) {
      toastSuccess(T.saved);
      onDone(result.data);
      return;
    }
    const landed = await putFieldErrors(form, result.fields);
    const fieldMessages = new Set(Object.values(result.fields).flat());
    const rest = result.messages.filter((message) => !fieldMessages.has(message));
    for (const message of rest.length || landed ? rest : [T.failed]) toastWarning(message);
  });

  const dateId = 'dispatch-sent-on';
  return (
    <FormBox role="group" aria-label={T.add}>
      <Row>
        <DateField>
          <label htmlFor={dateId}>{T.sentOn}</label>
          <MaskedInput
            id={dateId}
            name="sent_on"
            mask="00/00/0000"
            value={sentOn.value}
            onAccept={(value: string) => sentOn.onChange(value)}
            placeholder="dd/mm/aaaa"
            inputMode="numeric"
            className={inputClassName}
            aria-invalid={sentOnState.error ? true : undefined}
            aria-describedby={sentOnState.error ? `${dateId}-error` : undefined}
          />
          {sentOnState.error ? (
            <p id={`${dateId}-error`} className={fieldErrorClassName}>
              {sentOnState.error.message}
            </p>
          ) : null}
        </DateField>
        <FormTextField control={control} label={T.recipient} name="recipient" placeholder={T.recipientPlaceholder} />
        <FormSelect
          control={control}
          label={T.channel}
          name="channel"
          options={DISPATCH_CHANNELS.map((channel) => ({ value: channel, label: T.channels[channel] }))}
          placeholder={T.channelPlaceholder}
        />
      </Row>
      <Items>
        <legend>{T.items}</legend>
        {options.length > 0 ? (
          <div>
            {options.map((name) => (
              <Checkbox key={name} name={`sent-${name}`} checked={items.value.includes(name)} onChange={(on) => toggle(name, on)}>
                {name}
              </Checkbox>
            ))}
          </div>
        ) : null}
        <AddItemRow>
          <TextField label={T.otherItem} name="other_item" value={other} onChange={setOther} placeholder={T.otherItemPlaceholder} />
          <Button variant="secondary" onClick={addOther} disabled={other.trim() === ''}>
            {T.addItem}
          </Button>
        </AddItemRow>
        {itemsState.error ? <ItemsError role="alert">{itemsState.error.message}</ItemsError> : null}
      </Items>
      <TextField
        label={T.notes}
        name="dispatch_notes"
        value={notes.value}
        onChange={notes.onChange}
        onBlur={notes.onBlur}
        placeholder={T.notesPlaceholder}
        error={notesState.error?.message}
        optional
      />
      <Actions>
        <Button variant="ghost" onClick={onCancel}>
          {checklistsTexts.checklist.cancel}
        </Button>
        <Button onClick={() => void submit()} loading={saving}>
          {saving ? T.saving : T.save}
        </Button>
      </Actions>
    </FormBox>
  );
}

export function DispatchRecords({ surgery, editable }: { surgery: Surgery; editable: boolean }) {
  const [adding, setAdding] = useState(false);
  const [checklist, setChecklist] = useState<string[]>([]);
  // The checklist's names (the form's suggestions) are read with the records, again on a retry.
  const dispatches = useRead(async (signal): Promise<ReadResult<Dispatch[]>> => {
    getChecklist(surgery.id, signal).then(
      (result) => {
        if (!signal.aborted && result.kind === 'ok' && Array.isArray(result.value.items)) setChecklist(result.value.items.map((item) => item.name));
      },
      () => undefined,
    );
    const result = await getDispatches(surgery.id, signal);
    // An answer that is not a list (a proxy's page, say) reads as a failed read.
    return result.kind === 'ok' && !Array.isArray(result.value) ? { kind: 'error' } : result;
  }, [surgery.id]);
  const { state } = dispatches;

  return (
    <Box aria-labelledby="dispatches-title">
      <Head>
        <div>
          <h3 id="dispatches-title">{T.title}</h3>
          <p>{T.intro}</p>
        </div>
        {editable && !adding ? (
          <Button variant="secondary" onClick={() => setAdding(true)}>
            {T.add}
          </Button>
        ) : null}
      </Head>
      {adding ? (
        <DispatchForm
          surgery={surgery}
          suggestions={suggestedItems(surgery, checklist)}
          onCancel={() => setAdding(false)}
          onDone={(created) => {
            setAdding(false);
            dispatches.replace((current) => [created, ...current].sort((a, b) => (a.sent_on < b.sent_on ? 1 : a.sent_on > b.sent_on ? -1 : b.id - a.id)));
          }}
        />
      ) : null}
      {state.status !== 'ready' ? (
        <ReadNotice read={dispatches} loading={T.loading} failed={T.loadFailed} compact />
      ) : state.value.length === 0 ? (
        <Notice kind="empty" icon="send" title={T.empty} text={T.emptyText} compact announce={false} />
      ) : (
        <Records aria-label={T.title}>
          {state.value.map((dispatch) => (
            <li key={dispatch.id}>
              <strong>{fill(T.summary, { date: formatDate(dispatch.sent_on), channel: T.channels[dispatch.channel as DispatchChannel], recipient: dispatch.recipient })}</strong>
              <span>{dispatch.items.join(', ')}</span>
              {dispatch.notes ? <span>{dispatch.notes}</span> : null}
              {dispatch.created_by ? <span>{fill(T.by, { name: `${dispatch.created_by.first_name} ${dispatch.created_by.last_name}` })}</span> : null}
            </li>
          ))}
        </Records>
      )}
    </Box>
  );
}
