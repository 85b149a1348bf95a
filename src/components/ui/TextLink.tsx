import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { css } from 'goober';
import { colors, focusRing, fontWeights, radii } from '../../lib/theme';

const textLinkClassName = css`
  color: ${colors.primary};
  font-weight: ${fontWeights.semibold};
  text-decoration: underline;
  text-underline-offset: 3px;
  text-decoration-thickness: 1px;
  border-radius: ${radii.sm};
  &:hover { color: ${colors.primaryPressed}; text-decoration-thickness: 2px; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

type TextLinkProps = {
  to: '/auth' | '/signup' | '/' | '/forgot-password';
  children: ReactNode;
};

/** An in-app text link (underlined, primary colour). */
export function TextLink({ to, children }: TextLinkProps) {
  return (
    <Link to={to} className={textLinkClassName}>
      {children}
    </Link>
  );
}
