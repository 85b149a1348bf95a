/**
 * The pieces the form modals share: the muted intro text, the server's refusal box (and its list of messages), the
 * actions row and its 'Cancelar' / submit pair.
 */
import type { ReactNode } from 'react';
import { styled } from 'goober';
import { colors, fontSizes, fontWeights, media, space } from '../../lib/theme';
import { Button } from './Button';
import { Icon } from './Icon';
import { warningBoxCss } from './cssParts';

export const ModalText = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

export const ModalProblem = styled('div')`
  display: flex;
  gap: ${space.sm};
  padding: ${space.md};
  ${warningBoxCss}
  font-weight: ${fontWeights.medium};
  & > svg { flex: none; margin-top: 1px; }
  & > ul { margin: 0; padding: 0; list-style: none; }
`;

export const ModalActions = styled('div')`
  display: flex;
  flex-direction: column-reverse;
  gap: ${space.sm};
  & > button { width: 100%; }
  ${media.md} {
    flex-direction: row;
    justify-content: flex-end;
    & > button { width: auto; }
  }
`;

type ModalMessagesProps = {
  /** The server's messages of the last refused send; nothing is shown when there are none. */
  messages: readonly string[];
  role?: 'alert';
};

export function ModalMessages({ messages, role }: ModalMessagesProps) {
  if (messages.length === 0) return null;
  return (
    <ModalProblem role={role}>
      <Icon name="alert" size={18} />
      <ul>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </ModalProblem>
  );
}

type ModalSubmitActionsProps = {
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  /** The submit button's label while sending. */
  sendingLabel: string;
  sending: boolean;
  /** Both buttons off; while sending unless told otherwise. */
  locked?: boolean;
  /** Buttons before the pair. */
  children?: ReactNode;
};

export function ModalSubmitActions({
  cancelLabel,
  onCancel,
  submitLabel,
  sendingLabel,
  sending,
  locked = sending,
  children,
}: ModalSubmitActionsProps) {
  return (
    <ModalActions>
      {children}
      <Button variant="secondary" onClick={onCancel} disabled={locked}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={sending} disabled={locked}>
        {sending ? sendingLabel : submitLabel}
      </Button>
    </ModalActions>
  );
}
