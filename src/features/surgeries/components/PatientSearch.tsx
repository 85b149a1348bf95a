/**
 * The patient search of /patients-surgery (SPEC §2): 'Nome do paciente', 800 ms debounce (SPEC §9), results only for
 * a non-empty text, 'Nenhum paciente foi encontrado' when there are none, and a 'Vincular' button per result.
 * A failed search shows the empty list (SPEC §7: failed reads are silent) with a way to try again.
 */
import { useEffect, useState } from 'react';
import { styled } from 'goober';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { Spinner } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { fill } from '../../../lib/i18n/pt-BR';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import { colors, fontSizes, fontWeights, media, radii, space } from '../../../lib/theme';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/useDebouncedValue';
import { searchPatients } from '../api';
import type { Patient } from '../types';
import { boxedRowsCss, columnCss } from '../../../components/ui/cssParts';

const T = surgeriesTexts.registration;

type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; patients: Patient[] }
  | { status: 'error' };

const StyledResults = styled('ul')`
  ${boxedRowsCss}
  ${media.md} {
    max-height: 420px;
    overflow-y: auto;
    overscroll-behavior: contain;
  }
`;

const StyledRow = styled('li')`
  display: flex;
  align-items: center;
  gap: ${space.md};
  padding: ${space.md};
  background: ${colors.surface};
  &:hover { background: ${colors.primaryTint}; }
`;

const StyledWho = styled('div')`
  flex: 1;
  min-width: 0;
  ${columnCss(space.xxs)}
`;

const StyledName = styled('span')`
  font-weight: ${fontWeights.semibold};
  color: ${colors.text};
  overflow-wrap: anywhere;
`;

const StyledMeta = styled('span')`
  display: flex;
  flex-wrap: wrap;
  column-gap: ${space.md};
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledState = styled('div')<{ $tone?: 'muted' | 'danger' }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.sm};
  padding: ${space.lg};
  border: 1px dashed ${colors.border};
  border-radius: ${radii.md};
  font-size: ${fontSizes.sm};
  color: ${(p) => (p.$tone === 'danger' ? colors.danger : colors.textMuted)};
  ${media.md} { padding: ${space.xl}; }
`;

type PatientSearchProps = {
  onLink: (patient: Patient) => void;
  /** Focus the search box when shown (after 'Trocar paciente'). */
  autoFocus?: boolean;
};

export function PatientSearch({ onLink, autoFocus = false }: PatientSearchProps) {
  const [text, setText] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const typing = text.trim() !== query;
  const [searchedQuery, setSearchedQuery] = useState(query);
  if (searchedQuery !== query) {
    setSearchedQuery(query);
    setState({ status: query === '' ? 'idle' : 'loading' });
  }

  useEffect(() => {
    if (query === '') return;
    const controller = new AbortController();
    searchPatients(query, controller.signal).then(
      (patients) => setState({ status: 'ready', patients }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [query, attempt]);

  function handleRetry() {
    setState({ status: 'loading' });
    setAttempt((current) => current + 1);
  }

  const busy = text.trim() !== '' && (typing || state.status === 'loading');

  return (
    <>
      <TextField
        label={T.searchLabel}
        name="patient-search"
        value={text}
        onChange={setText}
        placeholder={T.searchPlaceholder}
        autoComplete="off"
        hint={T.searchHint}
        autoFocus={autoFocus}
      />
      <div aria-busy={busy || undefined}>
        {text.trim() === '' ? null : busy ? (
          <StyledState role="status">
            <Spinner size={18} />
            {T.searching}
          </StyledState>
        ) : state.status === 'error' ? (
          <StyledState $tone="danger">
            <Icon name="alert" size={18} />
            <span>{T.searchFailed}</span>
            <Button variant="secondary" onClick={handleRetry}>
              {surgeriesTexts.table.retry}
            </Button>
          </StyledState>
        ) : state.status === 'ready' && state.patients.length === 0 ? (
          <StyledState role="status">{T.noPatients}</StyledState>
        ) : state.status === 'ready' ? (
          <StyledResults aria-label={T.results}>
            {state.patients.map((patient) => (
              <StyledRow key={patient.id}>
                <Avatar src={patient.foto} name={patient.nome_completo} />
                <StyledWho>
                  <StyledName>{patient.nome_completo}</StyledName>
                  <StyledMeta>
                    <span>{patient.convenio?.fantasy_name ?? T.noPlan}</span>
                    <span>{fill(T.medicOf, { name: patient.medic.first_name })}</span>
                  </StyledMeta>
                </StyledWho>
                <LinkButton patient={patient} onLink={onLink} />
              </StyledRow>
            ))}
          </StyledResults>
        ) : null}
      </div>
    </>
  );
}

const StyledLinkButton = styled('button')`
  flex: none;
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  min-height: 40px;
  padding: 0 ${space.lg};
  border: 1px solid ${colors.primary};
  border-radius: ${radii.md};
  background: ${colors.surface};
  color: ${colors.primary};
  font-weight: ${fontWeights.semibold};
  cursor: pointer;
  &:hover { background: ${colors.primary}; color: ${colors.onPrimary}; }
  ${media.belowMd} {
    padding: 0 ${space.md};
    & > svg { display: none; }
  }
`;

function LinkButton({ patient, onLink }: { patient: Patient; onLink: (patient: Patient) => void }) {
  return (
    <StyledLinkButton
      type="button"
      aria-label={fill(T.linkPatient, { name: patient.nome_completo })}
      onClick={() => onLink(patient)}
    >
      <Icon name="link" size={16} />
      {T.link}
    </StyledLinkButton>
  );
}
