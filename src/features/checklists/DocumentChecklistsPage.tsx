/**
 * /document-checklists, 'Documentos exigidos' (issue 13 item 2; DECISIONS §15): which documents each hospital and
 * health plan asks for, per medic. Pick a hospital or a plan (the registration's search selects), tick SPEC's
 * document kinds and add named extras, save. A secretary with several medics picks the medic first. The lists already
 * configured are listed below, each one opening its editor. Loading, empty and failure states are designed. Below the
 * editor, the office's own DOCX form for the hospital or plan (OfficeTemplateSection, issue 33 item 10f).
 */
import { useEffect, useState } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { styled } from 'goober';
import { useController, type Resolver, type ResolverResult } from 'react-hook-form';
import { AddItemRow } from '../../components/form/AddItemRow';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { SURGERY_DOCUMENT_KINDS, type SurgeryDocumentKind } from '../../../machines/constants';
import { MAX_EXTRA_DOCUMENTS } from '../../../machines/preoperative/constants';
import { healthPlanDetail, searchHealthPlans, type HealthPlan } from '../../api/lookups';
import { Page } from '../../components/layout/Page';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Icon } from '../../components/ui/Icon';
import { Notice } from '../../components/ui/Notice';
import { LazySearchSelect } from '../../components/ui/LazySearchSelect';
import { Select } from '../../components/ui/Select';
import { TextField } from '../../components/ui/TextField';
import { checklistsTexts } from '../../lib/i18n/checklists';
import { OfficeTemplateSection } from './OfficeTemplateSection';
import { plural } from '../../../machines/rules/plural';
import { fill } from '../../lib/i18n/pt-BR';
import { colors, focusRing, fontSizes, fontWeights, media, radii, shadows, space } from '../../lib/theme';
import { toastSuccess, toastWarning } from '../../lib/toast';
import { found, useRead, type FoundState } from '../../lib/useRead';
import { useSecretaryMedics } from '../../lib/secretaryMedics';
import type { ReadResult } from '../../api/read';
import {
  searchHospitalsForChecklist as searchHospitals,
  type Hospital,
  getRequirements,
  getRequirementsOverview,
  saveRequirements,
  type ChecklistScope,
  type RequirementList,
  type RequirementsOverview,
} from '../../api/checklists';
import { cardSurface } from '../../components/ui/cssParts';

const T = checklistsTexts.page;
const routeApi = getRouteApi('/app/document-checklists');

const Card = styled('section')`
  display: flex;
  flex-direction: column;
  gap: ${space.lg};
  ${cardSurface}
`;

const Intro = styled('p')`
  color: ${colors.textMuted};
  font-size: ${fontSizes.sm};
  max-width: 70ch;
`;

const Grid = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.lg};
  ${media.md} { grid-template-columns: repeat(2, minmax(0, 1fr)); align-items: end; }
`;

const Segmented = styled('div')`
  display: inline-flex;
  padding: ${space.xxs};
  border-radius: ${radii.pill};
  background: ${colors.disabled};
  gap: ${space.xxs};
  & button {
    min-height: 40px;
    padding: ${space.xs} ${space.lg};
    border: 0;
    border-radius: ${radii.pill};
    background: transparent;
    color: ${colors.textMuted};
    font: inherit;
    font-size: ${fontSizes.sm};
    font-weight: ${fontWeights.semibold};
    cursor: pointer;
  }
  & button[aria-pressed='true'] { background: ${colors.surface}; color: ${colors.primary}; box-shadow: ${shadows.card}; }
  & button:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

const GroupLabel = styled('span')`
  display: block;
  margin-bottom: ${space.xs};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  color: ${colors.text};
`;

const SectionTitle = styled('h2')`
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.bold};
  color: ${colors.text};
`;

const Fieldset = styled('fieldset')`
  display: flex;
  flex-direction: column;
  gap: ${space.sm};
  margin: 0;
  padding: 0;
  border: 0;
  & legend { padding: 0; font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
  & > p { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
`;

const KindGrid = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.sm} ${space.lg};
  ${media.md} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
`;

const Chips = styled('ul')`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
  & li {
    display: inline-flex;
    align-items: center;
    gap: ${space.xs};
    padding: ${space.xs} ${space.xs} ${space.xs} ${space.md};
    border-radius: ${radii.pill};
    background: ${colors.primarySoft};
    color: ${colors.primaryDeep};
    font-size: ${fontSizes.sm};
    font-weight: ${fontWeights.medium};
  }
  & li button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 32px;
    height: 32px;
    border: 0;
    border-radius: ${radii.pill};
    background: transparent;
    color: inherit;
    cursor: pointer;
  }
  & li button:hover { background: ${colors.surface}; }
  & li button:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

