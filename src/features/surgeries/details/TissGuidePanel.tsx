/**
 * The case's 'Guia de honorários' (issue 37; docs/TISS.md §7–8): what is still missing to generate it (the server's
 * pt-BR list, one line per field, as a checklist a secretary works through), the hospital's CNPJ and CNES, one row
 * per procedure (quantity, unit value, factor, access route, technique and the line's total), the team's lines (from
 * the case's team, read-only), the total, the note for the plan, 'Salvar' and 'Gerar guia', and the guides already
 * generated, each with its lot and 'Imprimir' (the printable ANS form, /tiss-guide/$id).
 *
 * 'Gerar guia' stays disabled, with the reason beside it, while anything is listed or the form has unsaved changes:
 * the server generates from what is saved. The form is checked with the API's own schema (machines/billing/
 * guideSchemas.ts) before it is sent; the server's refusals land on the field they name, the rest above the buttons.
 */
import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useController, useFieldArray, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { css, styled } from 'goober';
import { guideInputsSchema } from '../../../../machines/billing/guideSchemas';
import { BILLING_MESSAGES as M } from '../../../../machines/billing/billingMessages';
import { ACCESS_ROUTES, PARTICIPATION_LABELS, TECHNIQUES } from '../../../../machines/tiss/tissDomains';
import { check } from '../../../../machines/validation/problems';
import { generateCaseGuide, getCaseGuide, putCaseGuide, type CaseGuide } from '../../../api/tiss';
import { messagesOf } from '../../../api/call';
import { FormMoneyField } from '../../../components/form/FormMoneyField';
import { FormSelect } from '../../../components/form/FormSelect';
import { FormTextField } from '../../../components/form/FormTextField';
import { putFieldErrors } from '../../../components/form/stepResolver';
import { useSchemaForm } from '../../../components/form/useSchemaForm';
import { Button } from '../../../components/ui/Button';
import { describedBy, Field, inputClassName } from '../../../components/ui/Field';
import { Icon } from '../../../components/ui/Icon';
import { ReadNotice } from '../../../components/ui/ReadNotice';
import { Card } from '../components/Card';
import { columnCss, plainListCss, warningBoxCss } from '../../../components/ui/cssParts';
import { formatDate } from '../../../lib/format/date';
import { formatBRL } from '../../../lib/format/money';
import { fill } from '../../../lib/i18n/pt-BR';
import { tissTexts } from '../../../lib/i18n/tiss';
import { factorText, guidePayloadOf, lineTotal, sentStatusText, type GuideFormValues } from '../../../lib/tiss/guideValues';
import { toastSuccess } from '../../../lib/toast';
import { colors, fontSizes, fontWeights, media, radii, space } from '../../../lib/theme';
import { useRead } from '../../../lib/useRead';

const T = tissTexts.guide;
const money = (cents: number) => formatBRL(cents / 100);

export type TissGuidePanelProps = { surgeryId: number };

const StyledHead = styled('div')`
  ${columnCss(space.xs)}
  & > h2 { font-size: ${fontSizes.lg}; font-weight: ${fontWeights.bold}; color: ${colors.text}; }
  & > p { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; max-width: 75ch; }
`;

const StyledMissing = styled('section')<{ $ready: boolean }>`
  ${columnCss(space.sm)}
  padding: ${space.md} ${space.lg};
  ${(p) => (p.$ready ? `border: 1px solid ${colors.success}; border-radius: ${radii.md}; background: ${colors.successSoft}; color: ${colors.success}; font-size: ${fontSizes.sm};` : warningBoxCss)}
  & > h3 { font-size: ${fontSizes.md}; font-weight: ${fontWeights.bold}; color: inherit; display: flex; gap: ${space.sm}; align-items: center; }
  & > p { color: ${colors.text}; }
  & > ul { ${plainListCss(space.xs)} }
  & li { display: flex; gap: ${space.sm}; align-items: flex-start; color: ${colors.text}; overflow-wrap: anywhere; }
  & li > svg { flex: none; margin-top: 2px; color: ${colors.warning}; }
`;

