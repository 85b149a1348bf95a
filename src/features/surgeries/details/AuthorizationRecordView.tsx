/**
 * What the autorizacao panel shows of each authorization record (issue 13; DECISIONS §15): its read
 * (`useAuthorizationRecords`), a compact summary under each approval box with the record's warnings, and the button
 * that opens its editor (./AuthorizationRecordEditor.tsx).
 */
import { Fragment, useCallback } from 'react';
import { styled } from 'goober';
import { AUTHORIZATION_STATUS_LABELS, type AuthorizationPayer } from '../../../../machines/preoperative/constants';
import { listAuthorizations, type AuthorizationRecord } from '../../../api/authorizations';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { formatDate } from '../../../lib/format/date';
import { found, useRead } from '../../../lib/useRead';
import { authorizationTexts } from '../../../lib/i18n/authorizations';
import { colors, fontSizes, fontWeights, radii, space } from '../../../lib/theme';
import type { Surgery } from '../types';
import { columnCss } from '../../../components/ui/cssParts';

const R = authorizationTexts.record;

/**
 * The case's records: read on mount and on `retry`; `reload` reads them again keeping the shown ones until the answer
 * lands (after a toggle); `replace` puts a saved record in place.
 */
export function useAuthorizationRecords(surgeryId: number) {
  const read = useRead((signal) => listAuthorizations(surgeryId, signal), [surgeryId]);
  const { replace: replaceAll } = read;
  const replace = useCallback(
    (record: AuthorizationRecord) => replaceAll((records) => records.map((each) => (each.payer === record.payer ? record : each))),
    [replaceAll],
  );
  return { state: found(read.state), retry: read.retry, reload: read.reload, replace };
}

const StyledSummary = styled('div')`
  ${columnCss(space.sm)}
  padding-top: ${space.sm};
  border-top: 1px solid ${colors.border};
  & > h4 { font-size: ${fontSizes.sm}; font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
`;

const StyledFacts = styled('dl')`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${space.xxs} ${space.sm};
  margin: 0;
  font-size: ${fontSizes.sm};
  & dt { color: ${colors.textMuted}; }
  & dd { margin: 0; color: ${colors.text}; overflow-wrap: anywhere; }
`;

const StyledWarning = styled('p')<{ $danger: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: ${space.xs};
  padding: ${space.xs} ${space.sm};
  border-radius: ${radii.sm};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.medium};
  background: ${(p) => (p.$danger ? colors.dangerSoft : colors.warningSoft)};
  color: ${(p) => (p.$danger ? colors.danger : colors.warning)};
  & > svg { flex: none; margin-top: 2px; }
`;

type Alert = Surgery['authorization_alerts'][number];

/** One warning line (expired in the danger tone; the others as a warning). */
export function AlertLine({ alert }: { alert: Alert }) {
  return (
    <StyledWarning $danger={alert.kind === 'expired'} data-alert-kind={alert.kind}>
      <Icon name="alert" size={14} />
      {alert.message}
    </StyledWarning>
  );
}

type RecordSummaryProps = {
  record: AuthorizationRecord;
  alerts: readonly Alert[];
  /** The editor can be opened (the case is not closed and nothing is being sent). */
  canEdit: boolean;
  onEdit: (payer: AuthorizationPayer) => void;
};

const hasData = (record: AuthorizationRecord) =>
  [record.requested_on, record.protocol, record.password, record.decided_on, record.valid_until, record.notes].some((value) => value !== null);

/** The record's facts ('-' when empty), its warnings and its edit button. */
export function AuthorizationRecordSummary({ record, alerts, canEdit, onEdit }: RecordSummaryProps) {
  const facts: [string, string | null][] = [
    [R.status, AUTHORIZATION_STATUS_LABELS[record.status]],
    [R.requestedOn, formatDate(record.requested_on) || null],
    [R.protocol, record.protocol],
    [R.password, record.password],
    [R.decidedOn, formatDate(record.decided_on) || null],
    [R.validUntil, formatDate(record.valid_until) || null],
  ];
  if (record.notes) facts.push([R.notesShort, record.notes]);
  return (
    <StyledSummary data-authorization-record={record.payer}>
      <h4>{R.heading}</h4>
      <StyledFacts>
        {facts.map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value ?? R.none}</dd>
          </Fragment>
        ))}
      </StyledFacts>
      {alerts.map((alert) => (
        <AlertLine key={`${alert.payer}:${alert.kind}`} alert={alert} />
      ))}
      {canEdit ? (
        <Button variant="secondary" onClick={() => onEdit(record.payer)}>
          <Icon name="pencil" size={16} />
          {hasData(record) ? R.edit : R.register}
        </Button>
      ) : null}
    </StyledSummary>
  );
}
