/**
 * 'Importar demonstrativo' (issue 38 items 1–3; openapi previewTissStatement, importTissStatement): the plan's XML
 * statement (análise de conta or pagamento) is uploaded to the preview, with its progress; a dialog shows, per
 * statement, each guide with its case (or 'Não encontrada'), what was presented and released, the receipts and glosas
 * the import posts and the server's notes, and the totals; 'Lançar no sistema' uploads the same file to the import and
 * calls `onImported` so the host page reads its lists again. A refused file (400, 409, 413) shows the server's pt-BR
 * message in the dialog. Loaded in a chunk of its own after the host page's first paint (LazyStatementImport.tsx), and
 * its dialog (React Aria) when first opened (LazyModal).
 *
 * `source: 'repasse'`, 'Importar repasse (CSV)' (issue 38 item 3; openapi previewRepasse, importRepasse): for a payer
 * without XML (a hospital, a cooperative). The dialog first asks who paid ('Quem pagou', name, CNPJ) and the deposit's
 * day, checked here with the server's rules (machines/ledger/repasseCsv.ts readRepassePayer, the same messages, per
 * field), and says which columns the CSV needs; then the CSV goes with those fields to the same preview and import.
 * The server's field errors land on the fields.
 *
 * `medic`: a secretary's medic, or null for the signed-in medic; `pickFrom`: a secretary with several medics and none
 * chosen, who picks one in the dialog before the file.
 */
import { useId, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { styled } from 'goober';
import { RECEIPT_PAYER_LABELS } from '../../../machines/ledger/constants';
import { readRepassePayer, REPASSE_CSV_TEMPLATE, REPASSE_PAYERS } from '../../../machines/ledger/repasseCsv';
import { messagesOf, type CallResult } from '../../api/call';
import type { MedicOption } from '../../api/receivables';
import {
  importRepasse,
  importStatement,
  previewRepasse,
  previewStatement,
  type RepasseFields,
  type TissStatement,
  type TissStatementFile,
  type TissStatementGuide,
} from '../../api/tiss';
import { todayInSaoPaulo } from '../../lib/format/date';
import { formatBRL } from '../../lib/format/money';
import { fill } from '../../lib/i18n/pt-BR';
import { tissTexts } from '../../lib/i18n/tiss';
import { caseHref } from '../../lib/surgeries/caseLink';
import { allImported, importedNotice, importedToast, postLines, statementByline, statementHeading, totalsText } from '../../lib/tiss/statementText';
import { colors, fontSizes, fontWeights, media, radii, space } from '../../lib/theme';
import { toastSuccess } from '../../lib/toast';
import { saveBlob } from '../../lib/download';
import { textButtonCss } from '../ui/singleFileUpload';
import { MASKS } from '../form/FormMaskedField';
import { Button } from '../ui/Button';
import { DataTable, type DataColumn } from '../ui/DataTable';
import { DateField } from '../ui/DateField';
import { describedBy, Field, inputClassName } from '../ui/Field';
import { LazyModal } from '../ui/LazyModal';
import { MaskedInput } from '../ui/MaskedInput';
import { Select } from '../ui/Select';
import { TextField } from '../ui/TextField';
import { UploadProgress } from '../ui/UploadProgress';
import { columnCss, plainListCss, warningBoxCss } from '../ui/cssParts';

const T = tissTexts.statements;
const R = T.repasse;
const money = (cents: number) => formatBRL(cents / 100);

/** What the plan's XML statement (`tiss`) and a payer's repasse CSV (`repasse`) say and take. */
export type StatementSource = 'tiss' | 'repasse';

const SOURCES = {
  tiss: { open: T.open, title: T.pickTitle, pickFile: T.pickFile, fileLabel: T.fileLabel, previewTitle: T.previewTitle, accept: '.xml,application/xml,text/xml' },
  repasse: { open: R.open, title: R.title, pickFile: R.pickFile, fileLabel: R.fileLabel, previewTitle: R.previewTitle, accept: '.csv,text/csv' },
} as const satisfies Record<StatementSource, Record<string, string>>;

export type StatementImportProps = {
  medic: number | null;
  pickFrom?: readonly MedicOption[] | null;
  onImported: () => void;
  /** 'tiss' (default): the plan's XML statement; 'repasse': a payer's CSV, with who paid and when. */
  source?: StatementSource;
};

/** The repasse form as typed (the CNPJ masked, the day dd/mm/aaaa). */
type RepasseForm = RepasseFields;
type FieldName = keyof RepasseForm;
const REPASSE_FIELDS: readonly FieldName[] = ['payer', 'payer_name', 'payer_document', 'received_on'];
const EMPTY_FORM: RepasseForm = { payer: '', payer_name: '', payer_document: '', received_on: '' };
type FormErrors = Partial<Record<FieldName, string>>;

const StyledBody = styled('div')`
  ${columnCss(space.lg)}
  min-width: 0;
`;

const StyledIntro = styled('p')`
  color: ${colors.textMuted};
  font-size: ${fontSizes.sm};
  max-width: 75ch;
`;

const StyledIntroRow = styled('div')`
  ${columnCss(space.xs)}
  align-items: flex-start;
`;

const StyledTextButton = styled('button')`
  ${textButtonCss}
  padding: 0;
`;

/** The repasse's model file, UTF-8 with a BOM so Excel pt-BR opens its accents right. */
function downloadTemplate() {
  saveBlob(new Blob(['\uFEFF', REPASSE_CSV_TEMPLATE], { type: 'text/csv;charset=utf-8' }), R.templateName);
}

const StyledAlert = styled('div')`
  ${columnCss(space.sm)}
  padding: ${space.md};
  border: 1px solid ${colors.danger};
  border-radius: ${radii.md};
  background: ${colors.dangerSoft};
  color: ${colors.danger};
  font-size: ${fontSizes.sm};
  & > strong { font-weight: ${fontWeights.semibold}; }
  & > ul { ${plainListCss(space.xxs)} overflow-wrap: anywhere; }
`;

const StyledWarning = styled('p')`
  ${warningBoxCss}
  padding: ${space.sm} ${space.md};
`;

const StyledStatement = styled('section')`
  ${columnCss(space.sm)}
  min-width: 0;
  & > h3 { font-size: ${fontSizes.md}; font-weight: ${fontWeights.bold}; color: ${colors.text}; overflow-wrap: anywhere; }
  & > p { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
`;

const StyledTotals = styled('p')`
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  color: ${colors.text} !important;
  font-variant-numeric: tabular-nums;
`;

const StyledLines = styled('ul')`
  ${plainListCss(space.xxs)}
  & > li { overflow-wrap: anywhere; }
`;

const StyledMissing = styled('span')`
  display: inline-block;
  padding: 0 ${space.sm};
  border: 1px solid ${colors.warningBorder};
  border-radius: ${radii.pill};
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.semibold};
  background: ${colors.warningSoft};
  color: ${colors.warning};
  white-space: nowrap;
`;

const StyledMuted = styled('span')`
  color: ${colors.textMuted};
  font-size: ${fontSizes.xs};
`;

const StyledForm = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.md};
  ${media.md} { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: ${space.md} ${space.lg}; }
