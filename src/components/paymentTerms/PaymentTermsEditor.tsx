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
import { paymentTermsSchema } from '../../../machines/ledger/ledgerSchemas';
import { check } from '../../../machines/validation/problems';
import { messagesOf } from '../../api/call';
import { getPaymentTerms, putPaymentTerms, type PaymentTerms } from '../../api/ledger';
import { searchHealthPlans, searchHospitalsByName } from '../../api/lookups';
import { ledgerTexts } from '../../lib/i18n/ledger';
import { fill } from '../../lib/i18n/pt-BR';
import { colors, fontSizes, media, radii, space } from '../../lib/theme';
import { toastError, toastSuccess } from '../../lib/toast';
import { useRead } from '../../lib/useRead';
import { Button } from '../ui/Button';
import { ReadNotice } from '../ui/ReadNotice';
import { SearchSelect } from '../ui/SearchSelect';
import { Select } from '../ui/Select';
import { TextField } from '../ui/TextField';
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

function TermsForm({ medic, initial, onSaved }: { medic: number | null; initial: PaymentTerms; onSaved?: () => void }) {
  const [terms, setTerms] = useState<Term[]>(initial.terms);
  const [kind, setKind] = useState<PayerKind>('plano');
  const [payer, setPayer] = useState<Payer | null>(null);
  const [days, setDays] = useState('');
  const [errors, setErrors] = useState<{ payer?: string; days?: string; list?: string }>({});
  const [saving, setSaving] = useState(false);

  function include() {
    if (!payer) {
      setErrors({ payer: T.payerRequired });
      return;
    }
    const typed = /^\s*\d{1,4}\s*$/.test(days) ? Number(days) : Number.NaN;
    const next = [...terms.filter((term) => !(term.payer === kind && term.payer_id === payer.id)), { payer: kind, payer_id: payer.id, name: payer.fantasy_name, days: typed }];
    const checked = check(paymentTermsSchema, { terms: next.map((term) => ({ payer: term.payer, payer_id: term.payer_id, days: term.days })) });
    if (!checked.ok) {
      setErrors({ days: checked.problems.error[0] });
      return;
    }
    setTerms(next);
    setPayer(null);
    setDays('');
    setErrors({});
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const result = await putPaymentTerms(medic, { terms: terms.map((term) => ({ payer: term.payer, payer_id: term.payer_id, days: term.days })) });
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
            setKind(value === 'hospital' ? 'hospital' : 'plano');
            setPayer(null);
            setErrors({});
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
          value={payer}
          onChange={(item) => {
            setPayer(item);
            setErrors({ ...errors, payer: undefined });
          }}
          search={searchOf(kind)}
          itemKey={(item) => item.id}
          itemLabel={(item) => item.fantasy_name}
          error={errors.payer}
        />
        <TextField label={T.days} name="term_days" value={days} onChange={(value) => setDays(value)} inputMode="numeric" error={errors.days} />
        <Button variant="secondary" onClick={include}>
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
