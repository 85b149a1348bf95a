/**
 * The dialogs of 'Lotes TISS' (issue 37): 'Registrar envio' of a lot or an appeal (the day sent, with the app's
 * DateField, and the plan's protocol; checked with the API's schema, machines/billing/guideSchemas.ts) and 'Novo
 * recurso' of a sent lot (the glosas of its cases that may be contested, each with its justification).
 */
import { useId, useState } from 'react';
import { useController } from 'react-hook-form';
import { styled } from 'goober';
import { appealCreateSchema, buildTissSentSchema } from '../../../machines/billing/guideSchemas';
import { check } from '../../../machines/validation/problems';
import { messagesOf, type CallResult } from '../../api/call';
import type { ReadResult } from '../../api/read';
import { getCaseGlosas, type AppealCreate, type TissLot, type TissSent } from '../../api/tiss';
import { payloadResolver, putFieldErrors } from '../../components/form/stepResolver';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { Checkbox } from '../../components/ui/Checkbox';
import { DateField } from '../../components/ui/DateField';
import { describedBy, Field, inputClassName } from '../../components/ui/Field';
import { Modal } from '../../components/ui/Modal';
import { ModalMessages, ModalSubmitActions, ModalText } from '../../components/ui/modalParts';
import { ReadNotice } from '../../components/ui/ReadNotice';
import { TextField } from '../../components/ui/TextField';
import { FieldStack } from '../../components/ui/fieldLayout';
import { boxedRowsCss, columnCss } from '../../components/ui/cssParts';
import { formatDate, parseBrDate, todayInSaoPaulo } from '../../lib/format/date';
import { formatBRL } from '../../lib/format/money';
import { fill } from '../../lib/i18n/pt-BR';
import { tissTexts } from '../../lib/i18n/tiss';
import { appealableGlosas } from '../../lib/tiss/guideValues';
import { colors, fontSizes, space } from '../../lib/theme';
import { useRead } from '../../lib/useRead';

const T = tissTexts.lots;

type SentValues = { sent_on: string; protocol: string };
const sentPayloadOf = (values: SentValues) => ({
  sent_on: values.sent_on.trim() === '' ? null : (parseBrDate(values.sent_on) ?? values.sent_on),
  protocol: values.protocol.trim() === '' ? null : values.protocol,
});

type SentDialogProps = {
  title: string;
  onCancel: () => void;
  onSave: (body: TissSent) => Promise<CallResult<unknown>>;
};

/** 'Registrar envio': the day sent (not after today) and the protocol (digits, up to 12). */
export function SentDialog({ title, onCancel, onSave }: SentDialogProps) {
  const form = useSchemaForm(payloadResolver<SentValues>(() => buildTissSentSchema(todayInSaoPaulo()), sentPayloadOf), { sent_on: '', protocol: '' }, {
    clearErrorOnChange: true,
    focusError: false,
  });
  const { field: date, fieldState: dateState } = useController({ control: form.control, name: 'sent_on' });
  const { field: protocol, fieldState: protocolState } = useController({ control: form.control, name: 'protocol' });
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    const result = await onSave(sentPayloadOf(values) as TissSent);
    setBusy(false);
    if (result.ok) return;
    if (!putFieldErrors(form, result.fields)) setMessages(messagesOf(result));
  });

  return (
    <Modal
      isOpen
      onClose={onCancel}
      title={title}
      closeLabel={tissTexts.close}
      dismissable={!busy}
      busy={busy}
      onSubmit={(event) => void submit(event)}
      footer={<ModalSubmitActions cancelLabel={tissTexts.cancel} onCancel={onCancel} submitLabel={T.save} sendingLabel={T.saving} sending={busy} />}
    >
      <FieldStack>
        <ModalText>{T.sentIntro}</ModalText>
        <ModalMessages messages={messages} role="alert" />
        <DateField label={T.sentOn} name="sent_on" value={date.value} onChange={date.onChange} placeholder={T.datePlaceholder} error={dateState.error?.message || undefined} required />
        <TextField
          label={T.protocol}
          name="protocol"
          value={protocol.value}
          onChange={protocol.onChange}
          inputMode="numeric"
          hint={T.protocolHint}
          error={protocolState.error?.message || undefined}
          required
        />
      </FieldStack>
    </Modal>
  );
}

/** A glosa of one of the lot's cases, with its patient (the lot names each guide's patient). */
type LotGlosa = { id: number; surgery: number; patient: string; amount_cents: number; glosa_on: string; reason_code: string | null };

