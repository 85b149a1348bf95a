/**
 * 'Equipe cirúrgica' of /surgery-details (issue 37): the case's team besides the surgeon (the case's medic, shown
 * read-only), each member with role, council, CBO, CPF, fee and the day it was passed on, at every stage (the repasse
 * comes after the payment); both roles edit it. 'Usar equipe habitual' copies the medic's usual team into the form
 * (saved with 'Salvar equipe'); 'Salvar como equipe habitual' makes the form's members the medic's usual team. The
 * totals follow the form as it is typed. The list is checked by the API's schema (machines/billing/billingSchemas.ts,
 * loaded at the first check) before it is sent. A chunk of its own, loaded after the case's first paint.
 */
import { useState, type FormEvent } from 'react';
import { styled } from 'goober';
import { useWatch } from 'react-hook-form';
import { messagesOf } from '../../../api/call';
import { getSurgeryTeam, getUsualTeam, putSurgeryTeam, putUsualTeam, type SurgeryTeam, type SurgeryTeamBody, type UsualTeamBody } from '../../../api/billing';
import { TeamMembersEditor } from '../../../components/billing/TeamMembersEditor';
import { useSchemaForm } from '../../../components/form/useSchemaForm';
import { Button } from '../../../components/ui/Button';
import { ReadNotice } from '../../../components/ui/ReadNotice';
import { listResolver } from '../../../lib/billing/listResolver';
import { fromUsualTeam, memberBodyOf, memberValuesOf, teamTotals, type TeamValues } from '../../../lib/billing/teamForm';
import { todayInSaoPaulo } from '../../../lib/format/date';
import { billingTexts } from '../../../lib/i18n/billing';
import { fill } from '../../../lib/i18n/pt-BR';
import { medicName } from '../../../lib/surgeries/surgeryText';
import { colors, fontSizes, fontWeights, media, radii, space } from '../../../lib/theme';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useRead } from '../../../lib/useRead';
import { Card, CardTitle } from '../components/Card';
import type { Surgery } from '../types';
import { brl } from './ledgerValues';

const T = billingTexts.caseTeam;

const StyledIntro = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledForm = styled('form')`
  display: flex;
  flex-direction: column;
  gap: ${space.lg};
`;

const StyledSurgeon = styled('p')`
  margin: 0;
  padding: ${space.md};
  border-radius: ${radii.md};
  background: ${colors.primaryTint};
  font-size: ${fontSizes.sm};
  color: ${colors.text};
  overflow-wrap: anywhere;
  & strong { font-weight: ${fontWeights.semibold}; }
  & span { color: ${colors.textMuted}; }
`;

const StyledTotals = styled('div')`
  display: flex;
  flex-direction: column;
  gap: ${space.sm};
  padding: ${space.md};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  & > dl { display: grid; grid-template-columns: minmax(0, 1fr); gap: ${space.xs}; margin: 0; }
  & > dl > div { display: flex; justify-content: space-between; align-items: baseline; gap: ${space.md}; min-width: 0; }
  ${media.md} {
    & > dl { grid-template-columns: repeat(3, minmax(0, 1fr)); gap: ${space.md}; }
    & > dl > div { flex-direction: column; justify-content: flex-start; gap: ${space.xxs}; }
  }
  & dt { font-size: ${fontSizes.xs}; font-weight: ${fontWeights.semibold}; color: ${colors.textMuted}; text-transform: uppercase; letter-spacing: 0.02em; }
  & dd { margin: 0; font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
  & > h3 { margin: 0; font-size: ${fontSizes.sm}; font-weight: ${fontWeights.bold}; color: ${colors.text}; }
  & > p { margin: 0; font-size: ${fontSizes.xs}; color: ${colors.textMuted}; }
`;

const StyledActions = styled('div')`
  display: flex;
  flex-direction: column-reverse;
  gap: ${space.sm};
  ${media.md} { flex-direction: row; flex-wrap: wrap; justify-content: flex-end; }
`;

const StyledError = styled('p')`
  margin: 0;
  font-size: ${fontSizes.sm};
  color: ${colors.danger};
`;

const usualBodyOf = (values: TeamValues) => ({ members: values.members.map((member) => memberBodyOf(member, false)) });
const caseBodyOf = (values: TeamValues) => ({ members: values.members.map((member) => memberBodyOf(member, true)) });

const caseTeamChecks = listResolver<TeamValues>(
  () => import('../../../../machines/billing/billingSchemas').then((module) => module.buildSurgeryTeamSchema(todayInSaoPaulo())),
  caseBodyOf,
);
const usualTeamChecks = listResolver<TeamValues>(
  () => import('../../../../machines/billing/billingSchemas').then((module) => module.usualTeamSchema),
  usualBodyOf,
);

export type CaseTeamPanelProps = {
  surgery: Pick<Surgery, 'id' | 'medic'>;
  /** Whose usual team: null for the medic himself; a secretary names the case's medic. */
  usualTeamMedic: number | null;
};

