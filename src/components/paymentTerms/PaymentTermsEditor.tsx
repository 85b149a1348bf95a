/**
 * 'Prazos de pagamento' (issue 14; DECISIONS §16; docs/LEDGER.md): a medic's payment terms, days from billing to the
 * due date per health plan and per hospital (30 when none). Read from GET payment_terms/, edited as a list (include a
 * payer with its days, remove one) and saved whole with PUT. The payer is found by name with the searchable picker of
 * the case form (SearchSelect over the plan and hospital searches): every one of the ~700 plans can be chosen, not
 * only the first 50 an unfiltered list answers. The list is checked with the API's schema
 * (machines/ledger/ledgerSchemas.ts paymentTermsSchema) before sending, so the editor words a mistake as the server.
 *
 * Shared by the medic's settings card (his own terms, `medic` null) and the secretary's dialog on 'A receber' (her
 * medic's, `medic` named: she is the one who knows each plan's term).
 */
import { useState, type FormEvent } from 'react';
import { styled } from 'goober';
import { useController, type FieldErrors, type Resolver } from 'react-hook-form';
import { messagesOf } from '../../api/call';
import { getPaymentTerms, putPaymentTerms, type PaymentTerms } from '../../api/ledger';
import { searchHealthPlans, searchHospitalsByName } from '../../api/lookups';
import { ledgerTexts } from '../../lib/i18n/ledger';
import { fill } from '../../lib/i18n/pt-BR';
import { colors, fontSizes, media, radii, space } from '../../lib/theme';
import { toastError, toastSuccess } from '../../lib/toast';
import { useRead } from '../../lib/useRead';
import { FormTextField } from '../form/FormTextField';
import { useSchemaForm } from '../form/useSchemaForm';
import { Button } from '../ui/Button';
import { ReadNotice } from '../ui/ReadNotice';
import { SearchSelect } from '../ui/SearchSelect';
import { Select } from '../ui/Select';
import { plainListCss, visuallyHidden } from '../ui/cssParts';

const T = ledgerTexts.terms;
type Term = PaymentTerms['terms'][number];
type PayerKind = Term['payer'];
/** A plan or a hospital as the searches answer it. */
type Payer = { id: number; fantasy_name: string };

const StyledIntro = styled('p')`
  margin: 0;
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledForm = styled('form')`
  display: flex;
  flex-direction: column;
  gap: ${space.md};
`;

const StyledList = styled('ul')`
  ${plainListCss(space.xs)}
  & li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${space.sm};
    padding: ${space.xs} ${space.sm};
    border: 1px solid ${colors.border};
    border-radius: ${radii.sm};
    font-size: ${fontSizes.sm};
    color: ${colors.text};
    overflow-wrap: anywhere;
  }
  /* The name may wrap; 'Remover' keeps its width (on a phone it broke into 'Remo ver'). */
  & li > span { min-width: 0; }
  & li > button { flex: none; }
`;

/** Tipo, Pagador (the widest: names are long), Prazo and the button; one column on a phone. */
const StyledGrid = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.md};
  align-items: start;
  ${media.md} {
    grid-template-columns: minmax(0, 12.5rem) minmax(0, 1fr) minmax(0, 7rem);
    & > button { grid-column: 1 / -1; justify-self: start; }
  }
`;

const StyledActions = styled('div')`
  display: flex;
  justify-content: flex-end;
`;

const searchOf = (kind: PayerKind) => (kind === 'plano' ? searchHealthPlans : searchHospitalsByName);

/** The row being added: its payer's kind, the payer found and the days typed (named as the inputs were). */
type IncludeValues = { term_payer: PayerKind; term_payer_id: Payer | null; term_days: string };

/** `terms` with the typed one in place of the same payer's. */
function withTyped(terms: Term[], kind: PayerKind, payer: Payer, days: string): Term[] {
  const typed = /^\s*\d{1,4}\s*$/.test(days) ? Number(days) : Number.NaN;
  return [...terms.filter((term) => !(term.payer === kind && term.payer_id === payer.id)), { payer: kind, payer_id: payer.id, name: payer.fantasy_name, days: typed }];
}

const payloadOf = (terms: Term[]) => ({ terms: terms.map((term) => ({ payer: term.payer, payer_id: term.payer_id, days: term.days })) });

