/**
 * A patient's erasure request (issue 16 item 4; LGPD art. 18), for the medic only, in 'Visualizar paciente' and on
 * 'Auditoria' filtered to the patient (a medic with a secretary has no patients page, DECISIONS §13): the
 * 'Solicitação de exclusão (LGPD)' button opens a dialog that explains what will happen (deleted without surgeries,
 * refused while the record must be kept for 20 years, anonymized after that), sends the request and shows its answer:
 * 'Paciente excluído.', 'Paciente anonimizado.' or the server's refusal, which names the last day of keeping. Closing
 * the dialog after a deletion or an anonymization calls `onErased` (the list refreshes); after a refusal, `onRefused`
 * (the audit page lists the refusal at once). An anonymized patient shows
 * when it was anonymized instead of the button.
 *
 * It draws no separator of its own: the place that holds it sets it apart (the patient modal, with a line above).
 */
import { useState } from 'react';
import { styled } from 'goober';
import type { components } from '../../../openapi/schema';
import { requestErasure, type ErasureAnswer } from '../../api/erasure';
import { formatDate } from '../../lib/format/date';
import { patientErasureTexts as T } from '../../lib/i18n/patientErasure';
import { fill } from '../../lib/i18n/pt-BR';
import { useSession } from '../../lib/session/session';
import { colors, focusRing, fontSizes, fontWeights, media, radii, space } from '../../lib/theme';
import { Button } from '../ui/Button';
import { LazyModal } from '../ui/LazyModal';

type Patient = components['schemas']['Patient'];

const StyledSection = styled('div')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledRequest = styled('button')`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 ${space.md};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  background: transparent;
  color: ${colors.danger};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  cursor: pointer;
  &:hover { background: ${colors.dangerSoft}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

const StyledText = styled('div')`
  display: grid;
  gap: ${space.md};
  font-size: ${fontSizes.md};
  line-height: 1.5;
  color: ${colors.text};
  & > p { margin: 0; }
  & > ul { margin: 0; padding-left: ${space.xl}; display: grid; gap: ${space.sm}; }
`;

const StyledAnswer = styled('p')<{ $tone: 'done' | 'refused' }>`
  margin: 0;
  padding: ${space.md} ${space.lg};
  border-radius: ${radii.md};
  border: 1px solid ${(p) => (p.$tone === 'done' ? colors.border : colors.danger)};
  background: ${(p) => (p.$tone === 'done' ? colors.surface : colors.dangerSoft)};
  color: ${colors.text};
  font-size: ${fontSizes.md};
  font-weight: ${fontWeights.semibold};
  line-height: 1.5;
`;

const StyledFooter = styled('div')`
  display: flex;
  width: 100%;
  flex-direction: column-reverse;
  gap: ${space.sm};
  ${media.md} {
    flex-direction: row;
    justify-content: flex-end;
  }
`;

export type PatientErasureProps = {
  patient: Pick<Patient, 'id' | 'anonymized_at'>;
  /** The patient was deleted or anonymized and the answer read (the list refreshes). */
  onErased: () => void;
  /** The refusal was read. It is in the patient's audit, so a page that lists that audit refreshes. */
  onRefused?: () => void;
};

type Phase = { kind: 'closed' } | { kind: 'asking'; failed: boolean } | { kind: 'sending' } | { kind: 'answered'; answer: Exclude<ErasureAnswer, { outcome: 'failed' }> };

function answerText(answer: Exclude<ErasureAnswer, { outcome: 'failed' }>): string {
  if (answer.outcome === 'deleted') return T.deleted;
  if (answer.outcome === 'anonymized') return T.anonymizedNow;
  return answer.message;
}

export function PatientErasure({ patient, onErased, onRefused }: PatientErasureProps) {
  const { profile } = useSession();
  const [phase, setPhase] = useState<Phase>({ kind: 'closed' });

  if (profile?.type !== 'medic') return null;
  if (patient.anonymized_at) {
    return <StyledSection>{fill(T.anonymized, { date: formatDate(patient.anonymized_at) })}</StyledSection>;
  }

  async function handleConfirm() {
    setPhase({ kind: 'sending' });
    const answer = await requestErasure(patient.id);
    setPhase(answer.outcome === 'failed' ? { kind: 'asking', failed: true } : { kind: 'answered', answer });
  }

  function handleClose() {
    if (phase.kind === 'sending') return;
    const outcome = phase.kind === 'answered' ? phase.answer.outcome : null;
    setPhase({ kind: 'closed' });
    if (outcome === 'refused') onRefused?.();
    else if (outcome) onErased();
  }

  const sending = phase.kind === 'sending';
  const footer =
    phase.kind === 'answered' ? (
      <StyledFooter>
        <Button onClick={handleClose}>{T.close}</Button>
      </StyledFooter>
    ) : (
      <StyledFooter>
        <Button variant="secondary" disabled={sending} onClick={handleClose}>
          {T.cancel}
        </Button>
        <Button loading={sending} onClick={() => void handleConfirm()}>
          {sending ? T.confirming : T.confirm}
        </Button>
      </StyledFooter>
    );

  return (
    <StyledSection>
      <StyledRequest type="button" onClick={() => setPhase({ kind: 'asking', failed: false })}>
        {T.button}
      </StyledRequest>
      <LazyModal
        isOpen={phase.kind !== 'closed'}
        onClose={handleClose}
        title={T.title}
        closeLabel={T.close}
        role="alertdialog"
        maxWidth={560}
        fullScreenOnPhone={false}
        hideCloseButton
        dismissable={!sending}
        footer={footer}
      >
        {phase.kind === 'answered' ? (
          <StyledAnswer
            $tone={phase.answer.outcome === 'refused' ? 'refused' : 'done'}
            role={phase.answer.outcome === 'refused' ? 'alert' : 'status'}
          >
            {answerText(phase.answer)}
          </StyledAnswer>
        ) : (
          <StyledText>
            <p>{T.intro}</p>
            <ul>
              {T.rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
            <p>{T.audit}</p>
            {phase.kind === 'asking' && phase.failed ? (
              <StyledAnswer $tone="refused" role="alert">
                {T.failure}
              </StyledAnswer>
            ) : null}
          </StyledText>
        )}
      </LazyModal>
    </StyledSection>
  );
}
