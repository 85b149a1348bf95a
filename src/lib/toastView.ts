/**
 * The toasts themselves (SPEC §8: top-centre, closed after 3000 ms), on react-hot-toast. Loaded by src/lib/toast.ts
 * when the first toast is asked for; screens call that module's helpers and never import this one or react-hot-toast.
 */
import { createElement } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { colors, fontSizes, radii, setupGoober, shadows } from './theme';

// react-hot-toast has just run goober's setup with its own settings: put the SPA's back (theme.ts).
setupGoober();

/** SPEC §9. */
const TOAST_DURATION_MS = 3000;

const baseStyle = {
  color: colors.text,
  background: colors.surface,
  borderRadius: radii.md,
  boxShadow: shadows.raised,
  fontSize: fontSizes.sm,
  maxWidth: '420px',
} as const;

export function ToasterView() {
  return createElement(Toaster, {
    position: 'top-center',
    toastOptions: {
      duration: TOAST_DURATION_MS,
      style: baseStyle,
      success: { iconTheme: { primary: colors.success, secondary: colors.onPrimary } },
      error: { iconTheme: { primary: colors.danger, secondary: colors.onPrimary } },
    },
  });
}

export function toastSuccess(message: string): string {
  return toast.success(message);
}

/** An amber "!" badge, the same size as react-hot-toast's own success/error icons. */
function warningIcon() {
  return createElement(
    'span',
    {
      'aria-hidden': true,
      style: {
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        width: '20px',
        height: '20px',
        borderRadius: '50%',
        background: colors.warning,
        color: colors.onPrimary,
        fontSize: '13px',
        fontWeight: 700,
        lineHeight: 1,
      },
    },
    '!',
  );
}

/** Warnings (SPEC §8: server error lists, invalid form data): amber badge on a warm background, read out at once. */
export function toastWarning(message: string): string {
  return toast(message, {
    icon: warningIcon(),
    style: { ...baseStyle, background: colors.warningSoft, border: `1px solid ${colors.warningBorder}` },
    ariaProps: { role: 'alert', 'aria-live': 'assertive' },
  });
}

export function toastError(message: string, options?: { id?: string }): string {
  return toast.error(message, options);
}

/**
 * A warning that stays until acted on, with one button (issue 33 item 13: a stale tab's refused save says what happened
 * and offers to reload the case). The button closes the toast and runs `onAction`.
 */
export function toastWarningWithAction(message: string, actionLabel: string, onAction: () => void, options: { id: string }): string {
  return toast(
    (shown) =>
      createElement(
        'span',
        { style: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '8px' } },
        createElement('span', null, message),
        createElement(
          'button',
          {
            type: 'button',
            onClick: () => {
              toast.dismiss(shown.id);
              onAction();
            },
            style: {
              minHeight: '36px',
              padding: '0 14px',
              border: `1px solid ${colors.primary}`,
              borderRadius: radii.md,
              background: colors.primary,
              color: colors.onPrimary,
              fontSize: fontSizes.sm,
              fontWeight: 600,
              cursor: 'pointer',
            },
          },
          actionLabel,
        ),
      ),
    {
      id: options.id,
      duration: Infinity,
      icon: warningIcon(),
      style: { ...baseStyle, background: colors.warningSoft, border: `1px solid ${colors.warningBorder}` },
      ariaProps: { role: 'alert', 'aria-live': 'assertive' },
    },
  );
}