/** A payer must be chosen; then the whole list with the typed row is checked by the API's schema, its first message on the days. */
function includeResolver(terms: Term[]): Resolver<IncludeValues> {
  const refused = (errors: FieldErrors<IncludeValues>) => ({ values: {}, errors });
  return async (values) => {
    const payer = values.term_payer_id;
    if (!payer) return refused({ term_payer_id: { type: 'required', message: T.payerRequired } });
    // The API's schema (arktype) loads at the first inclusion, not with the page (issue 41, goal 6).
    const [{ check }, { paymentTermsSchema }] = await Promise.all([
      import('../../../machines/validation/problems'),
      import('../../../machines/ledger/ledgerSchemas'),
    ]);
    const checked = check(paymentTermsSchema, payloadOf(withTyped(terms, values.term_payer, payer, values.term_days)));
    if (!checked.ok) return refused({ term_days: { type: 'schema', message: checked.problems.error[0] } });
    return { values, errors: {} };
  };
}

function TermsForm({ medic, initial, onSaved }: { medic: number | null; initial: PaymentTerms; onSaved?: () => void }) {
  const [terms, setTerms] = useState<Term[]>(initial.terms);
  const form = useSchemaForm(includeResolver(terms), { term_payer: 'plano', term_payer_id: null, term_days: '' }, { clearErrorOnChange: true, focusError: false });
  const { control, setValue, clearErrors } = form;
  const { field: kindField } = useController({ control, name: 'term_payer' });
  const { field: payerField, fieldState: payerState } = useController({ control, name: 'term_payer_id' });
  const kind = kindField.value;
  const [saving, setSaving] = useState(false);

  const include = form.handleSubmit((values) => {
    if (!values.term_payer_id) return;
    setTerms(withTyped(terms, values.term_payer, values.term_payer_id, values.term_days));
    setValue('term_payer_id', null);
    setValue('term_days', '');
  });

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const result = await putPaymentTerms(medic, payloadOf(terms));
    setSaving(false);
    if (!result.ok) {
      for (const message of messagesOf(result)) toastError(message);
      return;
    }
    setTerms(result.data.terms);
    toastSuccess(T.saved);
    onSaved?.();
  }

  return (
    <StyledForm noValidate aria-label={T.title} onSubmit={(event) => void save(event)}>
      {terms.length === 0 ? (
        <StyledIntro>{T.empty}</StyledIntro>
      ) : (
        <StyledList aria-label={T.listLabel}>
          {terms.map((term) => (
            <li key={`${term.payer}-${term.payer_id}`}>
              <span>{`${term.payer === 'plano' ? T.plan : T.hospital} · ${fill(T.row, { name: term.name, days: term.days })}`}</span>
              <Button variant="secondary" onClick={() => setTerms(terms.filter((each) => each !== term))}>
                <span aria-hidden="true">{T.remove}</span>
                <span className={visuallyHidden}>{fill(T.removeLabel, { name: term.name })}</span>
              </Button>
            </li>
          ))}
        </StyledList>
      )}
      <StyledGrid>
        <Select
          label={T.payerKind}
          name="term_payer"
          value={kind}
          onChange={(value) => {
            kindField.onChange(value === 'hospital' ? 'hospital' : 'plano');
            setValue('term_payer_id', null);
            clearErrors();
          }}
          placeholder={T.payerPlaceholder}
          options={[
            { value: 'plano', label: T.plan },
            { value: 'hospital', label: T.hospital },
          ]}
        />
        <SearchSelect<Payer>
          key={kind}
          label={kind === 'plano' ? T.plan : T.hospital}
          name="term_payer_id"
          placeholder={kind === 'plano' ? T.planSearch : T.hospitalSearch}
          value={payerField.value}
          onChange={payerField.onChange}
          search={searchOf(kind)}
          itemKey={(item) => item.id}
          itemLabel={(item) => item.fantasy_name}
          error={payerState.error?.message}
        />
        <FormTextField control={control} label={T.days} name="term_days" inputMode="numeric" />
        <Button variant="secondary" onClick={() => void include()}>
          {T.add}
        </Button>
      </StyledGrid>
      <StyledActions>
        <Button type="submit" loading={saving} disabled={saving}>
          {T.save}
        </Button>
      </StyledActions>
    </StyledForm>
  );
}

/** The terms of `medic` (null: the signed-in medic's own), loaded, then the editor; `onSaved` after a save. */
export function PaymentTermsEditor({ medic, onSaved }: { medic: number | null; onSaved?: () => void }) {
  const terms = useRead((signal) => getPaymentTerms(medic, signal), [medic]);
  if (terms.state.status !== 'ready') return <ReadNotice read={terms} loading={T.loading} failed={T.failed} compact />;
  return <TermsForm key={medic ?? 'own'} medic={medic} initial={terms.state.value} onSaved={onSaved} />;
}
