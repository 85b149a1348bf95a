// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
// Order matters: the app's styled components load first, then the toasts' module with react-hot-toast (as
// src/lib/toast.ts loads it with the first toast), which runs goober's setup again with its own settings.
import { Button } from '../../../src/components/ui/Button';
import { toastSuccess } from '../../../src/lib/toastView';

describe('goober setup', () => {
  it('keeps $-prefixed styling props away from the DOM even after react-hot-toast loaded', () => {
    expect(typeof toastSuccess).toBe('function');
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
