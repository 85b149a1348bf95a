/**
 * /patients-surgery (secretary; SPEC §2 Surgery registration). First the patient is chosen (search + 'Vincular', or
 * `?id=` from the patient detail modal), then the surgery form is filled. The linked patient's id is kept in the URL
 * (`?id=`), so a reload keeps the patient. A patient that cannot be loaded leaves the user here with an error toast.
 * On success the user goes to the new case's address (/surgery-details/<id>).
 * The form is a chunk of its own (issue 41, goals 6 and 7): it loads with the patient linked (`?id=`: while the patient
 * is read), not with the search the page opens on; a spinner stands for it until it has arrived.
 */
import { useEffect, useRef, useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { styled } from 'goober';
import { Page } from '../../components/layout/Page';
import { Avatar } from '../../components/ui/Avatar';
import { Button } from '../../components/ui/Button';
import { DiscardChangesDialog } from '../../components/ui/DiscardChangesDialog';
import { PartLoading, Spinner } from '../../components/ui/Spinner';
import type { FormDraft } from '../../lib/drafts/useFormDraft';
import { ptBR } from '../../lib/i18n/pt-BR';
import { surgeriesTexts } from '../../lib/i18n/surgeries';
import { colors, fontSizes, fontWeights, media, space } from '../../lib/theme';
import { toastError } from '../../lib/toast';
import { getPatient } from './api';
import { PatientSearch } from './components/PatientSearch';
import type { SurgeryFormProps } from './components/SurgeryForm';
import type { Patient } from './types';
import { columnCss, raisedSurface } from '../../components/ui/cssParts';
import { chunkComponent, useChunk } from '../../lib/chunkComponent';

const T = surgeriesTexts.registration;
const routeApi = getRouteApi('/app/patients-surgery');

const StyledCard = styled('section')`
  ${columnCss(space.lg)}
  padding: ${space.lg};
  ${raisedSurface}
  ${media.md} { padding: ${space.xl}; gap: ${space.xl}; }
`;

const StyledHeading = styled('h2')`
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.bold};
  color: ${colors.text};
`;

const StyledIntro = styled('p')`
  margin-top: ${space.xs};
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledFormHeader = styled('div')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.md};
  ${media.belowMd} { & > button { width: 100%; } }
`;

const StyledFormTitle = styled('div')`
  flex: 1;
  min-width: 0;
`;

const StyledPatientMeta = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledLoading = styled('div')`
  display: flex;
  align-items: center;
  gap: ${space.md};
  color: ${colors.textMuted};
`;

const surgeryFormChunk = chunkComponent<SurgeryFormProps>(() => import('./components/SurgeryForm').then((module) => module.SurgeryForm));

/** The registration form, at once when its chunk has loaded, else a spinner until it arrives. */
function SurgeryForm(props: SurgeryFormProps) {
  const { Component } = useChunk(surgeryFormChunk);
  return Component ? <Component {...props} /> : <PartLoading />;
}

export function PatientsSurgeryPage() {
  const { id } = routeApi.useSearch();
  const navigate = useNavigate();
  const [patient, setPatient] = useState<Patient | null>(null);
  const [searchAgain, setSearchAgain] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const draftRef = useRef<FormDraft | null>(null);
  const [askingDiscard, setAskingDiscard] = useState(false);
  const loading = id !== undefined && patient?.id !== id;

  useEffect(() => {
    // A linked patient shows the form: its chunk loads while the patient is read (a failure shows when rendered).
    if (id !== undefined) surgeryFormChunk.load().catch(() => undefined);
  }, [id]);

  useEffect(() => {
    if (id === undefined || patient?.id === id) return;
    const controller = new AbortController();
    getPatient(id, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        if (result.kind === 'ok') {
          setPatient(result.value);
          return;
        }
        toastError(T.patientNotLoaded);
        setPatient(null);
        void navigate({ to: '/patients-surgery', search: {}, replace: true });
      },
      () => {},
    );
    return () => controller.abort();
  }, [id, patient?.id, navigate]);

  function handleLink(next: Patient) {
    setPatient(next);
    void navigate({ to: '/patients-surgery', search: { id: next.id }, replace: true });
  }

  /** 'Trocar paciente' closes the form: with unsaved changes, 'Descartar alterações?' first. */
  function handleChangePatient() {
    if (draftRef.current?.hasChanges()) setAskingDiscard(true);
    else changePatient();
  }

  function handleDiscard() {
    draftRef.current?.clear();
    setAskingDiscard(false);
    changePatient();
  }

  function changePatient() {
    draftRef.current = null;
    setPatient(null);
    setSearchAgain(true);
    void navigate({ to: '/patients-surgery', search: {}, replace: true });
  }

  function handleCreated(surgeryId: number) {
    void navigate({ to: '/surgery-details/$id', params: { id: String(surgeryId) } });
  }

  return (
    <Page title={ptBR.pages.patientsSurgery}>
      {loading ? (
        <StyledCard aria-busy="true">
          <StyledLoading role="status">
            <Spinner size={24} />
            {T.loadingPatient}
          </StyledLoading>
        </StyledCard>
      ) : patient === null ? (
        <StyledCard aria-labelledby="patient-search-title">
          <div>
            <StyledHeading id="patient-search-title">{T.searchTitle}</StyledHeading>
            <StyledIntro>{T.searchIntro}</StyledIntro>
          </div>
          <PatientSearch onLink={handleLink} autoFocus={searchAgain} />
        </StyledCard>
      ) : (
        <StyledCard aria-labelledby="surgery-form-title">
          <StyledFormHeader>
            <Avatar src={patient.foto} name={patient.nome_completo} size={48} />
            <StyledFormTitle>
              <StyledHeading id="surgery-form-title">{T.formTitle}</StyledHeading>
              <StyledPatientMeta>
                {patient.nome_completo} · {patient.convenio?.fantasy_name ?? T.noPlan}
              </StyledPatientMeta>
            </StyledFormTitle>
            <Button variant="secondary" onClick={handleChangePatient} disabled={submitting}>
              {T.changePatient}
            </Button>
          </StyledFormHeader>
          <SurgeryForm
            key={patient.id}
            patient={patient}
            onCreated={handleCreated}
            onSubmittingChange={setSubmitting}
            draftRef={draftRef}
          />
        </StyledCard>
      )}
      <DiscardChangesDialog isOpen={askingDiscard} onDiscard={handleDiscard} onKeepEditing={() => setAskingDiscard(false)} />
    </Page>
  );
}