const Muted = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const Actions = styled('div')`
  display: flex;
  justify-content: flex-end;
  padding-top: ${space.lg};
  border-top: 1px solid ${colors.border};
  & button { width: 100%; }
  ${media.md} { & button { width: auto; } }
`;

const ListOfLists = styled('ul')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.md};
  margin: 0;
  padding: 0;
  list-style: none;
  ${media.md} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  & button {
    display: flex;
    flex-direction: column;
    gap: ${space.xs};
    width: 100%;
    padding: ${space.md} ${space.lg};
    border: 1px solid ${colors.border};
    border-radius: ${radii.md};
    background: ${colors.surface};
    text-align: left;
    font: inherit;
    color: ${colors.text};
    cursor: pointer;
  }
  & button:hover { border-color: ${colors.primary}; background: ${colors.primaryTint}; }
  & button:focus-visible { outline: none; box-shadow: ${focusRing}; }
  & strong { font-weight: ${fontWeights.semibold}; }
  & span { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
`;

type Owner = { scope: ChecklistScope; id: number; name: string };

/**
 * The list's check (arktype), loaded when an editor opens (issue 41: not before the page's first paint); a failed
 * download is tried again at the next call.
 */
let requirementsCheck: Promise<typeof import('./requirementsCheck')> | null = null;
function loadRequirementsCheck() {
  requirementsCheck ??= import('./requirementsCheck');
  requirementsCheck.catch(() => {
    requirementsCheck = null;
  });
  return requirementsCheck;
}

/**
 * The name typed to add to `extras`, checked with the whole list by the server's own rules
 * (machines/preoperative/checklistSchemas.ts), so the form says what the API would; passed on as the API cleans it.
 */
function extraResolver(kinds: SurgeryDocumentKind[], extras: string[]): Resolver<{ extra: string }> {
  return async (values): Promise<ResolverResult<{ extra: string }>> => {
    const { checkRequirements } = await loadRequirementsCheck();
    const checked = checkRequirements({ kinds, extras: [...extras, values.extra] });
    if (checked.ok) return { values: { extra: checked.value.extras.at(-1) ?? values.extra }, errors: {} };
    const message = checked.problems.fields.extras?.[0] ?? checked.problems.error[0];
    return { values: {}, errors: { extra: { type: 'schema', message } } };
  };
}

/** The editor of one hospital's or plan's list, from its stored items. */
function ListEditor({ list, medic, onSaved }: { list: RequirementList; medic: number | null; onSaved: (list: RequirementList) => void }) {
  const [kinds, setKinds] = useState<SurgeryDocumentKind[]>(() => list.items.flatMap((item) => (item.kind ? [item.kind] : [])));
  const [extras, setExtras] = useState<string[]>(() => list.items.flatMap((item) => (item.kind ? [] : [item.name])));
  const form = useSchemaForm(extraResolver(kinds, extras), { extra: '' }, { clearErrorOnChange: true, focusError: false });
  const { field: draftField, fieldState: draftState } = useController({ control: form.control, name: 'extra' });
  const draft = draftField.value;
  const [saving, setSaving] = useState(false);
  useEffect(() => void loadRequirementsCheck().catch(() => undefined), []);

  function toggle(kind: SurgeryDocumentKind, on: boolean) {
    setKinds((current) => (on ? [...current, kind] : current.filter((each) => each !== kind)));
  }

  const addExtra = form.handleSubmit((values) => {
    setExtras([...extras, values.extra]);
    form.setValue('extra', '');
  });

  async function save() {
    let checkRequirements: (typeof import('./requirementsCheck'))['checkRequirements'];
    try {
      ({ checkRequirements } = await loadRequirementsCheck());
    } catch {
      toastWarning(T.saveFailed);
      return;
    }
    const checked = checkRequirements({ kinds, extras });
    if (!checked.ok) {
      for (const message of checked.problems.error) toastWarning(message);
      return;
    }
    setSaving(true);
    const result = await saveRequirements(list.scope, list.id, medic, checked.value);
    setSaving(false);
    if (result.ok) {
      toastSuccess(T.saved);
      onSaved(result.data);
    } else for (const message of result.messages.length ? result.messages : [T.saveFailed]) toastWarning(message);
  }

  return (
    <Card aria-labelledby="checklist-editor-title">
      <SectionTitle id="checklist-editor-title">{list.name}</SectionTitle>
      <Fieldset>
        <legend>{T.kindsTitle}</legend>
        <p>{T.kindsHint}</p>
        <KindGrid>
          {SURGERY_DOCUMENT_KINDS.map((kind) => (
            <Checkbox key={kind} name={`kind-${kind}`} checked={kinds.includes(kind)} onChange={(on) => toggle(kind, on)}>
              {checklistsTexts.kinds[kind]}
            </Checkbox>
          ))}
        </KindGrid>
      </Fieldset>
      <Fieldset>
        <legend>{T.extrasTitle}</legend>
        <p>{T.extrasHint}</p>
        {extras.length > 0 ? (
          <Chips aria-label={T.extrasTitle}>
            {extras.map((name) => (
              <li key={name}>
                {name}
                <button type="button" aria-label={fill(T.removeExtra, { name })} onClick={() => setExtras((current) => current.filter((each) => each !== name))}>
                  <Icon name="close" size={16} />
                </button>
              </li>
            ))}
          </Chips>
        ) : (
          <Muted>{T.noExtras}</Muted>
        )}
        {extras.length < MAX_EXTRA_DOCUMENTS ? (
          <AddItemRow
            onKeyDown={(event) => {
              // Enter in the name adds it, as the button does (issue 33 #10a); nothing else submits here.
              if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement) || event.nativeEvent.isComposing) return;
              event.preventDefault();
              if (draft.trim() !== '') void addExtra();
            }}
          >
            <TextField
              label={T.extraLabel}
              name="extra"
              value={draft}
              onChange={draftField.onChange}
              onBlur={draftField.onBlur}
              placeholder={T.extraPlaceholder}
              error={draftState.error?.message}
            />
            <Button variant="secondary" onClick={() => void addExtra()} disabled={draft.trim() === ''}>
              {T.addExtra}
            </Button>
          </AddItemRow>
        ) : null}
      </Fieldset>
      <Actions>
        <Button onClick={() => void save()} loading={saving}>
          {saving ? T.saving : T.save}
        </Button>
      </Actions>
    </Card>
  );
}

/** The list of `owner` for `medic`, read again after a retry or a save elsewhere. */
function useList(owner: Owner | null, medic: number | null, enabled: boolean, attempt: number): FoundState<RequirementList> | null {
  const read = owner && enabled ? owner : null;
  const { state } = useRead(
    (signal): Promise<ReadResult<RequirementList>> => (read ? getRequirements(read.scope, read.id, medic, signal) : Promise.resolve({ kind: 'error' })),
    [read?.scope, read?.id, medic, attempt],
  );
  return read ? found(state) : null;
}

function useOverview(medic: number | null, enabled: boolean, attempt: number): FoundState<RequirementsOverview> | null {
  const { state } = useRead(
    (signal): Promise<ReadResult<RequirementsOverview>> => (enabled ? getRequirementsOverview(medic, signal) : Promise.resolve({ kind: 'error' })),
    [medic, enabled, attempt],
  );
  return enabled ? found(state) : null;
}

export function DocumentChecklistsPage() {
  const profileType = routeApi.useRouteContext({ select: (context) => context.profile.type });
  const isSecretary = profileType === 'secretary';
  const userId = routeApi.useRouteContext({ select: (context) => context.profile.user.id });
  // Not read for a medic, who edits his own lists.
  const medics = useSecretaryMedics(isSecretary, userId);
  const medicItems = medics.state.status === 'ready' ? medics.state.value : [];
  const [chosenMedic, setChosenMedic] = useState('');
  // A secretary with one medic works on that medic's lists; with several she picks one.
  const medic = !isSecretary ? null : medicItems.length === 1 ? medicItems[0]!.id : chosenMedic ? Number(chosenMedic) : null;
  const medicReady = !isSecretary || (medics.state.status === 'ready' && medic !== null);

  const [scope, setScope] = useState<ChecklistScope>('hospital');
  const [hospital, setHospital] = useState<Hospital | null>(null);
  const [plan, setPlan] = useState<HealthPlan | null>(null);
  const [owner, setOwner] = useState<Owner | null>(null);
  const [attempt, setAttempt] = useState(0);
  const list = useList(owner, medic, medicReady, attempt);
  const overview = useOverview(medic, medicReady, attempt);

  function choose(next: Owner | null) {
    setOwner(next);
  }

  function openList(entry: RequirementList) {
    setScope(entry.scope);
    if (entry.scope === 'hospital') setHospital({ id: entry.id, fantasy_name: entry.name } as Hospital);
    else setPlan({ id: entry.id, fantasy_name: entry.name } as HealthPlan);
    choose({ scope: entry.scope, id: entry.id, name: entry.name });
  }

  return (
    <Page title={T.title}>
      <Card aria-label={T.title}>
        <Intro>{T.intro}</Intro>
        {isSecretary && medics.count !== 1 ? (
          <Select
            label={T.medic}
            name="medic"
            value={chosenMedic}
            onChange={(value) => {
              setChosenMedic(value);
              setOwner(null);
            }}
            options={medicItems.map((item) => ({ value: String(item.id), label: `${item.first_name} ${item.last_name}` }))}
            placeholder={T.medicPlaceholder}
            loading={medics.state.status === 'loading'}
            loadingText={T.medicsLoading}
            loadError={medics.state.status === 'error' ? T.medicsFailed : undefined}
            retryLabel={T.retry}
            onRetry={medics.retry}
          />
        ) : null}
        <Grid>
          <div role="group" aria-labelledby="checklist-scope-label">
            <GroupLabel id="checklist-scope-label">{T.scopeLabel}</GroupLabel>
            <Segmented>
              {(['hospital', 'plano'] as const).map((each) => (
                <button
                  key={each}
                  type="button"
                  aria-pressed={scope === each}
                  onClick={() => {
                    setScope(each);
                    const picked = each === 'hospital' ? hospital : plan;
                    choose(picked ? { scope: each, id: picked.id, name: picked.fantasy_name } : null);
                  }}
                >
                  {T.scopes[each]}
                </button>
              ))}
            </Segmented>
          </div>
          {scope === 'hospital' ? (
            <LazySearchSelect
              key="hospital"
              label={T.hospital}
              name="hospital"
              placeholder={T.hospitalPlaceholder}
              value={hospital}
              onChange={(item) => {
                setHospital(item);
                choose(item ? { scope: 'hospital', id: item.id, name: item.fantasy_name } : null);
              }}
              search={searchHospitals}
              itemKey={(item) => item.id}
              itemLabel={(item) => item.fantasy_name}
              disabled={!medicReady}
            />
          ) : (
            <LazySearchSelect
              key="plano"
              label={T.plan}
              name="health_plan"
              placeholder={T.planPlaceholder}
              value={plan}
              onChange={(item) => {
                setPlan(item);
                choose(item ? { scope: 'plano', id: item.id, name: item.fantasy_name } : null);
              }}
              search={searchHealthPlans}
              itemKey={(item) => item.id}
              itemLabel={(item) => item.fantasy_name}
              itemDetail={healthPlanDetail}
              disabled={!medicReady}
            />
          )}
        </Grid>
      </Card>

      {!medicReady ? (
        isSecretary && medics.state.status === 'ready' ? <Notice kind="empty" icon="userPlus" title={T.pickMedicFirst} announce={false} /> : null
      ) : list === null ? (
        <Notice kind="empty" icon="fileText" title={T.pickFirst} text={T.pickFirstText} announce={false} />
      ) : list.status === 'loading' ? (
        <Notice kind="loading" title={T.loading} />
      ) : list.status === 'error' ? (
        <Notice kind="failed" title={T.loadFailed} onRetry={() => setAttempt((n) => n + 1)} />
      ) : (
        <>
          <ListEditor key={`${list.value.scope}:${list.value.id}:${medic}:${attempt}`} list={list.value} medic={medic} onSaved={() => setAttempt((n) => n + 1)} />
          {/* The office's own hospital or plan form (issue 33 item 10f). */}
          <OfficeTemplateSection scope={list.value.scope} id={list.value.id} medic={medic} />
        </>
      )}

      {medicReady && overview ? (
        <Card aria-labelledby="checklist-configured-title">
          <SectionTitle id="checklist-configured-title">{T.configured}</SectionTitle>
          {overview.status === 'loading' ? (
            <Notice kind="loading" title={T.loading} compact />
          ) : overview.status === 'error' ? (
            <Notice kind="failed" title={T.loadFailed} onRetry={() => setAttempt((n) => n + 1)} compact />
          ) : overview.value.lists.length === 0 ? (
            <Notice kind="empty" icon="fileText" title={T.configuredEmpty} text={T.configuredEmptyText} compact announce={false} />
          ) : (
            <ListOfLists>
              {overview.value.lists.map((entry) => (
                <li key={`${entry.scope}:${entry.id}`}>
                  <button type="button" onClick={() => openList(entry)}>
                    <strong>{entry.name}</strong>
                    <span>
                      {T.scopes[entry.scope]} · {plural(entry.items.length, T.documentsCount)}
                    </span>
                  </button>
                </li>
              ))}
            </ListOfLists>
          )}
        </Card>
      ) : null}
    </Page>
  );
}
