/**
 * 'Importar demonstrativo' (issue 38 items 1–3; openapi previewTissStatement, importTissStatement): the plan's XML
 * statement (análise de conta or pagamento) is uploaded to the preview, with its progress; a dialog shows, per
 * statement, each guide with its case (or 'Não encontrada'), what was presented and released, the receipts and glosas
 * the import posts and the server's notes, and the totals; 'Lançar no sistema' uploads the same file to the import and
 * calls `onImported` so the host page reads its lists again. A refused file (400, 409, 413) shows the server's pt-BR
 * message in the dialog. Loaded in a chunk of its own after the host page's first paint (LazyStatementImport.tsx), and
 * its dialog (React Aria) when first opened (LazyModal).
 *
 * `medic`: a secretary's medic, or null for the signed-in medic; `pickFrom`: a secretary with several medics and none
 * chosen, who picks one in the dialog before the file.
 */
import { useId, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { styled } from 'goober';
import { messagesOf } from '../../api/call';
import type { MedicOption } from '../../api/receivables';
import { importStatement, previewStatement, type TissStatement, type TissStatementFile, type TissStatementGuide } from '../../api/tiss';
import { formatBRL } from '../../lib/format/money';
import { fill } from '../../lib/i18n/pt-BR';
import { tissTexts } from '../../lib/i18n/tiss';
import { caseHref } from '../../lib/surgeries/caseLink';
import { allImported, importedNotice, importedToast, postLines, statementByline, statementHeading, totalsText } from '../../lib/tiss/statementText';
import { colors, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { toastSuccess } from '../../lib/toast';
import { Button } from '../ui/Button';
import { DataTable, type DataColumn } from '../ui/DataTable';
import { LazyModal } from '../ui/LazyModal';
import { Select } from '../ui/Select';
import { UploadProgress } from '../ui/UploadProgress';
import { columnCss, plainListCss, warningBoxCss } from '../ui/cssParts';

const T = tissTexts.statements;
const money = (cents: number) => formatBRL(cents / 100);
const ACCEPT = '.xml,application/xml,text/xml';

export type StatementImportProps = {
  medic: number | null;
  pickFrom?: readonly MedicOption[] | null;
  onImported: () => void;
};

const StyledBody = styled('div')`
  ${columnCss(space.lg)}
  min-width: 0;
`;

const StyledIntro = styled('p')`
  color: ${colors.textMuted};
  font-size: ${fontSizes.sm};
  max-width: 75ch;
`;

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

const StyledFooter = styled('div')`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${space.sm};
`;

/** Where the dialog is: waiting for a medic or a file, sending one, showing the refusal or the preview. */
type Step =
  | { kind: 'closed' }
  | { kind: 'pick' }
  | { kind: 'sending'; file: File; percent: number; importing: boolean; preview: TissStatementFile | null }
  | { kind: 'refused'; file: File | null; messages: string[]; preview: TissStatementFile | null }
  | { kind: 'preview'; file: File; preview: TissStatementFile };

const medicName = (medic: MedicOption) => `${medic.first_name} ${medic.last_name}`;

export function StatementImport({ medic, pickFrom, onImported }: StatementImportProps) {
  const needsPick = Boolean(pickFrom && pickFrom.length > 0);
  const [picked, setPicked] = useState<number | null>(null);
  const target = needsPick ? picked : medic;
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const pageInput = useRef<HTMLInputElement>(null);
  const dialogInput = useRef<HTMLInputElement>(null);

  function open() {
    if (needsPick && picked === null) setStep({ kind: 'pick' });
    else pageInput.current?.click();
  }

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again
    if (!file) return;
    setStep({ kind: 'sending', file, percent: 0, importing: false, preview: null });
    const result = await previewStatement(target, file, (percent) =>
      setStep((current) => (current.kind === 'sending' && current.file === file ? { ...current, percent } : current)),
    );
    setStep(result.ok ? { kind: 'preview', file, preview: result.data } : { kind: 'refused', file, messages: messagesOf(result), preview: null });
  }

  async function handleApply(file: File, preview: TissStatementFile) {
    setStep({ kind: 'sending', file, percent: 0, importing: true, preview });
    const result = await importStatement(target, file, (percent) =>
      setStep((current) => (current.kind === 'sending' && current.file === file ? { ...current, percent } : current)),
    );
    if (!result.ok) {
      setStep({ kind: 'refused', file, messages: messagesOf(result), preview });
      return;
    }
    toastSuccess(importedToast(result.data));
    setStep({ kind: 'closed' });
    onImported();
  }

  const busy = step.kind === 'sending';
  const preview = step.kind === 'preview' || step.kind === 'refused' || step.kind === 'sending' ? step.preview : null;
  const close = () => setStep({ kind: 'closed' });
  const chooseAgain = () => dialogInput.current?.click();

  return (
    <>
      <Button variant="secondary" onClick={open} disabled={busy}>
        {T.open}
      </Button>
      <FileInput inputRef={pageInput} onChange={handleFile} />
      <LazyModal
        isOpen={step.kind !== 'closed'}
        onClose={close}
        title={preview ? T.previewTitle : T.pickTitle}
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
                onClick={() => (step.kind === 'preview' ? void handleApply(step.file, preview) : undefined)}
              >
                {busy ? T.applying : T.apply}
              </Button>
            ) : (
              <Button onClick={chooseAgain} disabled={busy || (needsPick && picked === null)}>
                {step.kind === 'refused' ? T.anotherFile : T.pickFile}
              </Button>
            )}
          </StyledFooter>
        }
      >
        <StyledBody>
          <FileInput inputRef={dialogInput} onChange={handleFile} />
          {needsPick && pickFrom ? (
            <>
              {step.kind === 'pick' ? <StyledIntro>{T.pickIntro}</StyledIntro> : null}
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

/** The hidden file input a button opens (one beside the page's button, one inside the dialog, which makes the rest inert). */
function FileInput({ inputRef, onChange }: { inputRef: RefObject<HTMLInputElement | null>; onChange: (event: ChangeEvent<HTMLInputElement>) => void }) {
  return <input ref={inputRef} type="file" accept={ACCEPT} hidden aria-label={T.fileLabel} onChange={(event) => void onChange(event)} />;
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
      header: T.columns.informed,
      cell: (guide) => {
        const cents = guide.informed_cents ?? guide.billed_cents;
        return cents === null ? T.none : money(cents);
      },
      nowrap: true,
      width: '11%',
    },
    { key: 'released', header: T.columns.released, cell: (guide) => money(guide.released_cents), nowrap: true, width: '11%' },
    {
      key: 'posts',
      header: statement.imported_at ? T.columns.posted : T.columns.posts,
      cell: (guide) => {
        const lines = postLines(guide);
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
        label={fill(T.tableLabel, { number: statement.number })}
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