`;

const StyledFooter = styled('div')`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${space.sm};
`;

/**
 * Where the dialog is: waiting for a medic, the repasse's fields or a file, sending one, showing the refusal or the
 * preview. `fields`: the repasse's fields sent with the file (null for a TISS statement): the import sends the same.
 */
type Step =
  | { kind: 'closed' }
  | { kind: 'pick' }
  | { kind: 'sending'; file: File; fields: RepasseFields | null; percent: number; importing: boolean; preview: TissStatementFile | null }
  | { kind: 'refused'; file: File | null; fields: RepasseFields | null; messages: string[]; preview: TissStatementFile | null }
  | { kind: 'preview'; file: File; fields: RepasseFields | null; preview: TissStatementFile };

const medicName = (medic: MedicOption) => `${medic.first_name} ${medic.last_name}`;

type Send = (medic: number | null, fields: RepasseFields | null, file: File, onProgress: (percent: number) => void) => Promise<CallResult<TissStatementFile>>;

const sendPreview: Send = (medic, fields, file, onProgress) =>
  fields ? previewRepasse(medic, fields, file, onProgress) : previewStatement(medic, file, onProgress);
const sendImport: Send = (medic, fields, file, onProgress) =>
  fields ? importRepasse(medic, fields, file, onProgress) : importStatement(medic, file, onProgress);

/** The repasse's fields as the server reads them (the CNPJ's digits, the day yyyy-MM-dd), or the problems per field. */
function checkRepasse(form: RepasseForm): { ok: true; fields: RepasseFields } | { ok: false; errors: FormErrors } {
  const read = readRepassePayer(form, todayInSaoPaulo());
  if (!read.ok) return { ok: false, errors: firstOf(read.problems) };
  const { payer, payerName, payerDocument, receivedOn } = read.value;
  return { ok: true, fields: { payer, payer_name: payerName, payer_document: payerDocument, received_on: receivedOn } };
}

/** The first message of each of the form's fields among `problems` (the server's field errors, or the check's). */
function firstOf(problems: Record<string, readonly string[] | undefined>): FormErrors {
  const errors: FormErrors = {};
  for (const name of REPASSE_FIELDS) {
    const message = problems[name]?.[0];
    if (message) errors[name] = message;
  }
  return errors;
}

export function StatementImport({ medic, pickFrom, onImported, source = 'tiss' }: StatementImportProps) {
  const texts = SOURCES[source];
  const repasse = source === 'repasse';
  const needsPick = Boolean(pickFrom && pickFrom.length > 0);
  const [picked, setPicked] = useState<number | null>(null);
  const target = needsPick ? picked : medic;
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [form, setForm] = useState<RepasseForm>(EMPTY_FORM);
  const [formErrors, setFormErrors] = useState<FormErrors>({});
  const pageInput = useRef<HTMLInputElement>(null);
  const dialogInput = useRef<HTMLInputElement>(null);

  function open() {
    // A repasse starts with who paid; a TISS statement with its file (once a secretary's medic is known).
    if (repasse || (needsPick && picked === null)) setStep({ kind: 'pick' });
    else pageInput.current?.click();
  }

  function chooseFile() {
    if (repasse) {
      const checked = checkRepasse(form);
      setFormErrors(checked.ok ? {} : checked.errors);
      if (!checked.ok) return;
    }
    dialogInput.current?.click();
  }

  function edit(name: FieldName, value: string) {
    setForm((current) => ({ ...current, [name]: value }));
    setFormErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again
    if (!file) return;
    let fields: RepasseFields | null = null;
    if (repasse) {
      const checked = checkRepasse(form);
      if (!checked.ok) {
        setFormErrors(checked.errors);
        return;
      }
      fields = checked.fields;
    }
    setStep({ kind: 'sending', file, fields, percent: 0, importing: false, preview: null });
    const result = await sendPreview(target, fields, file, (percent) =>
      setStep((current) => (current.kind === 'sending' && current.file === file ? { ...current, percent } : current)),
    );
    if (result.ok) {
      setStep({ kind: 'preview', file, fields, preview: result.data });
      return;
    }
    setFormErrors(firstOf(result.fields));
    setStep({ kind: 'refused', file, fields, messages: messagesOf(result), preview: null });
  }

  async function handleApply(file: File, fields: RepasseFields | null, preview: TissStatementFile) {
    setStep({ kind: 'sending', file, fields, percent: 0, importing: true, preview });
    const result = await sendImport(target, fields, file, (percent) =>
      setStep((current) => (current.kind === 'sending' && current.file === file ? { ...current, percent } : current)),
    );
    if (!result.ok) {
      setStep({ kind: 'refused', file, fields, messages: messagesOf(result), preview });
      return;
    }
    toastSuccess(importedToast(result.data));
    setStep({ kind: 'closed' });
    if (repasse) {
      setForm(EMPTY_FORM);
      setFormErrors({});
    }
    onImported();
  }

  const busy = step.kind === 'sending';
  const preview = step.kind === 'preview' || step.kind === 'refused' || step.kind === 'sending' ? step.preview : null;
  const close = () => setStep({ kind: 'closed' });
  // The repasse's form while no file is being read or previewed (a refused preview shows it again, with the server's errors).
  const showForm = repasse && (step.kind === 'pick' || (step.kind === 'refused' && step.preview === null));

  return (
    <>
      <Button variant="secondary" onClick={open} disabled={busy}>
        {texts.open}
      </Button>
      {repasse ? null : <FileInput inputRef={pageInput} accept={texts.accept} label={texts.fileLabel} onChange={handleFile} />}
      <LazyModal
        isOpen={step.kind !== 'closed'}
        onClose={close}
        title={preview ? texts.previewTitle : texts.title}
        closeLabel={tissTexts.close}
        dismissable={!busy}
        maxWidth={1120}
        footer={
          <StyledFooter>
            <Button variant="secondary" onClick={close} disabled={busy}>
              {tissTexts.cancel}
            </Button>
            {preview && step.kind !== 'refused' ? (
              <Button
                loading={busy}
                disabled={busy || allImported(preview) || (needsPick && picked === null)}
                onClick={() => (step.kind === 'preview' ? void handleApply(step.file, step.fields, preview) : undefined)}
              >
                {busy ? T.applying : T.apply}
              </Button>
            ) : (
              <Button onClick={chooseFile} disabled={busy || (needsPick && picked === null)}>
                {step.kind === 'refused' ? T.anotherFile : texts.pickFile}
              </Button>
            )}
          </StyledFooter>
        }
      >
        <StyledBody>
          <FileInput inputRef={dialogInput} accept={texts.accept} label={texts.fileLabel} onChange={handleFile} />
          {repasse && step.kind === 'pick' ? (
            <StyledIntroRow>
              <StyledIntro>{R.intro}</StyledIntro>
              <StyledTextButton type="button" onClick={downloadTemplate}>
                {R.template}
              </StyledTextButton>
            </StyledIntroRow>
          ) : null}
          {needsPick && pickFrom ? (
            <>
              {step.kind === 'pick' && !repasse ? <StyledIntro>{T.pickIntro}</StyledIntro> : null}
              <Select
                label={T.medic}
                name="statement_medic"
                value={picked === null ? '' : String(picked)}
                options={pickFrom.map((option) => ({ value: String(option.id), label: medicName(option) }))}
                placeholder={T.medicPlaceholder}
                onChange={(value) => {
                  setPicked(value === '' ? null : Number(value));
                  // Another medic's statement is another preview: choose the file again.
                  if (step.kind !== 'pick') setStep({ kind: 'pick' });
                }}
              />
            </>
          ) : null}
          {showForm ? <RepasseFieldsForm form={form} errors={formErrors} onEdit={edit} /> : null}
          {step.kind === 'sending' ? (
            <UploadProgress percent={step.percent} text={fill(T.sending, { percent: step.percent })} label={T.sendingLabel} />
          ) : null}
          {step.kind === 'refused' ? (
            <StyledAlert role="alert" data-statement-refused>
              <strong>{T.refusedTitle}</strong>
              <ul>
                {step.messages.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </StyledAlert>
          ) : null}
          {preview ? <Preview file={preview} /> : null}
        </StyledBody>
      </LazyModal>
    </>
  );
}

/** Who paid the repasse and when: 'Quem pagou', the name, the CNPJ (masked) and the deposit's day. */
function RepasseFieldsForm({ form, errors, onEdit }: { form: RepasseForm; errors: FormErrors; onEdit: (name: FieldName, value: string) => void }) {
  return (
    <StyledForm role="group" aria-label={R.formLabel} data-repasse-form>
      <Select
        label={R.payer}
        name="payer"
        value={form.payer}
        options={REPASSE_PAYERS.map((payer) => ({ value: payer, label: RECEIPT_PAYER_LABELS[payer] }))}
        placeholder={R.payerPlaceholder}
        error={errors.payer}
        onChange={(value) => onEdit('payer', value)}
      />
      <TextField label={R.payerName} name="payer_name" value={form.payer_name} onChange={(value) => onEdit('payer_name', value)} hint={R.payerNameHint} error={errors.payer_name} autoComplete="organization" required />
      <CnpjField label={R.payerDocument} name="payer_document" value={form.payer_document} onChange={(value) => onEdit('payer_document', value)} error={errors.payer_document} />
      <DateField
        label={R.receivedOn}
        name="received_on"
        value={form.received_on}
        onChange={(value) => onEdit('received_on', value)}
        placeholder={R.datePlaceholder}
        hint={R.receivedOnHint}
        error={errors.received_on}
        required
      />
    </StyledForm>
  );
}

/** A CNPJ typed with the product's mask (MASKS.cnpj, as the other CNPJ fields). */
function CnpjField({ label, name, value, onChange, error }: { label: string; name: string; value: string; onChange: (value: string) => void; error?: string }) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error}>
      <MaskedInput
        id={id}
        name={name}
        mask={MASKS.cnpj}
        value={value}
        className={inputClassName}
        placeholder={R.cnpjPlaceholder}
        inputMode="numeric"
        autoComplete="off"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        onAccept={onChange}
      />
    </Field>
  );
}

/** The hidden file input a button opens (one beside the page's button, one inside the dialog, which makes the rest inert). */
function FileInput({
  inputRef,
  accept,
  label,
  onChange,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  accept: string;
  label: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return <input ref={inputRef} type="file" accept={accept} hidden aria-label={label} onChange={(event) => void onChange(event)} />;
}

function Preview({ file }: { file: TissStatementFile }) {
  return (
    <>
      <StyledIntro>{T.previewIntro}</StyledIntro>
      {file.hash_valid ? null : <StyledWarning data-statement-hash>{T.hashInvalid}</StyledWarning>}
      {file.discrepancies.length > 0 ? (
        <StyledWarning as="div" data-statement-discrepancies>
          {T.discrepancies}
          <ul>
            {file.discrepancies.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </StyledWarning>
      ) : null}
      {file.statements.map((statement) => (
        <StatementPreview key={`${statement.kind}-${statement.number}`} statement={statement} />
      ))}
    </>
  );
}

function StatementPreview({ statement }: { statement: TissStatement }) {
  const headingId = useId();
  const notice = importedNotice(statement);
  // A repasse: what the office billed and what the payer paid (its number is the file's SHA-256, not a name).
  const repasse = statement.kind === 'repasse';
  const columns: DataColumn<TissStatementGuide>[] = [
    {
      key: 'guide',
      header: T.columns.guide,
      primary: true,
      cell: (guide) => `${T.columns.guide} ${guide.guide_number}`,
      tableCell: (guide) => (
        <>
          {guide.guide_number}
          {guide.lot_number ? (
            <>
              <br />
              <StyledMuted>{fill(T.lot, { number: guide.lot_number })}</StyledMuted>
            </>
          ) : null}
        </>
      ),
      width: '11%',
    },
    {
      key: 'patient',
      header: T.columns.patient,
      cell: (guide) =>
        guide.surgery_id === null ? (
          <StyledMissing data-guide-unmatched>{T.notFound}</StyledMissing>
        ) : (
          <a href={caseHref(guide.surgery_id)} target="_blank" rel="noopener" aria-label={fill(T.openCase, { name: guide.patient_name ?? guide.guide_number })}>
            {guide.patient_name ?? guide.guide_number}
          </a>
        ),
      width: '16%',
    },
    {
      key: 'informed',
      header: repasse ? R.informed : T.columns.informed,
      cell: (guide) => {
        const cents = guide.informed_cents ?? guide.billed_cents;
        return cents === null ? T.none : money(cents);
      },
      nowrap: true,
      width: '11%',
    },
    { key: 'released', header: repasse ? R.released : T.columns.released, cell: (guide) => money(guide.released_cents), nowrap: true, width: '11%' },
    {
      key: 'posts',
      header: statement.imported_at ? T.columns.posted : T.columns.posts,
      cell: (guide) => {
        // A guide the import posts nothing on (no case, a closed case, a glosa above what is open) says so: the
        // server still answers the receipt its line names (a repasse's, a payment's); the notes say why.
        const lines = guide.posts ? postLines(guide) : [];
        return lines.length === 0 ? <StyledMuted>{T.nothing}</StyledMuted> : <Lines lines={lines} />;
      },
      width: '28%',
    },
    { key: 'notes', header: T.columns.notes, cell: (guide) => (guide.notes.length === 0 ? T.none : <Lines lines={guide.notes} />) },
  ];
  return (
    <StyledStatement aria-labelledby={headingId} data-statement={statement.number}>
      <h3 id={headingId}>{statementHeading(statement, statement.payer.name)}</h3>
      <p>{statementByline(statement, statement.plan?.name ?? statement.payer.name, statement.payer.document)}</p>
      {notice ? (
        <StyledWarning role="status" data-statement-imported>
          {notice}
        </StyledWarning>
      ) : null}
      <DataTable
        label={repasse ? R.tableLabel : fill(T.tableLabel, { number: statement.number })}
        columns={columns}
        rows={statement.guides}
        rowKey={(guide) => guide.guide_number}
        rowTone={(guide) => (guide.surgery_id === null ? 'warning' : undefined)}
        empty={null}
      />
      <StyledTotals data-statement-totals>{totalsText(statement.totals)}</StyledTotals>
    </StyledStatement>
  );
}

function Lines({ lines }: { lines: readonly string[] }) {
  return (
    <StyledLines>
      {lines.map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </StyledLines>
  );
}
