// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Avatar, initialsOf } from '../../../../src/components/ui/Avatar';

afterEach(cleanup);

describe('Avatar', () => {
  it('shows the photo with its description', () => {
    render(<Avatar src="/foto.png" alt="Foto de Ana" />);
    expect(screen.getByRole('img', { name: 'Foto de Ana' }).tagName).toBe('IMG');
  });

  it('shows the placeholder without a photo, or when the photo fails to load', () => {
    const { rerender } = render(<Avatar src={null} alt="Foto de Ana" />);
    expect(screen.getByRole('img', { name: 'Foto de Ana' }).tagName).toBe('SPAN');
    rerender(<Avatar src="/expirado.png" alt="Foto de Ana" />);
    fireEvent.error(screen.getByRole('img', { name: 'Foto de Ana' }));
    expect(screen.getByRole('img', { name: 'Foto de Ana' }).tagName).toBe('SPAN');
  });

  it('tells the caller once when the photo fails, so it can fetch a fresh link (the header re-reads the profile)', () => {
    const onFailed = vi.fn();
    const { rerender } = render(<Avatar src="/expirado.png" alt="Foto de Ana" onFailed={onFailed} />);
    fireEvent.error(screen.getByRole('img', { name: 'Foto de Ana' }));
    expect(onFailed).toHaveBeenCalledTimes(1);
    rerender(<Avatar src="/novo.png" alt="Foto de Ana" onFailed={onFailed} />);
    expect(screen.getByRole('img', { name: 'Foto de Ana' }).tagName).toBe('IMG');
  });

  it('shows the initials of the name instead of the silhouette when there is no photo', () => {
    const { container } = render(<Avatar src={null} name="Maria da Silva" />);
    expect(container.textContent).toBe('MS');
    expect(container.querySelector('svg')).toBeNull();
    expect(initialsOf('ana')).toBe('A');
    expect(initialsOf('João de Souza e Lima')).toBe('JL');
  });

  it('is hidden from assistive technology when decorative', () => {
    const { container } = render(<Avatar src={null} />);
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});