function Totals({ form }: { form: ReturnType<typeof useSchemaForm<TeamValues>> }) {
  const members = useWatch({ control: form.control, name: 'members' });
  const totals = teamTotals(members);
  return (
    <StyledTotals data-team-totals>
      <h3>{T.totalsLabel}</h3>
      <dl>
      <div>
        <dt>{T.total}</dt>
        <dd data-team-total>{brl(totals.totalCents)}</dd>
      </div>
      <div>
        <dt>{T.passedOn}</dt>
        <dd>{brl(totals.passedOnCents)}</dd>
      </div>
      <div>
        <dt>{T.pending}</dt>
        <dd>{brl(totals.pendingCents)}</dd>
      </div>
      </dl>
      {members.length > 0 ? <p>{fill(T.passedOnCount, { count: totals.passedOnCount, total: members.length })}</p> : null}
    </StyledTotals>
  );
}

function TeamForm({ surgery, usualTeamMedic, initial }: CaseTeamPanelProps & { initial: SurgeryTeam }) {
  const form = useSchemaForm(caseTeamChecks, { members: initial.members.map(memberValuesOf) }, { clearErrorOnChange: true, focusError: false });
  const [busy, setBusy] = useState<'save' | 'usual' | 'saveUsual' | null>(null);

  const save = form.handleSubmit(async (values) => {
    setBusy('save');
    const result = await putSurgeryTeam(surgery.id, caseBodyOf(values) as SurgeryTeamBody);
    setBusy(null);
    if (!result.ok) {
      for (const message of messagesOf(result)) toastError(message);
      return;
    }
    form.reset({ members: result.data.members.map(memberValuesOf) });
    toastSuccess(T.saved);
  });

  async function handleUseUsual() {
    setBusy('usual');
    const result = await getUsualTeam(usualTeamMedic);
    setBusy(null);
    if (result.kind !== 'ok') {
      toastError(T.usualFailed);
      return;
    }
    if (result.value.members.length === 0) {
      toastError(T.usualEmpty);
      return;
    }
    form.setValue('members', fromUsualTeam(result.value.members), { shouldDirty: true });
    form.clearErrors();
    toastSuccess(T.usualUsed);
  }

  async function handleSaveAsUsual() {
    // The usual team's own checks (no repasse): a member without a name is named before anything is sent.
    const checked = await usualTeamChecks(form.getValues(), undefined, { fields: {}, shouldUseNativeValidation: false });
    if (Object.keys(checked.errors).length > 0) {
      // The case's checks hold the usual team's and more: they put the messages on the fields; nothing is sent.
      void form.handleSubmit(() => undefined)();
      return;
    }
    setBusy('saveUsual');
    const result = await putUsualTeam(usualTeamMedic, usualBodyOf(form.getValues()) as UsualTeamBody);
    setBusy(null);
    if (!result.ok) {
      for (const message of messagesOf(result)) toastError(message);
      return;
    }
    toastSuccess(T.savedAsUsual);
  }

  const rootError = form.formState.errors.root?.schema?.message;
  return (
    <StyledForm noValidate aria-label={T.title} onSubmit={(event: FormEvent) => void save(event)}>
      <StyledSurgeon>
        <strong>{`${T.surgeon}: `}</strong>
        {medicName(surgery.medic)} <span>{`(${T.surgeonNote})`}</span>
      </StyledSurgeon>
      <TeamMembersEditor form={form} withPaidOn />
      <Totals form={form} />
      {rootError ? <StyledError role="alert">{rootError}</StyledError> : null}
      <StyledActions>
        <Button variant="secondary" loading={busy === 'usual'} disabled={busy !== null} onClick={() => void handleUseUsual()}>
          {T.useUsual}
        </Button>
        <Button variant="secondary" loading={busy === 'saveUsual'} disabled={busy !== null} onClick={() => void handleSaveAsUsual()}>
          {T.saveAsUsual}
        </Button>
        <Button type="submit" loading={busy === 'save'} disabled={busy !== null}>
          {T.save}
        </Button>
      </StyledActions>
    </StyledForm>
  );
}

export function CaseTeamPanel({ surgery, usualTeamMedic }: CaseTeamPanelProps) {
  const team = useRead((signal) => getSurgeryTeam(surgery.id, signal), [surgery.id]);
  return (
    <Card as="section" $stack aria-labelledby="case-team-title" data-case-team>
      <CardTitle id="case-team-title">{T.title}</CardTitle>
      <StyledIntro>{T.intro}</StyledIntro>
      {team.state.status === 'ready' ? (
        <TeamForm surgery={surgery} usualTeamMedic={usualTeamMedic} initial={team.state.value} />
      ) : (
        <ReadNotice read={team} loading={T.loading} failed={T.failed} compact />
      )}
    </Card>
  );
}
