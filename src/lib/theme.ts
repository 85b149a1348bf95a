/**
 * Design tokens and the goober setup for the SPA.
 *
 * Colour choice: the primary is a deep clinical teal (#0B6670). Teal is the colour of surgical scrubs and drapes,
 * reads as calm and medical rather than "alert", and keeps a 6.6:1 contrast with white text (WCAG AA for body text,
 * AAA for large text), so it can carry the auth/home backgrounds and the primary buttons. Neutrals are slightly
 * blue-green greys so that cards on the teal background feel of one family. Status colours (success, warning, danger)
 * stay distinct from the primary so that a "danger" row never looks like a branded element.
 *
 * Every text colour keeps at least 4.5:1 (WCAG AA, small text) on the surfaces it is drawn on: textSubtle 5.2:1 on
 * white and 4.8:1 on the page background, success 5.0:1 on successSoft (the 'Em dia' badge), warning and danger
 * above 4.9:1 on their soft backgrounds. tests/e2e/accessibility.spec.ts measures every screen with axe-core.
 *
 * Every styled component uses these tokens only (STYLE §16). Importing this module also runs goober's `setup`, so any
 * file that declares a `Styled*` component (and therefore imports the tokens) is guaranteed a configured goober.
 */
import { createElement } from 'react';
import { glob, setup } from 'goober';
import { shouldForwardProp } from 'goober/should-forward-prop';
import { installStyleSheet } from './styleSheet';
/**
 * goober's setup: React's createElement, and props prefixed with `$` are styling-only ("transient") and never reach
 * the DOM. react-hot-toast calls goober's setup(createElement) when it loads, which drops that prop filter, so
 * src/lib/toastView.ts, which loads it later (with the first toast), calls this again right after.
 */
export function setupGoober(): void {
  setup(
    createElement,
    undefined,
    undefined,
    shouldForwardProp((prop) => !prop.startsWith('$')),
  );
}

installStyleSheet();
setupGoober();

export const colors = {
  primary: '#0B6670',
  primaryHover: '#095760',
  primaryPressed: '#074850',
  primaryDeep: '#063C43',
  primarySoft: '#E3F1F2',
  primaryTint: '#F1F8F8',
  onPrimary: '#FFFFFF',
  accent: '#7FD1C7',
  text: '#15262B',
  textMuted: '#566A70',
  textSubtle: '#5E7075',
  border: '#D3DEE0',
  borderStrong: '#A9BBBF',
  surface: '#FFFFFF',
  background: '#F3F7F7',
  disabled: '#E7EDEE',
  success: '#1A7548',
  successSoft: '#E4F4EC',
  warning: '#8F5A0A',
  warningSoft: '#FDF3E1',
  warningBorder: '#F0D3A0',
  danger: '#B3261E',
  dangerSoft: '#FBE9E7',
  focus: '#0B6670',
  focusHalo: '#FFFFFF',
  backdrop: 'rgba(6, 32, 36, 0.55)',
} as const;

/** 4px grid. */
export const space = {
  xxs: '2px',
  xs: '4px',
  sm: '8px',
  md: '12px',
  lg: '16px',
  xl: '24px',
  xxl: '32px',
  xxxl: '48px',
} as const;

export const radii = {
  sm: '6px',
  md: '10px',
  lg: '16px',
  pill: '999px',
} as const;

const fonts = {
  body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
} as const;

export const fontSizes = {
  xs: '0.75rem',
  sm: '0.875rem',
  md: '1rem',
  lg: '1.125rem',
  xl: '1.375rem',
  xxl: '1.75rem',
} as const;

export const fontWeights = {
  regular: 400,
  medium: 500,
  semibold: 600,
  bold: 700,
} as const;

export const shadows = {
  card: '0 12px 32px rgba(6, 60, 67, 0.18), 0 2px 6px rgba(6, 60, 67, 0.08)',
  raised: '0 2px 8px rgba(6, 60, 67, 0.10)',
  panel: '8px 0 32px rgba(6, 32, 36, 0.25)',
} as const;

/** Two-tone ring: a white halo then the primary, visible on white surfaces and on the teal background alike. */
export const focusRing = `0 0 0 2px ${colors.focusHalo}, 0 0 0 4px ${colors.focus}`;

/** SPEC §9: mobile layout below md = 768px; the side rail is at most 320px wide. */
export const breakpoints = { md: 768 } as const;
export const media = {
  md: `@media (min-width: ${breakpoints.md}px)`,
  belowMd: `@media (max-width: ${breakpoints.md - 1}px)`,
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
} as const;

export const layout = {
  headerHeight: '64px',
  sideRailWidth: '248px',
  sideRailMaxWidth: '320px',
  authCardWidth: '440px',
  wizardCardWidth: '540px',
  contentMaxWidth: '1200px',
} as const;

export const zIndices = {
  header: 10,
  menu: 40,
  toast: 50,
} as const;

export const durations = {
  fast: '120ms',
  base: '200ms',
} as const;

let globalsApplied = false;

/** Document-wide base styles (reset, font, focus). Idempotent. */
export function applyGlobalStyles(): void {
  if (globalsApplied) return;
  globalsApplied = true;
  glob`
    *, *::before, *::after { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; }
    body {
      margin: 0;
      min-height: 100vh;
      font-family: ${fonts.body};
      font-size: ${fontSizes.md};
      line-height: 1.5;
      color: ${colors.text};
      background: ${colors.background};
      -webkit-font-smoothing: antialiased;
    }
    h1, h2, h3, p { margin: 0; }
    a { color: ${colors.primary}; }
    button, input, select, textarea { font: inherit; color: inherit; }
    img, svg { display: block; max-width: 100%; }
    :focus-visible { outline: none; box-shadow: ${focusRing}; }
    ${media.reducedMotion} {
      *, *::before, *::after {
        animation-duration: 0.01ms !important;
        animation-iteration-count: 1 !important;
        transition-duration: 0.01ms !important;
        scroll-behavior: auto !important;
      }
    }
  `;
}
