// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isCardExpired } from '../../../../machines/billing/planCardRules';
import { PlanCardSummary } from '../../../../src/components/planCard/PlanCardSummary';

afterEach(() => cleanup());

describe('isCardExpired', () => {
  it('is expired only when the validity is before today (valid through its last day)', () => {
    expect(isCardExpired('2026-03-09', '2026-03-10')).toBe(true);
    expect(isCardExpired('2026-03-10', '2026-03-10')).toBe(false);
    expect(isCardExpired('2027-01-31', '2026-03-10')).toBe(false);
    expect(isCardExpired(null, '2026-03-10')).toBe(false);
    expect(isCardExpired('', '2026-03-10')).toBe(false);
  });
});

describe('PlanCardSummary', () => {
  const card = { card_number: '0 123 456789 00-1', valid_until: '2026-03-09', plan_name: 'Amil 400' };

  it('shows the number with the product, the validity and "Carteira vencida" once it passed', () => {
    render(<PlanCardSummary card={card} today="2026-03-10" />);
    expect(screen.getByText('0 123 456789 00-1')).toBeTruthy();
    expect(screen.getByText('Amil 400')).toBeTruthy();
    expect(screen.getByText('validade 09/03/2026')).toBeTruthy();
    expect(screen.getByText('Carteira vencida')).toBeTruthy();
  });

  it('shows no badge for a card still valid or without validity', () => {
    const { rerender } = render(<PlanCardSummary card={{ ...card, valid_until: '2026-03-10' }} today="2026-03-10" />);
    expect(screen.queryByText('Carteira vencida')).toBeNull();
    rerender(<PlanCardSummary card={{ ...card, valid_until: null, plan_name: null }} today="2026-03-10" />);
    expect(screen.getByText('0 123 456789 00-1')).toBeTruthy();
    expect(screen.queryByText(/validade/)).toBeNull();
  });

  it('says "Não informada" without a card', () => {
    render(<PlanCardSummary card={null} today="2026-03-10" />);
    expect(screen.getByText('Não informada')).toBeTruthy();
  });
});
