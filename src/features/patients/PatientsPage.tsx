/**
 * /patients (secretary; SPEC §2 Patients): the patients list with its name search on the left, the box to add a
 * patient on the right (first, on phones), and the registration, edit, detail and delete dialogs. 'Exportar CSV'
 * (issue 14 item 5), beside the title, downloads every patient the applied search finds.
 */
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { styled } from 'goober';
import type { UserType } from '../../../machines/constants';
import { api } from '../../api/client';
import { Page } from '../../components/layout/Page';
import { ExportCsvButton } from '../../components/ui/ExportCsvButton';
import { Button } from '../../components/ui/Button';
import { Icon } from '../../components/ui/Icon';
import { patientsTexts as T } from '../../lib/i18n/patients';
import { colors, fontSizes, fontWeights, media, radii, shadows, space } from '../../lib/theme';
import { isEmptyText, SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../lib/useDebouncedValue';
import { chunked } from '../../lib/chunked';
import type { Patient } from './actors';
import type { PatientDetailModalProps } from './PatientDetailModal';
import { PatientList } from './PatientList';
import type { PatientWizardModalProps } from './PatientWizardModal';
import { usePatientList } from './usePatientList';
import { iconBoxCss } from '../../components/ui/cssParts';

const StyledLayout = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.xl};
  align-items: start;
  ${media.md} {
    grid-template-columns: minmax(0, 1.75fr) minmax(260px, 1fr);
  }
`;

const StyledAddBox = styled('section')`
  order: -1;
  display: grid;
  grid-template-columns: auto 1fr;
  align-items: center;
  gap: ${space.md};
  padding: ${space.lg};
  & > button { grid-column: 1 / -1; }
  border-radius: ${radii.lg};
  background: linear-gradient(160deg, ${colors.primary} 0%, ${colors.primaryDeep} 100%);
  color: ${colors.onPrimary};
  box-shadow: ${shadows.raised};
  ${media.md} {
    order: 0;
    display: flex;
    flex-direction: column;
    align-items: stretch;
    padding: ${space.xl};
    position: sticky;
    top: ${space.xl};
    & > span { align-self: flex-start; }
  }
  & > button {
    align-self: stretch;
    background: ${colors.surface};
    color: ${colors.primary};
    border-color: ${colors.surface};
  }
  & > button:hover:not(:disabled) { background: ${colors.primaryTint}; }
`;

const StyledAddIcon = styled('span')`
  ${iconBoxCss('48px')}
  border-radius: 50%;
  background: rgba(255, 255, 255, 0.14);
  color: ${colors.onPrimary};
`;

const StyledAddTitle = styled('h2')`
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.bold};
`;

const StyledAddText = styled('p')`
  font-size: ${fontSizes.sm};
  line-height: 1.5;
  color: rgba(255, 255, 255, 0.86);
  ${media.belowMd} { display: none; }
`;

type Dialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'detail'; patient: Patient }
  | { kind: 'edit'; patient: Patient };

type PatientsPageProps = {
  /** The signed-in user's role: a secretary chooses the patient's medic (SPEC §6). */
  userType: UserType;
};

/** The patients found by the search ('' for all), as a CSV. */
function exportPatients(search: string) {
  return api.GET('/surgery/api/v1/patient/export.csv', { params: { query: search ? { search } : {} }, parseAs: 'blob' });
}

// Loaded when first opened: the wizard (its rules bring arktype), the patient's card and React Aria's dialog stay out of
// the page's first download (issue 41, goal 6).
const PatientWizardModal = chunked<PatientWizardModalProps>(() => import('./PatientWizardModal').then((module) => module.PatientWizardModal));
const PatientDetailModal = chunked<PatientDetailModalProps>(() => import('./PatientDetailModal').then((module) => module.PatientDetailModal));

export function PatientsPage({ userType }: PatientsPageProps) {
  const navigate = useNavigate();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS, isEmptyText);
  const list = usePatientList(search);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const requiresMedic = userType === 'secretary';

  const searching = searchText.trim() !== search || (search !== '' && list.status === 'loading');

  function closeDialog() {
    setDialog({ kind: 'none' });
  }

  function goLink(patientId: number) {
    void navigate({ to: '/patients-surgery', search: { id: patientId } });
  }

  function handleSaved(patient: Patient, link: boolean) {
    closeDialog();
    setSelectedId(patient.id);
    list.refresh();
    if (link) goLink(patient.id);
  }

  function handleDeleted() {
    closeDialog();
    setSelectedId(null);
    list.refresh();
  }

  return (
    <Page
      title={T.title}
      actions={
        <ExportCsvButton call={() => exportPatients(search)} fallbackName="pacientes.csv" />
      }
    >
      <StyledLayout>
        <PatientList
          list={list}
          searchText={searchText}
          onSearchTextChange={setSearchText}
          searching={searching}
          appliedSearch={search}
          selectedId={selectedId}
          onSelect={(patient) => setSelectedId(patient.id)}
          onView={(patient) => {
            setSelectedId(patient.id);
            setDialog({ kind: 'detail', patient });
          }}
          onAdd={() => setDialog({ kind: 'create' })}
          onRetry={list.retry}
          onLoadMore={list.loadMore}
        />
        <StyledAddBox aria-labelledby="patients-add-title">
          <StyledAddIcon>
            <Icon name="userPlus" size={26} />
          </StyledAddIcon>
          <StyledAddTitle id="patients-add-title">{T.add.title}</StyledAddTitle>
          <StyledAddText>{T.add.text}</StyledAddText>
          <Button variant="secondary" onClick={() => setDialog({ kind: 'create' })}>
            {T.add.button}
          </Button>
        </StyledAddBox>
      </StyledLayout>

      {dialog.kind === 'create' ? (
        <PatientWizardModal requiresMedic={requiresMedic} onClose={closeDialog} onSaved={handleSaved} />
      ) : null}
      {dialog.kind === 'edit' ? (
        <PatientWizardModal
          patient={dialog.patient}
          requiresMedic={requiresMedic}
          onClose={closeDialog}
          onSaved={handleSaved}
        />
      ) : null}
      {dialog.kind === 'detail' ? (
        <PatientDetailModal
          patient={dialog.patient}
          onClose={closeDialog}
          onEdit={(patient) => setDialog({ kind: 'edit', patient })}
          onLink={(patient) => goLink(patient.id)}
          onDeleted={handleDeleted}
        />
      ) : null}
    </Page>
  );
}