const StyledSection = styled('fieldset')`
  ${columnCss(space.md)}
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
  & > legend { padding: 0; margin-bottom: ${space.sm}; font-size: ${fontSizes.md}; font-weight: ${fontWeights.bold}; color: ${colors.text}; }
  & > p { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; margin-top: -${space.sm}; }
`;

const StyledPair = styled('div')`
  display: grid;
  gap: ${space.md};
  ${media.md} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
`;

const StyledLine = styled('fieldset')`
  min-width: 0;
  margin: 0;
  padding: ${space.md};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  & > legend { padding: 0 ${space.xs}; font-weight: ${fontWeights.semibold}; color: ${colors.text}; overflow-wrap: anywhere; }
  & > div {
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: ${space.md};
    align-items: start;
  }
  /* On a phone the technique's names need the whole row ('Videolaparoscopia'). */
  ${media.belowMd} { & > div > :nth-child(5) { grid-column: 1 / -1; } }
  ${media.md} { & > div { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
`;

const StyledLineTotal = styled('div')`
  ${columnCss(space.xs)}
  & > span:first-child { font-size: ${fontSizes.sm}; font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
  & > output { min-height: 44px; display: flex; align-items: center; font-variant-numeric: tabular-nums; font-weight: ${fontWeights.semibold}; }
`;

const StyledTable = styled('table')`
  width: 100%;
  border-collapse: collapse;
  font-size: ${fontSizes.sm};
  & th, & td { padding: ${space.sm}; text-align: left; border-bottom: 1px solid ${colors.border}; vertical-align: top; }
  & th { color: ${colors.textMuted}; font-weight: ${fontWeights.semibold}; }
  & td[data-money] { font-variant-numeric: tabular-nums; white-space: nowrap; }
  ${media.belowMd} {
    & thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
    & tr { display: grid; grid-template-columns: 1fr 1fr; border-bottom: 1px solid ${colors.border}; padding: ${space.sm} 0; }
    & td { border: 0; padding: ${space.xxs} ${space.sm}; }
    & td::before { content: attr(data-label); display: block; font-size: ${fontSizes.xs}; color: ${colors.textMuted}; }
  }
`;

const StyledTotal = styled('p')`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${space.sm};
  padding: ${space.md} ${space.lg};
  border-radius: ${radii.md};
  background: ${colors.primaryTint};
  font-weight: ${fontWeights.semibold};
  & > strong { font-size: ${fontSizes.lg}; font-variant-numeric: tabular-nums; }
`;

const StyledTextarea = styled('textarea')`
  min-height: 88px;
  padding: ${space.sm} ${space.md};
  resize: vertical;
`;

const StyledProblems = styled('div')`
  ${columnCss(space.xs)}
  padding: ${space.md};
  border: 1px solid ${colors.danger};
  border-radius: ${radii.md};
  background: ${colors.dangerSoft};
  color: ${colors.danger};
  font-size: ${fontSizes.sm};
  & > ul { ${plainListCss(space.xxs)} }
`;

