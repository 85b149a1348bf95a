/**
 * 'Visualizar paciente' (SPEC §2 Patients): photo (placeholder if none), name, phone, plan; after 'Mais info' the
 * birth date (or 'Desconhecido'), the address and the CPF. Vincular a cirurgia, Editar and Deletar ('Tem certeza?'
 * with Sim / Não, Não focused; SPEC §8 messages). The row's data shows at once and is refreshed from
 * GET /surgery/api/v1/patient/{id}/ (a fresh photo link).
 */
import { useEffect, useId, useState } from 'react';
import { styled } from 'goober';
import { formatCep } from '../../../machines/patientWizard/patientFields';
import { formatPhone } from '../../../machines/rules/phone';
import { Avatar } from '../../components/ui/Avatar';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Icon } from '../../components/ui/Icon';
import { Modal } from '../../components/ui/Modal';
import { formatCpf } from '../../lib/format/cpf';
import { formatDate } from '../../lib/format/date';
import { patientsTexts as T } from '../../lib/i18n/patients';
import { fill } from '../../lib/i18n/pt-BR';
import { colors, focusRing, fontSizes, fontWeights, media, radii, space } from '../../lib/theme';
import { toastError, toastSuccess, toastWarning } from '../../lib/toast';
import { deletePatient, fetchPatient, type Patient } from './actors';
import { ModalActions } from './ModalActions';
import { PatientPrivacyActions } from './PatientPrivacyActions';
import { PatientErasure } from '../../components/privacy/PatientErasure';
import { PlanCardSummary } from '../../components/planCard/PlanCardSummary';
import { PATIENT_MODAL_MAX_WIDTH } from './PatientWizardModal';
import { eyebrowCss, inlineControlCss } from '../../components/ui/cssParts';

const StyledBody = styled('div')`
  display: grid;
  grid-template-columns: 1fr;
  justify-items: center;
  gap: ${space.xl};
  ${media.md} {
    grid-template-columns: auto 1fr;
    justify-items: stretch;
    align-items: start;
    gap: ${space.xxl};
  }
`;

const StyledFacts = styled('div')`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${space.lg};
  width: 100%;
  margin: 0;
  ${media.md} { grid-template-columns: 1fr 1fr; }
`;

const StyledFact = styled('dl')<{ $wide?: boolean }>`
  display: flex;
  margin: 0;
  flex-direction: column;
  gap: ${space.xxs};
  min-width: 0;
  ${media.md} { grid-column: ${(p) => (p.$wide ? '1 / -1' : 'auto')}; }
  & > dt {
    ${eyebrowCss}
    color: ${colors.textMuted};
  }
  & > dd {
    margin: 0;
    font-size: ${fontSizes.md};
    color: ${colors.text};
    overflow-wrap: anywhere;
  }
`;

const StyledMore = styled('button')`
  grid-column: 1 / -1;
  justify-self: start;
  ${inlineControlCss('40px', space.xs, space.md)}
  border: 1px solid ${colors.border};
  border-radius: ${radii.pill};
  background: ${colors.surface};
  color: ${colors.primary};
  cursor: pointer;
  &:hover { background: ${colors.primaryTint}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
  & > svg { transition: transform 120ms; }
  &[aria-expanded='true'] > svg { transform: rotate(180deg); }
`;

const StyledMoreFacts = styled('div')`
  grid-column: 1 / -1;
  display: grid;
  grid-template-columns: 1fr;
  gap: ${space.lg};
  padding-top: ${space.lg};
  border-top: 1px solid ${colors.border};
  ${media.md} { grid-template-columns: 1fr 1fr; }
`;

/**
 * The erasure request's place, set apart by a line. Empty for a secretary (PatientErasure is the medic's only), and
 * then not shown, so no stray line is left.
 */
const StyledErasure = styled('div')`
  margin-top: ${space.xl};
  padding-top: ${space.lg};
  border-top: 1px solid ${colors.border};
  &:empty { display: none; }
`;

