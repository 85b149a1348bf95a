// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
// Order matters: the app's styled components load before react-hot-toast (as in main.tsx).
import { Button } from '../../../src/components/ui/Button';
import { toast } from 'react-hot-toast';

describe('goober setup', () => {
  it('keeps $-prefixed styling props away from the DOM even with react-hot-toast loaded', () => {
    expect(typeof toast).toBe('function');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { getByRole } = render(<Button fullWidth>Acessar</Button>);
      expect(getByRole('button', { name: 'Acessar' }).outerHTML).not.toContain('$');
      const warnings = consoleError.mock.calls.map((args) => String(args[0]));
      expect(warnings.filter((w) => w.includes('does not recognize'))).toEqual([]);
    } finally {
      consoleError.mockRestore();
    }
  });
});