const StyledActions = styled('div')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${space.sm} ${space.md};
  & > p { flex: 1 1 260px; font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
`;

const printLinkClass = css`
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  min-height: 44px;
  font-weight: ${fontWeights.semibold};
  color: ${colors.primary};
`;

function formValuesOf(guide: CaseGuide): GuideFormValues {
  return {
    lines: guide.lines.map((line) => ({
      quantity: String(line.quantity),
      unit: line.unit_cents === null ? null : line.unit_cents / 100,
      factor: factorText(line.factor_hundredths),
      access_route: line.access_route ?? '',
      technique: line.technique ?? '',
    })),
    note: guide.note ?? '',
    hospital_cnpj: guide.hospital.cnpj ?? '',
    hospital_cnes: guide.hospital.cnes ?? '',
  };
}

/** Each line's field that a line message names (the schema's messages are the line's own, not its position's). */
const LINE_FIELD_OF: Record<string, 'quantity' | 'unit' | 'factor' | 'access_route' | 'technique'> = {
  [M.invalidQuantity]: 'quantity',
  [M.invalidUnit]: 'unit',
  [M.invalidFactor]: 'factor',
  [M.invalidAccessRoute]: 'access_route',
  [M.invalidTechnique]: 'technique',
};

/**
 * The API's schema over the payload: each line is checked alone so its messages land on its own fields; the note's
 * and the hospital's on theirs. A factor that is not a number says how to type it.
 */
const guideResolver: Resolver<GuideFormValues> = async (values) => {
  const payload = guidePayloadOf(values);
  const whole = check(guideInputsSchema, payload);
  if (whole.ok) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  const lineErrors: Record<string, { type: string; message: string }>[] = [];
  payload.lines.forEach((line, index) => {
    const alone = check(guideInputsSchema, { lines: [line], note: null, hospital_cnpj: null, hospital_cnes: null });
    if (alone.ok) return;
    const own: Record<string, { type: string; message: string }> = {};
    for (const message of alone.problems.error) {
      const field = LINE_FIELD_OF[message];
      if (!field) continue;
      const text = field === 'factor' && values.lines[index]!.factor.trim() !== '' && !/^\s*\d/.test(values.lines[index]!.factor) ? T.factorInvalid : message;
      own[field] ??= { type: 'schema', message: text };
    }
    lineErrors[index] = own;
  });
  if (lineErrors.length > 0) errors.lines = lineErrors;
  for (const name of ['note', 'hospital_cnpj', 'hospital_cnes'] as const) {
    const message = whole.problems.fields[name]?.[0];
    if (message) errors[name] = { type: 'schema', message };
  }
  if (Object.keys(errors).length === 0) errors.root = { type: 'schema', message: whole.problems.error.join(' ') };
  return { values: {}, errors: errors as FieldErrors<GuideFormValues> };
};

export function TissGuidePanel({ surgeryId }: TissGuidePanelProps) {
  const read = useRead((signal) => getCaseGuide(surgeryId, signal), [surgeryId]);
  const guide = read.state.status === 'ready' ? read.state.value : null;
  return (
    <Card as="section" $stack aria-labelledby="tiss-guide-title" data-tiss-guide>
      <PanelHead />
      {guide ? (
        <GuideForm key={JSON.stringify(formValuesOf(guide))} surgeryId={surgeryId} guide={guide} onGuide={(next) => read.replace(() => next)} />
      ) : (
        <ReadNotice read={read} loading={T.loading} failed={T.failed} compact />
      )}
    </Card>
  );
}

function PanelHead() {
  return (
    <StyledHead>
      <h2 id="tiss-guide-title">{T.title}</h2>
      <p>{T.intro}</p>
    </StyledHead>
  );
}

type GuideFormProps = { surgeryId: number; guide: CaseGuide; onGuide: (guide: CaseGuide) => void };

function GuideForm({ surgeryId, guide, onGuide }: GuideFormProps) {
  const form = useSchemaForm(guideResolver, formValuesOf(guide), { clearErrorOnChange: true, focusError: true });
  const { control, formState } = form;
  const { fields } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' });
  const [busy, setBusy] = useState<'save' | 'generate' | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const blockedId = useId();

  const teamCents = guide.team_lines.reduce((sum, line) => sum + line.total_cents, 0);
  const lineTotals = lines.map((line) => lineTotal(line.quantity, line.unit === null ? null : Math.round(line.unit * 100), line.factor));
  const total = lineTotals.every((cents) => cents !== null) ? lineTotals.reduce<number>((sum, cents) => sum + (cents ?? 0), teamCents) : null;
  const dirty = formState.isDirty;
  const blocked = guide.missing.length > 0 ? T.generateBlocked : dirty ? T.generateUnsaved : null;

  const submit = form.handleSubmit(async (values) => {
    setBusy('save');
    setProblems([]);
    const result = await putCaseGuide(surgeryId, guidePayloadOf(values));
    setBusy(null);
    if (result.ok) {
      toastSuccess(T.saved);
      onGuide(result.data);
      return;
    }
    putFieldErrors(form, result.fields);
    setProblems(messagesOf(result));
  });

  async function handleGenerate() {
    setBusy('generate');
    setProblems([]);
    const result = await generateCaseGuide(surgeryId);
    setBusy(null);
    if (result.ok) {
      const number = result.data.guides[0]?.number ?? '';
      toastSuccess(fill(T.generated, { number }));
      onGuide(result.data);
      return;
    }
    setProblems(messagesOf(result));
  }

  const rootError = formState.errors.root?.message;
  const shownProblems = rootError ? [rootError, ...problems] : problems;

  return (
    <>
      <MissingList guide={guide} />
      <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="tiss-guide-title">
        <StyledSectionStack>
          <StyledSection>
            <legend>{`${T.hospitalTitle}: ${guide.hospital.name ?? '—'}`}</legend>
            <p>{T.hospitalHint}</p>
            <StyledPair>
              <FormTextField control={control} name="hospital_cnpj" label={T.hospitalCnpj} placeholder={T.cnpjPlaceholder} inputMode="numeric" />
              <FormTextField control={control} name="hospital_cnes" label={T.hospitalCnes} placeholder={T.cnesPlaceholder} inputMode="numeric" />
            </StyledPair>
          </StyledSection>

          <StyledSection>
            <legend>{T.linesTitle}</legend>
            {fields.map((field, index) => {
              const line = guide.lines[index]!;
              const cents = lineTotals[index];
              return (
                <StyledLine key={field.id} data-guide-line={index + 1}>
                  <legend>{`${fill(T.lineOf, { n: index + 1, code: line.code })} — ${line.description}`}</legend>
                  <div>
                    <FormTextField control={control} name={`lines.${index}.quantity`} label={T.columns.quantity} inputMode="numeric" />
                    <FormMoneyField control={control} name={`lines.${index}.unit`} label={T.columns.unit} placeholder="R$ 0,00" />
                    <FormTextField control={control} name={`lines.${index}.factor`} label={T.columns.factor} inputMode="numeric" placeholder="1,00" />
                    <FormSelect
                      control={control}
                      name={`lines.${index}.access_route`}
                      label={T.columns.route}
                      placeholder={T.noRoute}
                      options={Object.entries(ACCESS_ROUTES).map(([value, label]) => ({ value, label }))}
                    />
                    <FormSelect
                      control={control}
                      name={`lines.${index}.technique`}
                      label={T.columns.technique}
                      placeholder={T.noTechnique}
                      options={Object.entries(TECHNIQUES).map(([value, label]) => ({ value, label }))}
                    />
                    <StyledLineTotal>
                      <span id={`tiss-line-total-${index}`}>{T.columns.total}</span>
                      <output aria-labelledby={`tiss-line-total-${index}`}>{cents === null || cents === undefined ? '—' : money(cents)}</output>
                    </StyledLineTotal>
                  </div>
                </StyledLine>
              );
            })}
          </StyledSection>

          <TeamLines guide={guide} />

          <StyledTotal>
            <span>{T.total}</span>
            <strong data-guide-total>{total === null ? T.totalUnknown : money(total)}</strong>
          </StyledTotal>

          <NoteField control={control} />

          {shownProblems.length > 0 ? (
            <StyledProblems role="alert">
              <strong>{T.problemsTitle}</strong>
              <ul>
                {shownProblems.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </StyledProblems>
          ) : null}

          <StyledActions>
            {blocked ? <p id={blockedId}>{blocked}</p> : null}
            <Button type="submit" variant="secondary" loading={busy === 'save'} disabled={busy !== null}>
              {busy === 'save' ? T.saving : T.save}
            </Button>
            <Button
              type="button"
              loading={busy === 'generate'}
              disabled={busy !== null || blocked !== null}
              onClick={() => void handleGenerate()}
              aria-describedby={blocked ? blockedId : undefined}
            >
              {busy === 'generate' ? T.generating : T.generate}
            </Button>
          </StyledActions>
        </StyledSectionStack>
      </form>
      <GeneratedGuides guide={guide} />
    </>
  );
}

const StyledSectionStack = styled('div')`
  ${columnCss(space.xl)}
`;

function MissingList({ guide }: { guide: CaseGuide }) {
  const ready = guide.missing.length === 0;
  return (
    <StyledMissing $ready={ready} aria-labelledby="tiss-missing-title" data-guide-missing>
      <h3 id="tiss-missing-title">
        <Icon name={ready ? 'check' : 'alert'} size={18} />
        {ready ? T.nothingMissing : T.missingTitle}
      </h3>
      {ready ? null : (
        <>
          <p>{T.missingIntro}</p>
          <ul>
            {guide.missing.map((item) => (
              <li key={`${item.field}:${item.message}`}>
                <Icon name="alert" size={16} />
                <span>{item.message}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </StyledMissing>
  );
}

function NoteField({ control }: { control: ReturnType<typeof useSchemaForm<GuideFormValues>>['control'] }) {
  const id = useId();
  const {
    field: { ref, name, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name: 'note' });
  const error = fieldState.error?.message;
  return (
    <Field id={id} label={T.note} hint={T.noteHint} error={error} optional>
      <StyledTextarea
        ref={ref}
        id={id}
        name={name}
        className={inputClassName}
        value={value}
        maxLength={600}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, T.noteHint, error)}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </Field>
  );
}

function TeamLines({ guide }: { guide: CaseGuide }) {
  return (
    <StyledSection>
      <legend>{T.teamTitle}</legend>
      <p>{T.teamHint}</p>
      {guide.team_lines.length === 0 ? (
        <p>{T.teamEmpty}</p>
      ) : (
        <StyledTable aria-label={T.teamLabel}>
          <thead>
            <tr>
              <th scope="col">{T.role}</th>
              <th scope="col">{T.name}</th>
              <th scope="col">{T.columns.total}</th>
            </tr>
          </thead>
          <tbody>
            {guide.team_lines.map((line, index) => (
              <tr key={`${line.role}:${line.name}:${index}`}>
                <td data-label={T.role}>{PARTICIPATION_LABELS[line.role as keyof typeof PARTICIPATION_LABELS] ?? line.role}</td>
                <td data-label={T.name}>{line.name}</td>
                <td data-label={T.columns.total} data-money>
                  {money(line.total_cents)}
                </td>
              </tr>
            ))}
          </tbody>
        </StyledTable>
      )}
    </StyledSection>
  );
}

const StyledGuides = styled('section')`
  ${columnCss(space.sm)}
  & > h3 { font-size: ${fontSizes.md}; font-weight: ${fontWeights.bold}; color: ${colors.text}; }
  & > p { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
`;

function GeneratedGuides({ guide }: { guide: CaseGuide }) {
  return (
    <StyledGuides aria-labelledby="tiss-guides-title">
      <h3 id="tiss-guides-title">{T.guidesTitle}</h3>
      {guide.guides.length === 0 ? (
        <p>{T.guidesEmpty}</p>
      ) : (
        <StyledTable aria-label={T.guidesLabel}>
          <thead>
            <tr>
              <th scope="col">{T.number}</th>
              <th scope="col">{T.issuedOn}</th>
              <th scope="col">{T.columns.total}</th>
              <th scope="col">{T.lot}</th>
              <th scope="col">
                <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{T.print}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {guide.guides.map((item) => (
              <tr key={item.id} data-generated-guide={item.number}>
                <td data-label={T.number}>{item.number}</td>
                <td data-label={T.issuedOn}>{formatDate(item.issued_on)}</td>
                <td data-label={T.columns.total} data-money>
                  {money(item.total_cents)}
                </td>
                <td data-label={T.lot}>{item.lot ? fill(T.lotOf, { number: item.lot.number, status: sentStatusText(item.lot) }) : T.noLot}</td>
                <td>
                  <Link className={printLinkClass} to="/tiss-guide/$id" params={{ id: String(item.id) }} aria-label={fill(T.printGuide, { number: item.number })}>
                    <Icon name="fileText" size={16} />
                    {T.print}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </StyledTable>
      )}
    </StyledGuides>
  );
}
