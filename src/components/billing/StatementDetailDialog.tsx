/**
 * What one imported statement or repasse posted (issue 38 item 3; openapi getTissStatement), opened from /tiss-lots'
 * 'Demonstrativos do plano' and from 'A receber''s 'Depósitos recebidos': the lots it names, its receipts grouped by
 * deposit (a deposit and the cases it paid, each linked) and its glosas with their TISS codes. Read when opened; the
 * dialog's code loads then (LazyModal).
 */
import { styled } from 'goober';
import { getStatement, type TissStatementDetail, type TissStatementSummary } from '../../api/tiss';
import { LazyModal } from '../ui/LazyModal';
import { ReadNotice } from '../ui/ReadNotice';
import { boxedRowsCss, columnCss } from '../ui/cssParts';
import { formatDate } from '../../lib/format/date';
import { formatBRL } from '../../lib/format/money';
import { fill } from '../../lib/i18n/pt-BR';
import { tissTexts } from '../../lib/i18n/tiss';
import { caseHref } from '../../lib/surgeries/caseLink';
import { statementByline, statementHeading } from '../../lib/tiss/statementText';
import { colors, fontSizes, fontWeights, space } from '../../lib/theme';
import { useRead } from '../../lib/useRead';

const S = tissTexts.statements;
const D = S.detail;
const money = (cents: number) => formatBRL(cents / 100);

const StyledBody = styled('div')`
  ${columnCss(space.md)}
  & h3 { font-size: ${fontSizes.md}; font-weight: ${fontWeights.bold}; color: ${colors.text}; }
  & p { color: ${colors.textMuted}; font-size: ${fontSizes.sm}; }
`;

const StyledRows = styled('ul')`
  ${boxedRowsCss}
  font-size: ${fontSizes.sm};
  & > li { display: grid; grid-template-columns: minmax(0, 1fr) auto; align-items: baseline; gap: ${space.xs} ${space.md}; padding: ${space.sm} ${space.md}; }
  & > li > span:last-child { font-variant-numeric: tabular-nums; white-space: nowrap; }
  & a { color: ${colors.primary}; overflow-wrap: anywhere; }
`;

/** The receipts by deposit reference, in the order they were posted. */
function byDeposit(receipts: TissStatementDetail['receipts']) {
  const groups = new Map<string, TissStatementDetail['receipts']>();
  for (const receipt of receipts) {
    const key = receipt.deposit_reference ?? '';
    groups.set(key, [...(groups.get(key) ?? []), receipt]);
  }
  return [...groups];
}

export function StatementDetailDialog({ medic, statement, onClose }: { medic: number | null; statement: TissStatementSummary; onClose: () => void }) {
  const read = useRead((signal) => getStatement(medic, statement.id, signal), [medic, statement.id]);
  const detail = read.state.status === 'ready' ? read.state.value : null;
  return (
    <LazyModal isOpen onClose={onClose} title={statementHeading(statement, statement.payer_name)} closeLabel={D.close} maxWidth={720}>
      <StyledBody data-statement-detail={statement.number}>
        <p>{statementByline(statement, statement.plan_name ?? statement.payer_name, statement.payer_document)}</p>
        {detail === null ? (
          <ReadNotice read={read} loading={D.loading} failed={D.failed} compact />
        ) : (
          <>
            {/* A repasse names no lot (its payer is not the plan the lots went to). */}
            {statement.kind === 'repasse' ? null : <p>{detail.lots.length > 0 ? fill(D.lots, { lots: detail.lots.map((lot) => lot.number).join(', ') }) : D.noLots}</p>}
            {detail.receipts.length === 0 && detail.glosas.length === 0 ? <p>{D.nothing}</p> : null}
            {byDeposit(detail.receipts).map(([reference, receipts]) => (
              <section key={reference} aria-label={`${D.deposit}: ${reference || D.noDeposit}`}>
                <h3>{`${D.receipts} · ${reference || D.noDeposit}`}</h3>
                <StyledRows>
                  {receipts.map((receipt, index) => (
                    <li key={`${receipt.surgery_id}-${index}`}>
                      <span>
                        <a href={caseHref(receipt.surgery_id)}>{receipt.patient_name}</a>
                        {` · ${D.receivedOn} ${formatDate(receipt.received_on)}`}
                      </span>
                      <span>{money(receipt.amount_cents)}</span>
                    </li>
                  ))}
                  <li>
                    <strong>{receipts.length === 1 ? D.paidOne : fill(D.paidMany, { count: receipts.length })}</strong>
                    <strong>{money(receipts.reduce((sum, receipt) => sum + receipt.amount_cents, 0))}</strong>
                  </li>
                </StyledRows>
              </section>
            ))}
            {detail.glosas.length > 0 ? (
              <section aria-label={D.glosas}>
                <h3>{D.glosas}</h3>
                <StyledRows>
                  {detail.glosas.map((glosa, index) => (
                    <li key={`${glosa.surgery_id}-${index}`}>
                      <span>
                        <a href={caseHref(glosa.surgery_id)}>{glosa.patient_name}</a>
                        {` · ${glosa.code ? `${glosa.code} ` : ''}${glosa.description}`}
                      </span>
                      <span>{money(glosa.amount_cents)}</span>
                    </li>
                  ))}
                </StyledRows>
              </section>
            ) : null}
          </>
        )}
      </StyledBody>
    </LazyModal>
  );
}
