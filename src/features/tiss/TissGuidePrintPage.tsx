/**
 * /tiss-guide/$id: a generated guia de honorários (issue 37) laid out as the ANS paper form "Guia de Honorários" of
 * TISS 4.01.00, from the guide's frozen content (GET tiss/guides/{id}/): the boxes numbered in the form's order (1 Registro
 * ANS, 2 Nº Guia no Prestador, 3 Nº Guia de Solicitação de Internação, 4 Senha, …), the beneficiary's card, where
 * the procedures were done, the executant, the billed period, the procedures, the professionals, the note, the total,
 * the issue date and the signature. 'Imprimir' prints it on one A4 landscape sheet: the print style sheet hides the
 * app's header and menu and everything but the form. On a phone the form keeps its paper width and scrolls sideways.
 */
import { Link, getRouteApi } from '@tanstack/react-router';
import { styled } from 'goober';
import { ACCESS_ROUTES, PARTICIPATION_LABELS, TECHNIQUES } from '../../../machines/tiss/tissDomains';
import type { HonorariosGuide, TissProcedureLine } from '../../../machines/tiss/types';
import { getTissGuide, type TissGuide } from '../../api/tiss';
import { Page } from '../../components/layout/Page';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { Spinner } from '../../components/ui/Spinner';
import { formatDate } from '../../lib/format/date';
import { fill } from '../../lib/i18n/pt-BR';
import { tissTexts } from '../../lib/i18n/tiss';
import { colors, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { useRead } from '../../lib/useRead';

const T = tissTexts.print;
const B = T.boxes;
const routeApi = getRouteApi('/app/tiss-guide/$id');

/** '250000' centavos → '2.500,00' (the paper form's money, without the currency sign). */
const decimal = (cents: number) => (cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const factor = (hundredths: number) => (hundredths / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 });

/**
 * The print style sheet: A4 landscape, only the form. A plain style element (the CSP allows inline styles): goober
 * has no `@page`.
 */
const PRINT_CSS = `
@media print {
  @page { size: A4 landscape; margin: 8mm; }
  body * { visibility: hidden !important; }
  [data-print-sheet], [data-print-sheet] * { visibility: visible !important; }
  [data-print-sheet] { position: absolute; left: 0; top: 0; width: 100%; min-width: 0 !important; box-shadow: none !important; margin: 0 !important; }
  [data-print-scroll] { overflow: visible !important; }
  [data-no-print] { display: none !important; }
}`;

const StyledBar = styled('div')`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.sm};
  align-items: center;
`;

const StyledScroll = styled('div')`
  overflow-x: auto;
  border-radius: ${radii.md};
  &:focus-visible { outline: 3px solid ${colors.focus}; outline-offset: 2px; }
`;

const StyledSheet = styled('article')`
  min-width: 1040px;
  padding: 10px;
  background: #fff;
  color: #000;
  font-size: 10px;
  line-height: 1.25;
  border: 1px solid #000;
  & h2 { font-size: 14px; font-weight: ${fontWeights.bold}; text-align: center; margin: 0; }
  & h3 { font-size: 10px; font-weight: ${fontWeights.bold}; margin: 6px 0 2px; padding: 2px 4px; background: #d9d9d9; color: #000; }
  & table { width: 100%; border-collapse: collapse; table-layout: fixed; }
  & th, & td { border: 1px solid #000; padding: 2px 4px; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
  & th { font-weight: ${fontWeights.regular}; font-size: 9px; }
  & td[data-n] { text-align: right; font-variant-numeric: tabular-nums; }
`;

const StyledTitleRow = styled('div')`
  display: grid;
  grid-template-columns: 1fr 2fr 1fr;
  align-items: center;
  margin-bottom: 6px;
  & > span:last-child { text-align: right; }
`;

const StyledRow = styled('div')<{ $columns: string }>`
  display: grid;
  grid-template-columns: ${(p) => p.$columns};
  gap: 4px;
  margin-bottom: 4px;
`;

const StyledBox = styled('div')`
  min-height: 30px;
  padding: 2px 4px;
  border: 1px solid #000;
  & > span { display: block; font-size: 9px; }
  & > strong { display: block; font-size: 11px; font-weight: ${fontWeights.semibold}; overflow-wrap: anywhere; }
`;

const StyledLoading = styled('div')`
  display: flex;
  justify-content: center;
  padding: ${space.xxl};
`;

const StyledHint = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

function Box({ n, label, value }: { n: number; label: string; value: string }) {
  return (
    <StyledBox>
      <span>{`${n} - ${label}`}</span>
      <strong>{value || ' '}</strong>
    </StyledBox>
  );
}

export function TissGuidePrintPage() {
  const raw = routeApi.useParams({ select: (params) => params.id });
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const read = useRead((signal) => (id === null ? Promise.resolve({ kind: 'notFound' as const }) : getTissGuide(id, signal)), [id]);
  const guide = read.state.status === 'ready' ? read.state.value : null;

  return (
    <Page
      title={guide ? `${T.pageTitle} ${guide.number}` : T.pageTitle}
      actions={
        guide ? (
          <StyledBar data-no-print>
            <Link to="/surgery-details/$id" params={{ id: String(guide.surgery) }}>
              {T.back}
            </Link>
            <Button onClick={() => window.print()}>{T.print}</Button>
          </StyledBar>
        ) : null
      }
    >
      <style>{PRINT_CSS}</style>
      {read.state.status === 'loading' ? (
        <StyledLoading aria-busy="true" aria-label={T.loading}>
          <Spinner size={28} />
        </StyledLoading>
      ) : read.state.status === 'empty' ? (
        <Notice kind="failed" title={T.notFound} />
      ) : read.state.status === 'error' ? (
        <Notice kind="failed" title={T.failed} onRetry={read.retry} />
      ) : guide ? (
        <>
          <StyledHint data-no-print>{T.standard}</StyledHint>
          <StyledScroll data-print-scroll tabIndex={0} role="region" aria-label={`${T.pageTitle} ${guide.number}`}>
            <GuideSheet guide={guide} />
          </StyledScroll>
        </>
      ) : null}
    </Page>
  );
}

function hospitalCode(content: HonorariosGuide): string {
  return content.hospital.id.kind === 'cnpj' ? content.hospital.id.cnpj : content.hospital.id.code;
}

function professionalCode(id: TissProcedureLine['professionals'][number]['id']): string {
  return id.kind === 'cpf' ? id.cpf : id.code;
}

/** The paper form itself (also what prints). */
export function GuideSheet({ guide }: { guide: TissGuide }) {
  const content = guide.content;
  const professionals = content.lines.flatMap((line) => line.professionals.map((professional) => ({ line, professional })));
  return (
    <StyledSheet data-print-sheet aria-label={fill('{title} {number}', { title: T.formTitle, number: guide.number })}>
      <StyledTitleRow>
        <span>{T.standard}</span>
        <h2>{T.formTitle}</h2>
        <span>{`${B.providerNumber}: ${content.providerGuideNumber}`}</span>
      </StyledTitleRow>
      <StyledRow $columns="1fr 1.2fr 1.6fr 1fr 1.6fr">
        <Box n={1} label={B.ans} value={content.planAnsRegistry} />
        <Box n={2} label={B.providerNumber} value={content.providerGuideNumber} />
        <Box n={3} label={B.requestNumber} value={content.requestGuideNumber} />
        <Box n={4} label={B.password} value={content.authorizationPassword ?? ''} />
        <Box n={5} label={B.planNumber} value={content.planGuideNumber ?? ''} />
      </StyledRow>
      <h3>{B.beneficiary}</h3>
      <StyledRow $columns="3fr 1fr">
        <Box n={6} label={B.card} value={content.beneficiary.cardNumber} />
        <Box n={7} label={B.newborn} value={content.beneficiary.newborn ? T.yes : T.no} />
      </StyledRow>
      <h3>{B.hospital}</h3>
      <StyledRow $columns="1.4fr 3fr 1fr">
        <Box n={8} label={B.hospitalCode} value={hospitalCode(content)} />
        <Box n={9} label={B.hospitalName} value={content.hospital.name} />
        <Box n={10} label={B.hospitalCnes} value={content.hospital.cnes ?? '9999999'} />
      </StyledRow>
      <h3>{B.executant}</h3>
      <StyledRow $columns="1.4fr 1fr 1fr 1fr">
        <Box n={11} label={B.executantCode} value={content.executant.codeAtPlan} />
        <Box n={12} label={B.executantCnes} value={content.executant.cnes ?? '9999999'} />
        <Box n={13} label={B.billingStart} value={formatDate(content.billingStart)} />
        <Box n={14} label={B.billingEnd} value={formatDate(content.billingEnd)} />
      </StyledRow>
      <h3>{B.procedures}</h3>
      <table>
        <colgroup>
          <col style={{ width: '4%' }} />
          <col style={{ width: '8%' }} />
          <col style={{ width: '5%' }} />
          <col style={{ width: '5%' }} />
          <col style={{ width: '5%' }} />
          <col style={{ width: '9%' }} />
          <col style={{ width: '21%' }} />
          <col style={{ width: '5%' }} />
          <col style={{ width: '8%' }} />
          <col style={{ width: '12%' }} />
          <col style={{ width: '6%' }} />
          <col style={{ width: '6%' }} />
          <col style={{ width: '6%' }} />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">{B.sequence}</th>
            <th scope="col">{`15 - ${B.date}`}</th>
            <th scope="col">{`16 - ${B.start}`}</th>
            <th scope="col">{`17 - ${B.end}`}</th>
            <th scope="col">{`18 - ${B.table}`}</th>
            <th scope="col">{`19 - ${B.code}`}</th>
            <th scope="col">{`20 - ${B.description}`}</th>
            <th scope="col">{`21 - ${B.quantity}`}</th>
            <th scope="col">{`22 - ${B.route}`}</th>
            <th scope="col">{`23 - ${B.technique}`}</th>
            <th scope="col">{`24 - ${B.factor}`}</th>
            <th scope="col">{`25 - ${B.unit}`}</th>
            <th scope="col">{`26 - ${B.lineTotal}`}</th>
          </tr>
        </thead>
        <tbody>
          {content.lines.map((line) => (
            <tr key={line.sequence}>
              <td data-n>{line.sequence}</td>
              <td>{formatDate(line.performedOn)}</td>
              <td>{line.startTime ?? ''}</td>
              <td>{line.endTime ?? ''}</td>
              <td>{line.table}</td>
              <td>{line.code}</td>
              <td>{line.description}</td>
              <td data-n>{line.quantity}</td>
              <td>{line.accessRoute ? `${line.accessRoute} - ${ACCESS_ROUTES[line.accessRoute]}` : ''}</td>
              <td>{line.technique ? `${line.technique} - ${TECHNIQUES[line.technique]}` : ''}</td>
              <td data-n>{factor(line.factorHundredths)}</td>
              <td data-n>{decimal(line.unitCents)}</td>
              <td data-n>{decimal(line.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{B.professionals}</h3>
      <table>
        <colgroup>
          <col style={{ width: '5%' }} />
          <col style={{ width: '14%' }} />
          <col style={{ width: '13%' }} />
          <col style={{ width: '30%' }} />
          <col style={{ width: '10%' }} />
          <col style={{ width: '12%' }} />
          <col style={{ width: '6%' }} />
          <col style={{ width: '10%' }} />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">{`27 - ${B.sequence}`}</th>
            <th scope="col">{`28 - ${B.role}`}</th>
            <th scope="col">{`29 - ${B.professionalCode}`}</th>
            <th scope="col">{`30 - ${B.professionalName}`}</th>
            <th scope="col">{`31 - ${B.council}`}</th>
            <th scope="col">{`32 - ${B.councilNumber}`}</th>
            <th scope="col">{`33 - ${B.uf}`}</th>
            <th scope="col">{`34 - ${B.cbo}`}</th>
          </tr>
        </thead>
        <tbody>
          {professionals.map(({ line, professional }, index) => (
            <tr key={`${line.sequence}:${index}`}>
              <td data-n>{line.sequence}</td>
              <td>{`${professional.participation} - ${PARTICIPATION_LABELS[professional.participation]}`}</td>
              <td>{professionalCode(professional.id)}</td>
              <td>{professional.name}</td>
              <td>{professional.council ?? ''}</td>
              <td>{professional.councilNumber}</td>
              <td>{professional.councilUf ?? ''}</td>
              <td>{professional.cbo ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <StyledRow $columns="1fr" style={{ marginTop: 6 }}>
        <Box n={35} label={B.note} value={content.note ?? ''} />
      </StyledRow>
      <StyledRow $columns="1.2fr 1fr 2fr">
        <Box n={36} label={B.total} value={decimal(content.totalCents)} />
        <Box n={37} label={B.issuedOn} value={formatDate(content.issuedOn)} />
        <Box n={38} label={B.signature} value="" />
      </StyledRow>
    </StyledSheet>
  );
}