async function lotGlosas(lot: TissLot, appealed: ReadonlySet<number>, signal: AbortSignal): Promise<ReadResult<LotGlosa[]>> {
  const cases = [...new Map(lot.guides.map((guide) => [guide.surgery, guide.patient_name])).entries()];
  const reads = await Promise.all(cases.map(([surgery]) => getCaseGlosas(surgery, signal)));
  const glosas: LotGlosa[] = [];
  for (const [index, result] of reads.entries()) {
    if (result.kind !== 'ok') return { kind: 'error' };
    const [surgery, patient] = cases[index]!;
    for (const glosa of appealableGlosas(result.value, appealed)) {
      glosas.push({ id: glosa.id, surgery, patient, amount_cents: glosa.amount_cents, glosa_on: glosa.glosa_on, reason_code: glosa.reason_code });
    }
  }
  return { kind: 'ok', value: glosas };
}

const StyledGlosas = styled('ul')`
  ${boxedRowsCss}
  & > li { ${columnCss(space.sm)} padding: ${space.md}; }
  & small { color: ${colors.textMuted}; font-size: ${fontSizes.xs}; }
`;

const StyledTextarea = styled('textarea')`
  min-height: 72px;
  padding: ${space.sm} ${space.md};
  resize: vertical;
`;

type AppealDialogProps = {
  lot: TissLot;
  /** The glosas already in an appeal (they cannot be contested again). */
  appealed: ReadonlySet<number>;
  onCancel: () => void;
  onSave: (body: AppealCreate) => Promise<CallResult<unknown>>;
};

/** 'Novo recurso' from a sent lot: its cases' glosas with a TISS code and no outcome, each with its justification. */
export function AppealDialog({ lot, appealed, onCancel, onSave }: AppealDialogProps) {
  const read = useRead((signal) => lotGlosas(lot, appealed, signal), [lot.id]);
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const glosas = read.state.status === 'ready' ? read.state.value : null;

  async function handleSubmit() {
    const body = { lot_id: lot.id, glosas: Object.entries(chosen).map(([id, justification]) => ({ glosa_id: Number(id), justification })) };
    const checked = check(appealCreateSchema, body);
    if (!checked.ok) {
      setMessages(checked.problems.error);
      return;
    }
    setBusy(true);
    setMessages([]);
    const result = await onSave(checked.value);
    setBusy(false);
    if (!result.ok) setMessages(messagesOf(result));
  }

  function toggle(id: number, on: boolean) {
    setMessages([]);
    setChosen((current) => {
      const next = { ...current };
      if (on) next[id] = current[id] ?? '';
      else delete next[id];
      return next;
    });
  }

  return (
    <Modal
      isOpen
      onClose={onCancel}
      title={fill(T.appealDialogTitle, { number: lot.number })}
      closeLabel={tissTexts.close}
      dismissable={!busy}
      busy={busy}
      maxWidth={720}
      onSubmit={(event) => {
        event.preventDefault();
        void handleSubmit();
      }}
      footer={<ModalSubmitActions cancelLabel={tissTexts.cancel} onCancel={onCancel} submitLabel={T.createAppeal} sendingLabel={T.creatingAppeal} sending={busy} locked={busy || !glosas?.length} />}
    >
      <FieldStack>
        <ModalText>{T.appealIntro}</ModalText>
        <ModalMessages messages={messages} role="alert" />
        {glosas === null ? (
          <ReadNotice read={read} loading={T.appealGlosasLoading} failed={T.appealGlosasFailed} compact />
        ) : glosas.length === 0 ? (
          <ModalText>{T.appealNoGlosas}</ModalText>
        ) : (
          <StyledGlosas>
            {glosas.map((glosa) => (
              <GlosaChoice key={glosa.id} glosa={glosa} justification={chosen[glosa.id]} onToggle={(on) => toggle(glosa.id, on)} onText={(text) => setChosen((current) => ({ ...current, [glosa.id]: text }))} />
            ))}
          </StyledGlosas>
        )}
      </FieldStack>
    </Modal>
  );
}

type GlosaChoiceProps = { glosa: LotGlosa; justification: string | undefined; onToggle: (on: boolean) => void; onText: (text: string) => void };

function GlosaChoice({ glosa, justification, onToggle, onText }: GlosaChoiceProps) {
  const id = useId();
  const label = fill(T.glosaRow, { patient: glosa.patient, amount: formatBRL(glosa.amount_cents / 100), date: formatDate(glosa.glosa_on) });
  return (
    <li data-appeal-glosa={glosa.id}>
      <Checkbox name={`glosa-${glosa.id}`} checked={justification !== undefined} onChange={onToggle}>
        {label}
      </Checkbox>
      <small>{fill(T.glosaCode, { code: glosa.reason_code ?? '' })}</small>
      {justification !== undefined ? (
        <Field id={id} label={`${T.justification} (${glosa.patient})`} hint={T.justificationHint}>
          <StyledTextarea
            id={id}
            className={inputClassName}
            value={justification}
            maxLength={600}
            aria-describedby={describedBy(id, T.justificationHint, undefined)}
            onChange={(event) => onText(event.target.value)}
          />
        </Field>
      ) : null}
    </li>
  );
}
