// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { EmailText } from '../../../../src/components/ui/EmailText';
import { ProfileCard } from '../../../../src/features/settings/ProfileCard';

afterEach(() => cleanup());

/** Issue 11 item 12: an e-mail in /settings wrapped mid-word on a phone ('…@clinica.com.' / 'br'). */
describe('EmailText', () => {
  it('offers a line break only before "@" and each "."', () => {
    const { container } = render(
      <p>
        <EmailText email="dr.shots@clinica.com.br" />
      </p>,
    );
    expect(container.textContent).toBe('dr.shots@clinica.com.br');
    expect(container.querySelector('p')!.innerHTML).toBe('dr<wbr>.shots<wbr>@clinica<wbr>.com<wbr>.br');
  });

  it("is how the settings profile card writes the medic's e-mail (twice), never with overflow-wrap: anywhere", () => {
    const { container } = render(
      <ProfileCard
        settings={{
          first_name: 'Rafael',
          last_name: 'Souza',
          nickname: null,
          crm: null,
          email: 'dr.rafael@clinica.com.br',
          image: null,
          secretary_set: [],
          invite_set: [],
        }}
        onEdit={() => {}}
        onEditPhoto={() => {}}
      />,
    );
    const withBreaks = [...container.querySelectorAll('p, dd')].filter((node) => node.innerHTML.includes('dr<wbr>.rafael<wbr>@'));
    expect(withBreaks).toHaveLength(2);
    const styles = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
    expect(styles).not.toContain('overflow-wrap:anywhere');
  });
});
