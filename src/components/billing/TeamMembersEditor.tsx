/**
 * A team's members as a form edits them (issue 37): the medic's usual team (settings) and a case's surgical team
 * (with each member's repasse). Each member is a framed group with Função, Nome, Conselho, Número, UF, CBO, CPF (the
 * app's mask), Honorário (the money input: digits enter from the right) and, on a case, 'Repasse em'; 'Subir',
 * 'Descer' and 'Remover' reorder and drop members; 'Adicionar membro' up to MAX_TEAM_MEMBERS. The fields keep the
 * API's keys, so the schema's messages (src/lib/billing/listResolver.ts) land under them.
 */
import { styled } from 'goober';
import { useController, useFieldArray, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { COUNCILS, BILLING_UFS, MAX_TEAM_MEMBERS, TEAM_ROLES } from '../../../machines/billing/constants';
import { emptyMember, type TeamValues } from '../../lib/billing/teamForm';
import { centsFromDigits, formatBRLInput } from '../../lib/format/money';
import { billingTexts } from '../../lib/i18n/billing';
import { fill } from '../../lib/i18n/pt-BR';
import { colors, fontSizes, fontWeights, media, radii, space } from '../../lib/theme';
import { FormMaskedField, MASKS } from '../form/FormMaskedField';
import { Button } from '../ui/Button';
import { DateField } from '../ui/DateField';
import { Select } from '../ui/Select';
import { TextField } from '../ui/TextField';
import { plainListCss, visuallyHidden } from '../ui/cssParts';
import { CboPicker } from './CboPicker';

const T = billingTexts.team;

const StyledList = styled('ol')`
  ${plainListCss(space.md)}
`;

const StyledMember = styled('fieldset')`
  min-width: 0;
  margin: 0;
  padding: ${space.md};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  display: flex;
  flex-direction: column;
  gap: ${space.md};
  & > legend {
    padding: 0 ${space.xs};
    font-size: ${fontSizes.sm};
    font-weight: ${fontWeights.semibold};
    color: ${colors.text};
  }
`;

/**
 * Two columns on a phone (the short fields side by side, the name, CPF and CBO across); from md up rows of four,
 * the name two wide.
 */
const StyledGrid = styled('div')`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space.md};
  align-items: start;
  & > [data-across] { grid-column: 1 / -1; }
  ${media.md} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
    & > [data-across] { grid-column: auto; }
    & > [data-wide] { grid-column: span 2; }
  }
`;

const StyledRowActions = styled('div')`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.sm};
  justify-content: flex-end;
`;

const StyledEmpty = styled('p')`
  margin: 0;
  padding: ${space.md};
  border: 1px dashed ${colors.borderStrong};
  border-radius: ${radii.md};
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledHint = styled('p')`
  margin: 0;
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledListError = styled('p')`
  margin: 0;
  font-size: ${fontSizes.sm};
  color: ${colors.danger};
`;

const roleOptions = TEAM_ROLES.map((role) => ({ value: role.code, label: role.label }));
const councilOptions = COUNCILS.map((council) => ({ value: council.code, label: council.label }));
const ufOptions = BILLING_UFS.map((uf) => ({ value: uf, label: uf }));
const roleLabel = (code: string) => TEAM_ROLES.find((role) => role.code === code)?.label ?? '';

const moneyText = (text: string) => {
  const cents = centsFromDigits(text);
  return cents === null ? '' : formatBRLInput(cents);
};

type MemberFieldsProps = { control: Control<TeamValues>; index: number; withPaidOn: boolean };

/** One member's fields, each on the form's `members.<index>.<key>`. */
function MemberFields({ control, index, withPaidOn }: MemberFieldsProps) {
  const at = `members.${index}` as const;
  const role = useController({ control, name: `${at}.role` });
  const name = useController({ control, name: `${at}.name` });
  const council = useController({ control, name: `${at}.council` });
  const number = useController({ control, name: `${at}.council_number` });
  const uf = useController({ control, name: `${at}.council_uf` });
  const cbo = useController({ control, name: `${at}.cbo` });
  const fee = useController({ control, name: `${at}.fee_cents` });
  const paidOn = useController({ control, name: `${at}.paid_on` });
  const error = (state: { fieldState: { error?: { message?: string } } }) => state.fieldState.error?.message || undefined;
  return (
    <StyledGrid>
      <div data-across>
        <Select label={T.role} name={`${at}.role`} value={role.field.value} onChange={role.field.onChange} options={roleOptions} placeholder={T.rolePlaceholder} error={error(role)} />
      </div>
      <div data-wide data-across>
        <TextField label={T.name} name={`${at}.name`} value={name.field.value} onChange={name.field.onChange} error={error(name)} required />
      </div>
      <div data-across>
        <FormMaskedField control={control} name={`${at}.cpf`} label={T.cpf} mask={MASKS.cpf} optional />
      </div>
      <Select label={T.council} name={`${at}.council`} value={council.field.value} onChange={council.field.onChange} options={councilOptions} placeholder={T.councilPlaceholder} error={error(council)} />
      <TextField label={T.councilNumber} name={`${at}.council_number`} value={number.field.value} onChange={number.field.onChange} error={error(number)} />
      <Select label={T.uf} name={`${at}.council_uf`} value={uf.field.value} onChange={uf.field.onChange} options={ufOptions} placeholder={T.ufPlaceholder} error={error(uf)} />
      <div data-across>
        <CboPicker label={T.cbo} name={`${at}.cbo`} placeholder={T.cboPlaceholder} value={cbo.field.value} onChange={cbo.field.onChange} error={error(cbo)} />
      </div>
      <TextField
        label={T.fee}
        name={`${at}.fee_cents`}
        value={fee.field.value}
        onChange={(text) => fee.field.onChange(moneyText(text))}
        placeholder="R$ 0,00"
        inputMode="numeric"
        error={error(fee)}
        optional
      />
      {withPaidOn ? (
        <DateField label={T.paidOn} name={`${at}.paid_on`} value={paidOn.field.value} onChange={paidOn.field.onChange} placeholder={T.datePlaceholder} error={error(paidOn)} optional />
      ) : null}
    </StyledGrid>
  );
}

type TeamMembersEditorProps = {
  form: UseFormReturn<TeamValues>;
  /** A case's team: each member's 'Repasse em'. */
  withPaidOn: boolean;
};

export function TeamMembersEditor({ form, withPaidOn }: TeamMembersEditorProps) {
  const { control } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'members' });
  const roles = useWatch({ control, name: 'members' }).map((member) => member?.role ?? '');
  const listError = form.formState.errors.members?.root?.message;
  return (
    <>
      {fields.length === 0 ? (
        <StyledEmpty>{T.empty}</StyledEmpty>
      ) : (
        <StyledList aria-label={T.listLabel}>
          {fields.map((field, index) => {
            const n = index + 1;
            const role = roleLabel(roles[index] ?? '');
            return (
              <li key={field.id}>
                <StyledMember data-team-member={n}>
                  <legend>{role ? fill(T.memberTitleRole, { n, role }) : fill(T.memberTitle, { n })}</legend>
                  <MemberFields control={control} index={index} withPaidOn={withPaidOn} />
                  <StyledRowActions>
                    {index > 0 ? (
                      <Button variant="secondary" onClick={() => move(index, index - 1)}>
                        <span aria-hidden="true">{T.moveUp}</span>
                        <span className={visuallyHidden}>{fill(T.moveUpLabel, { n })}</span>
                      </Button>
                    ) : null}
                    {index < fields.length - 1 ? (
                      <Button variant="secondary" onClick={() => move(index, index + 1)}>
                        <span aria-hidden="true">{T.moveDown}</span>
                        <span className={visuallyHidden}>{fill(T.moveDownLabel, { n })}</span>
                      </Button>
                    ) : null}
                    <Button variant="secondary" onClick={() => remove(index)}>
                      <span aria-hidden="true">{T.remove}</span>
                      <span className={visuallyHidden}>{fill(T.removeLabel, { n })}</span>
                    </Button>
                  </StyledRowActions>
                </StyledMember>
              </li>
            );
          })}
        </StyledList>
      )}
      {listError ? <StyledListError role="alert">{listError}</StyledListError> : null}
      {fields.length >= MAX_TEAM_MEMBERS ? (
        <StyledHint>{fill(T.full, { max: MAX_TEAM_MEMBERS })}</StyledHint>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => append(emptyMember(), { shouldFocus: false })}>
            {T.add}
          </Button>
        </div>
      )}
    </>
  );
}