const StyledDanger = styled('button')`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space.sm};
  min-height: 44px;
  padding: 0 ${space.xl};
  border: 1px solid transparent;
  border-radius: ${radii.md};
  background: transparent;
  color: ${colors.danger};
  font-size: ${fontSizes.md};
  font-weight: ${fontWeights.semibold};
  cursor: pointer;
  &:hover { background: ${colors.dangerSoft}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

export type PatientDetailModalProps = {
  patient: Patient;
  onClose: () => void;
  onEdit: (patient: Patient) => void;
  onLink: (patient: Patient) => void;
  /** The patient was deleted (the list refreshes). */
  onDeleted: () => void;
};

/** A bin (components/ui/Icon has none yet). */
function TrashGlyph() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}

function orUnknown(value: string | null | undefined): string {
  return value && value.trim() ? value : T.detail.unknown;
}

export function PatientDetailModal({ patient: initial, onClose, onEdit, onLink, onDeleted }: PatientDetailModalProps) {
  const moreId = useId();
  const [patient, setPatient] = useState(initial);
  const [showMore, setShowMore] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchPatient(initial.id, controller.signal).then(
      (fresh) => {
        if (!controller.signal.aborted) setPatient(fresh);
      },
      () => {
        // Keep the list's copy: it is complete, only its photo link may be older.
      },
    );
    return () => controller.abort();
  }, [initial.id]);

  async function handleConfirmDelete() {
    setDeleting(true);
    const outcome = await deletePatient(patient.id);
    setDeleting(false);
    setConfirming(false);
    if (outcome === 'deleted') {
      toastSuccess(T.deletion.success);
      onDeleted();
    } else if (outcome === 'hasSurgery') {
      toastWarning(T.deletion.hasSurgery);
    } else {
      toastError(T.deletion.failure);
    }
  }

  const address = patient.full_address ?? (patient.address ? [patient.address, formatCep(patient.cep)].filter(Boolean).join(', ') : null);

  const footer = (
    <ModalActions
      start={
        <>
          <StyledDanger type="button" onClick={() => setConfirming(true)}>
            <TrashGlyph />
            {T.detail.delete}
          </StyledDanger>
          <Button variant="secondary" onClick={() => onEdit(patient)}>
            {T.detail.edit}
          </Button>
        </>
      }
      end={
        <Button onClick={() => onLink(patient)}>
          <Icon name="link" size={18} />
          {T.detail.link}
        </Button>
      }
    />
  );

  return (
    <>
      <Modal
        isOpen
        onClose={onClose}
        title={patient.nome_completo}
        closeLabel={T.modal.close}
        maxWidth={PATIENT_MODAL_MAX_WIDTH}
        footer={footer}
      >
        <StyledBody>
          <Avatar src={patient.foto} size={128} alt={fill(T.detail.photoAlt, { name: patient.nome_completo })} />
          <StyledFacts>
            <StyledFact>
              <dt>{T.detail.phone}</dt>
              <dd>{orUnknown(formatPhone(patient.cellphone))}</dd>
            </StyledFact>
            <StyledFact>
              <dt>{T.detail.plan}</dt>
              <dd>{patient.convenio?.fantasy_name ?? T.detail.noPlan}</dd>
            </StyledFact>
            {patient.convenio ? (
              <StyledFact $wide>
                <dt>{T.detail.card}</dt>
                <dd>
                  <PlanCardSummary card={patient.plan_card} />
                </dd>
              </StyledFact>
            ) : null}
            <StyledFact $wide>
              <dt>{T.detail.medic}</dt>
              <dd>{`${patient.medic.first_name} ${patient.medic.last_name}`.trim()}</dd>
            </StyledFact>
            <StyledMore
              type="button"
              aria-expanded={showMore}
              aria-controls={moreId}
              onClick={() => setShowMore((current) => !current)}
            >
              {showMore ? T.detail.lessInfo : T.detail.moreInfo}
              <Icon name="chevronDown" size={16} />
            </StyledMore>
            {showMore ? (
              <StyledMoreFacts id={moreId}>
                <StyledFact>
                  <dt>{T.detail.birthday}</dt>
                  <dd>{orUnknown(formatDate(patient.birthday))}</dd>
                </StyledFact>
                <StyledFact>
                  <dt>{T.detail.cpf}</dt>
                  <dd>{formatCpf(patient.cpf)}</dd>
                </StyledFact>
                <StyledFact $wide>
                  <dt>{T.detail.address}</dt>
                  <dd>{orUnknown(address)}</dd>
                </StyledFact>
              </StyledMoreFacts>
            ) : null}
          </StyledFacts>
        </StyledBody>
        <PatientPrivacyActions patientId={patient.id} />
        <StyledErasure>
          <PatientErasure patient={patient} onErased={onDeleted} />
        </StyledErasure>
      </Modal>
      <ConfirmDialog
        isOpen={confirming}
        title={T.deletion.title}
        text={fill(T.deletion.text, { name: patient.nome_completo })}
        confirmLabel={T.deletion.yes}
        cancelLabel={T.deletion.no}
        focus="cancel"
        tone="danger"
        busy={deleting}
        busyLabel={T.deletion.deleting}
        closeLabel={T.modal.close}
        onConfirm={() => void handleConfirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
