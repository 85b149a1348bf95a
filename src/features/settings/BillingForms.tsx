/**
 * The forms of 'Faturamento TISS' (./BillingCard.tsx; issue 37; docs/TISS.md): how a medic bills the health plans in TISS guides (his council,
 * number and UF, CBO, CNES, the company he bills through, and per plan billed directly: as pessoa física or company
 * and his code at the operator) and his usual team ('Equipe habitual'), copied into a case with one click. On the
 * medic's /settings (his own) and the secretary's /account (one of her medics: the only one, or the one she picks, as
 * the payment terms' dialog on 'A receber'). Each part is read, edited and saved whole (PUT), checked first by the
 * API's schemas (machines/billing/billingSchemas.ts, loaded at the first check), whose messages land on the fields.
 */
import { useState, type FormEvent } from 'react';
import { styled } from 'goober';
import { useController, useFieldArray } from 'react-hook-form';
import { BILLING_UFS, COUNCILS } from '../../../machines/billing/constants';
import { messagesOf } from '../../api/call';
import {
  getBillingProfile,
  getUsualTeam,
  listMyMedics,
  putBillingProfile,
  putUsualTeam,
  type BillingProfile,
  type BillingProfileBody,
  type UsualTeam,
  type UsualTeamBody,
} from '../../api/billing';
import { healthPlanDetail, searchHealthPlans, type HealthPlan } from '../../api/lookups';
import { CboPicker } from '../../components/billing/CboPicker';
import { TeamMembersEditor } from '../../components/billing/TeamMembersEditor';
import { FormMaskedField, MASKS } from '../../components/form/FormMaskedField';
import { FormSelect } from '../../components/form/FormSelect';
import { FormTextField } from '../../components/form/FormTextField';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { ReadNotice } from '../../components/ui/ReadNotice';
import { SearchSelect } from '../../components/ui/SearchSelect';
import { Select } from '../../components/ui/Select';
import { TextField } from '../../components/ui/TextField';
import { plainListCss, visuallyHidden } from '../../components/ui/cssParts';
import { listResolver } from '../../lib/billing/listResolver';
import { maskedCpf, memberBodyOf, memberValuesOf, profileBodyOf, profileValuesOf, withPlan, type ProfileValues, type TeamValues } from '../../lib/billing/teamForm';
import { billingTexts } from '../../lib/i18n/billing';
import { fill } from '../../lib/i18n/pt-BR';
import { colors, fontSizes, fontWeights, media, radii, space } from '../../lib/theme';
import { toastError, toastSuccess } from '../../lib/toast';
import { useRead } from '../../lib/useRead';

const T = billingTexts.profile;
const TT = billingTexts.team;

const StyledForm = styled('form')`
  display: flex;
  flex-direction: column;
  gap: ${space.lg};
  padding-top: ${space.lg};
  border-top: 1px solid ${colors.border};
`;

const StyledSubtitle = styled('h3')`
  margin: 0;
  font-size: ${fontSizes.md};
  font-weight: ${fontWeights.bold};
  color: ${colors.text};
`;

const StyledFieldset = styled('fieldset')`
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
  display: flex;
  flex-direction: column;
  gap: ${space.md};
  & > legend {
    padding: 0;
    margin-bottom: ${space.sm};
    font-size: ${fontSizes.sm};
    font-weight: ${fontWeights.semibold};
    color: ${colors.text};
  }
`;

/** Two columns on a phone (the wide ones across), four from md up (the CBO and the company's name two wide). */
const StyledGrid = styled('div')`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space.md};
  align-items: start;
  & > [data-wide], & > [data-across] { grid-column: 1 / -1; }
  ${media.md} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
    & > [data-across] { grid-column: auto; }
    & > [data-wide] { grid-column: span 2; }
  }
`;

const StyledPlans = styled('ul')`
  ${plainListCss(space.sm)}
`;

const StyledPlan = styled('li')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.md};
  align-items: end;
  padding: ${space.md};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  ${media.md} { grid-template-columns: minmax(0, 2fr) minmax(0, 1.3fr) minmax(0, 1.3fr) auto; }
  & strong { display: block; font-size: ${fontSizes.sm}; color: ${colors.text}; overflow-wrap: anywhere; }
  & small { font-size: ${fontSizes.xs}; color: ${colors.textMuted}; }
`;

/** The plan picker and 'Incluir plano' side by side from md up, the button on the field's line. */
const StyledPick = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.md};
  align-items: end;
  ${media.md} { grid-template-columns: minmax(0, 1fr) auto; }
`;

const StyledMuted = styled('p')`
  margin: 0;
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledError = styled('p')`
  margin: 0;
  font-size: ${fontSizes.sm};
  color: ${colors.danger};
`;

const StyledActions = styled('div')`
  display: flex;
  justify-content: flex-end;
