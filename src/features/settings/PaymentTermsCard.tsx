/**
 * 'Prazos de pagamento' (issue 14; DECISIONS §16): the medic's payment terms, days from billing to the due date per
 * health plan and per hospital (30 when none). Read from GET payment_terms/, edited as a list (include a payer with its
 * days, remove one) and saved whole with PUT. The list is checked with the API's schema
 * (machines/ledger/ledgerSchemas.ts paymentTermsSchema) before sending, so the card words a mistake as the server.
 */
import { useCallback, useId, useState, type FormEvent } from 'react';
import { css, styled } from 'goober';
import { paymentTermsSchema } from '../../../machines/ledger/ledgerSchemas';
import { check } from '../../../machines/validation/problems';
import { api } from '../../api/client';
import { getPaymentTerms, putPaymentTerms, type PaymentTerms } from '../../api/ledger';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { Select } from '../../components/ui/Select';
import { TextField } from '../../components/ui/TextField';
import { ledgerTexts } from '../../lib/i18n/ledger';
import { fill } from '../../lib/i18n/pt-BR';
import { colors, fontSizes, radii, space } from '../../lib/theme';
import { toastError, toastSuccess } from '../../lib/toast';
import { useRetryableRead } from '../../lib/useRetryableRead';
import { StyledCard, StyledCardTitle } from './ProfileCard';

const T = ledgerTexts.terms;
type Term = PaymentTerms['terms'][number];
type Option = { value: string; label: string };

const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

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
  display: flex;
  flex-direction: column;
  gap: ${space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
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
  }
`;

const StyledGrid = styled('div')`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 170px), 1fr));
  gap: ${space.md};
  align-items: end;
`;

const StyledActions = styled('div')`
  display: flex;
  justify-content: flex-end;
`;

/** The first plans and hospitals (by name) the lookups answer, as options. */
async function payerOptions(signal: AbortSignal): Promise<{ plano: Option[]; hospital: Option[] }> {
  const [plans, hospitals] = await Promise.all([
    api.GET('/surgery/api/v1/healthplan/', { params: { query: {} }, signal }),
    api.GET('/surgery/api/v1/hospital/', { params: { query: {} }, signal }),
  ]);
  const names = (rows: Array<{ id: number; fantasy_name?: string; name?: string }> | undefined) =>
    (rows ?? []).map((row) => ({ value: String(row.id), label: row.fantasy_name ?? row.name ?? String(row.id) }));
  return {
    plano: names(plans.data?.results as never),
    hospital: names(hospitals.data?.results as never),
  };
}

function TermsForm({ initial, options }: { initial: PaymentTerms; options: { plano: Option[]; hospital: Option[] } }) {
  const [terms, setTerms] = useState<Term[]>(initial.terms);
  const [draft, setDraft] = useState({ payer: 'plano' as 'plano' | 'hospital', id: '', days: '' });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function include() {
    const days = /^\s*\d{1,4}\s*$/.test(draft.days) ? Number(draft.days) : Number.NaN;
    const id = Number(draft.id);
    const name = options[draft.payer].find((option) => option.value === draft.id)?.label ?? '';
    const next = [...terms.filter((term) => !(term.payer === draft.payer && term.payer_id === id)), { payer: draft.payer, payer_id: id, name, days }];
    const checked = check(paymentTermsSchema, { terms: next.map(({ payer, payer_id, days: d }) => ({ payer, payer_id, days: d })) });
    if (!draft.id || !checked.ok) {
      setError(!draft.id ? T.payerPlaceholder : (checked.ok ? null : (checked.problems.error[0] ?? null)));
      return;
    }
    setTerms(next);
    setDraft({ ...draft, id: '', days: '' });
    setError(null);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const result = await putPaymentTerms({ terms: terms.map(({ payer, payer_id, days }) => ({ payer, payer_id, days })) });
    setSaving(false);
    if (!result.ok) {
      for (const message of result.messages) toastError(message);
      return;
    }
    setTerms(result.data.terms);
    toastSuccess(T.saved);
  }

  return (
    <StyledForm noValidate aria-label={T.title} onSubmit={(event) => void save(event)}>
      {terms.length === 0 ? (
        <StyledIntro>{T.empty}</StyledIntro>
      ) : (
        <StyledList aria-label={T.title}>
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
          value={draft.payer}
          onChange={(payer) => setDraft({ ...draft, payer: payer === 'hospital' ? 'hospital' : 'plano', id: '' })}
          placeholder={T.payerPlaceholder}
          options={[
            { value: 'plano', label: T.plan },
            { value: 'hospital', label: T.hospital },
          ]}
        />
        <Select
          label={T.payer}
          name="term_payer_id"
          value={draft.id}
          onChange={(id) => setDraft({ ...draft, id })}
          placeholder={T.payerPlaceholder}
          options={options[draft.payer]}
        />
        <TextField label={T.days} name="term_days" value={draft.days} onChange={(days) => setDraft({ ...draft, days })} inputMode="numeric" error={error ?? undefined} />
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

export function PaymentTermsCard() {
  const titleId = useId();
  const load = useCallback(async (signal: AbortSignal) => {
    const [terms, options] = await Promise.all([getPaymentTerms(signal), payerOptions(signal)]);
    if (!terms.ok) throw new Error('payment terms: read failed');
    return { terms: terms.data, options };
  }, []);
  const { state, retry } = useRetryableRead(load, []);
  return (
    <StyledCard aria-labelledby={titleId} aria-busy={state.status === 'loading' || undefined}>
      <StyledCardTitle id={titleId}>{T.title}</StyledCardTitle>
      <StyledIntro>{T.intro}</StyledIntro>
      {state.status === 'loading' ? (
        <Notice kind="loading" title={T.loading} compact />
      ) : state.status === 'error' ? (
        <Notice kind="failed" title={T.failed} onRetry={retry} compact />
      ) : (
        <TermsForm initial={state.value.terms} options={state.value.options} />
      )}
    </StyledCard>
  );
}