`;

const councilOptions = COUNCILS.map((council) => ({ value: council.code, label: council.label }));
const ufOptions = BILLING_UFS.map((uf) => ({ value: uf, label: uf }));
const billsAsOptions = [
  { value: 'cpf', label: T.billsAsCpf },
  { value: 'cnpj', label: T.billsAsCnpj },
];

const profileChecks = listResolver<ProfileValues>(
  () => import('../../../machines/billing/billingSchemas').then((module) => module.billingProfileSchema),
  profileBodyOf,
);

const teamBodyOf = (values: TeamValues) => ({ members: values.members.map((member) => memberBodyOf(member, false)) });
const usualTeamChecks = listResolver<TeamValues>(
  () => import('../../../machines/billing/billingSchemas').then((module) => module.usualTeamSchema),
  teamBodyOf,
);

function ProfileForm({ medic, initial }: { medic: number | null; initial: BillingProfile }) {
  const form = useSchemaForm(profileChecks, profileValuesOf(initial), { clearErrorOnChange: true, focusError: false });
  const { control, formState } = form;
  const plans = useFieldArray({ control, name: 'plans', keyName: 'key' });
  const cbo = useController({ control, name: 'cbo' });
  const [saving, setSaving] = useState(false);

  const [picked, setPicked] = useState<HealthPlan | null>(null);

  /** 'Incluir plano': the plan picked goes to the list (once), billed as pessoa física until told otherwise. */
  function handleInclude() {
    if (!picked) return;
    plans.replace(withPlan(form.getValues('plans'), picked));
    setPicked(null);
  }

  const save = form.handleSubmit(async (values) => {
    setSaving(true);
    const result = await putBillingProfile(medic, profileBodyOf(values) as BillingProfileBody);
    setSaving(false);
    if (!result.ok) {
      for (const message of messagesOf(result)) toastError(message);
      return;
    }
    form.reset(profileValuesOf(result.data));
    toastSuccess(T.saved);
  });

  const plansError = formState.errors.plans?.root?.message;
  const rootError = formState.errors.root?.schema?.message;
  return (
    <StyledForm noValidate aria-label={T.title} onSubmit={(event: FormEvent) => void save(event)}>
      <StyledSubtitle>{T.medicData}</StyledSubtitle>
      <StyledMuted>{fill(T.medicOf, { name: initial.medic_name, cpf: maskedCpf(initial.medic_cpf) })}</StyledMuted>
      <StyledGrid>
        <FormSelect control={control} name="council" label={T.council} options={councilOptions} placeholder={T.council} />
        <div data-across>
          <FormTextField control={control} name="council_number" label={T.councilNumber} />
        </div>
        <FormSelect control={control} name="council_uf" label={T.uf} options={ufOptions} placeholder={T.ufPlaceholder} />
        <FormMaskedField control={control} name="cnes" label={T.cnes} mask={MASKS.cnes} hint={T.cnesHint} optional />
        <div data-wide>
          <CboPicker label={T.cbo} name="cbo" placeholder={T.cboPlaceholder} value={cbo.field.value} onChange={cbo.field.onChange} error={cbo.fieldState.error?.message || undefined} />
        </div>
      </StyledGrid>
      <StyledFieldset>
        <legend>{T.company}</legend>
        <StyledMuted>{T.companyHint}</StyledMuted>
        <StyledGrid>
          <div data-across>
            <FormMaskedField control={control} name="company_cnpj" label={T.companyCnpj} mask={MASKS.cnpj} optional />
          </div>
          <div data-wide>
            <FormTextField control={control} name="company_name" label={T.companyName} optional />
          </div>
        </StyledGrid>
      </StyledFieldset>
      <StyledSubtitle>{T.plans}</StyledSubtitle>
      {plans.fields.length === 0 ? (
        <StyledMuted>{T.plansEmpty}</StyledMuted>
      ) : (
        <StyledPlans aria-label={T.plans}>
          {plans.fields.map((plan, index) => (
            <PlanRow key={plan.key} form={form} index={index} name={plan.name} ans={plan.ans_registry} onRemove={() => plans.remove(index)} />
          ))}
        </StyledPlans>
      )}
      {plansError ? <StyledError role="alert">{plansError}</StyledError> : null}
      <StyledPick>
        <SearchSelect<HealthPlan>
          label={T.plan}
          name="add_plan"
          placeholder={T.addPlanPlaceholder}
          value={picked}
          onChange={setPicked}
          search={searchHealthPlans}
          itemKey={(item) => item.id}
          itemLabel={(item) => item.fantasy_name}
          itemDetail={healthPlanDetail}
        />
        <Button variant="secondary" disabled={picked === null} onClick={handleInclude}>
          {T.addPlan}
        </Button>
      </StyledPick>
      {rootError ? <StyledError role="alert">{rootError}</StyledError> : null}
      <StyledActions>
        <Button type="submit" loading={saving} disabled={saving}>
          {T.save}
        </Button>
      </StyledActions>
    </StyledForm>
  );
}

type PlanRowProps = { form: ReturnType<typeof useSchemaForm<ProfileValues>>; index: number; name: string; ans: string | null; onRemove: () => void };

function PlanRow({ form, index, name, ans, onRemove }: PlanRowProps) {
  const billsAs = useController({ control: form.control, name: `plans.${index}.bills_as` });
  const code = useController({ control: form.control, name: `plans.${index}.provider_code` });
  return (
    <StyledPlan aria-label={fill(T.planLabel, { name })}>
      <div>
        <strong>{name}</strong>
        {ans ? <small>{fill(T.planAns, { ans })}</small> : null}
      </div>
      <Select
        label={T.billsAs}
        name={`plans.${index}.bills_as`}
        value={billsAs.field.value}
        onChange={(value) => billsAs.field.onChange(value === 'cnpj' ? 'cnpj' : 'cpf')}
        options={billsAsOptions}
        error={billsAs.fieldState.error?.message || undefined}
      />
      <TextField label={T.providerCode} name={`plans.${index}.provider_code`} value={code.field.value} onChange={code.field.onChange} error={code.fieldState.error?.message || undefined} optional />
      <Button variant="secondary" onClick={onRemove}>
        <span aria-hidden="true">{T.removePlan}</span>
        <span className={visuallyHidden}>{fill(T.removePlanLabel, { name })}</span>
      </Button>
    </StyledPlan>
  );
}

function UsualTeamForm({ medic, initial }: { medic: number | null; initial: UsualTeam }) {
  const form = useSchemaForm(usualTeamChecks, { members: initial.members.map(memberValuesOf) }, { clearErrorOnChange: true, focusError: false });
  const [saving, setSaving] = useState(false);
  const save = form.handleSubmit(async (values) => {
    setSaving(true);
    const result = await putUsualTeam(medic, teamBodyOf(values) as UsualTeamBody);
    setSaving(false);
    if (!result.ok) {
      for (const message of messagesOf(result)) toastError(message);
      return;
    }
    form.reset({ members: result.data.members.map(memberValuesOf) });
    toastSuccess(TT.usualSaved);
  });
  return (
    <StyledForm noValidate aria-label={TT.usualTitle} onSubmit={(event: FormEvent) => void save(event)}>
      <StyledSubtitle>{TT.usualTitle}</StyledSubtitle>
      <StyledMuted>{TT.usualIntro}</StyledMuted>
      <TeamMembersEditor form={form} withPaidOn={false} />
      <StyledActions>
        <Button type="submit" loading={saving} disabled={saving}>
          {TT.usualSave}
        </Button>
      </StyledActions>
    </StyledForm>
  );
}

function MedicBilling({ medic }: { medic: number | null }) {
  const profile = useRead((signal) => getBillingProfile(medic, signal), [medic]);
  const team = useRead((signal) => getUsualTeam(medic, signal), [medic]);
  return (
    <>
      {profile.state.status === 'ready' ? (
        <ProfileForm key={medic ?? 'own'} medic={medic} initial={profile.state.value} />
      ) : (
        <ReadNotice read={profile} loading={T.loading} failed={T.failed} compact />
      )}
      {team.state.status === 'ready' ? (
        <UsualTeamForm key={medic ?? 'own'} medic={medic} initial={team.state.value} />
      ) : (
        <ReadNotice read={team} loading={TT.usualLoading} failed={TT.usualFailed} compact />
      )}
    </>
  );
}

/** A secretary's: her medics read, the only one taken, else the one she picks. */
function SecretaryBilling() {
  const medics = useRead((signal) => listMyMedics(signal), []);
  const [chosen, setChosen] = useState<number | null>(null);
  if (medics.state.status === 'empty') return <StyledMuted>{T.noMedics}</StyledMuted>;
  if (medics.state.status !== 'ready') return <ReadNotice read={medics} loading={T.medicsLoading} failed={T.medicsFailed} compact />;
  const list = medics.state.value;
  if (list.length === 0) return <StyledMuted>{T.noMedics}</StyledMuted>;
  const medic = list.length === 1 ? list[0]!.id : chosen;
  return (
    <>
      {list.length > 1 ? (
        <Select
          label={T.medic}
          name="billing_medic"
          value={chosen === null ? '' : String(chosen)}
          onChange={(value) => setChosen(value === '' ? null : Number(value))}
          placeholder={T.medicPlaceholder}
          options={list.map((option) => ({ value: String(option.id), label: `${option.first_name} ${option.last_name}` }))}
        />
      ) : null}
      {medic === null ? <Notice kind="empty" title={T.pickMedic} compact announce={false} /> : <MedicBilling key={medic} medic={medic} />}
    </>
  );
}

/** The card's content: the medic's own forms, or for a secretary her medic's, chosen first. */
export function BillingForms({ role }: { role: 'medic' | 'secretary' }) {
  return role === 'secretary' ? <SecretaryBilling /> : <MedicBilling medic={null} />;
}
