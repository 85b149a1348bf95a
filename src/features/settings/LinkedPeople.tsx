/**
 * 'Pessoas vinculadas a conta' (SPEC §2 Settings): the linked secretaries by e-mail, each with a remove button that
 * asks 'Tem certeza?' (Sim / Não, Não focused) before DELETE remove_secretary/{id}; SPEC §8's 'Deletado com sucesso!'
 * / 'Ocorreu um erro'. Below them the pending invites (issue 11), each with its validity, 'Reenviar' (a new link, the
 * old one void) and 'Cancelar convite' (after 'Tem certeza?'). A plus button opens 'Adicionar uma pessoa a sua conta'
 * (the invite modal, run by the page).
 */
import { useId, useState } from 'react';
import { styled } from 'goober';
import type { CallResult } from '../../api/call';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmailText } from '../../components/ui/EmailText';
import { Icon } from '../../components/ui/Icon';
import { Notice } from '../../components/ui/Notice';
import { Spinner } from '../../components/ui/Spinner';
import { formatDate } from '../../lib/format/date';
import { fill } from '../../lib/i18n/pt-BR';
import { settingsTexts as T } from '../../lib/i18n/settings';
import { colors, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { toastError, toastSuccess, toastWarning } from '../../lib/toast';
import {
  cancelInvite,
  removeSecretary,
  resendInvite,
  type LinkedPerson,
  type PendingInvite,
} from './actors';
import { StyledCard, StyledCardList, StyledCardTitle } from './ProfileCard';
import { iconBoxCss } from '../../components/ui/cssParts';

const StyledHeader = styled('div')`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space.md};
`;

const StyledIconButton = styled('button')<{ $tone: 'primary' | 'danger' }>`
  flex: none;
  ${iconBoxCss('44px')}
  border-radius: ${(p) => (p.$tone === 'primary' ? '50%' : radii.md)};
  border: 1px solid ${(p) => (p.$tone === 'primary' ? colors.primary : colors.border)};
  background: ${(p) => (p.$tone === 'primary' ? colors.primary : colors.surface)};
  color: ${(p) => (p.$tone === 'primary' ? colors.onPrimary : colors.danger)};
  cursor: pointer;
  &:hover {
    background: ${(p) => (p.$tone === 'primary' ? colors.primaryHover : colors.dangerSoft)};
    border-color: ${(p) => (p.$tone === 'primary' ? colors.primaryHover : colors.danger)};
  }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

const StyledPerson = styled('li')`
  display: flex;
  align-items: center;
  gap: ${space.md};
  min-height: 60px;
  padding: ${space.sm} 0;
  border-bottom: 1px solid ${colors.border};
  & > svg { flex: none; color: ${colors.primary}; }
  & > span {
    flex: 1 1 auto;
    min-width: 0;
    font-size: ${fontSizes.md};
    color: ${colors.text};
    overflow-wrap: break-word;
  }
`;

const StyledInvite = styled('li')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.sm} ${space.md};
  padding: ${space.md} 0;
  border-bottom: 1px solid ${colors.border};
  & > svg { flex: none; color: ${colors.textMuted}; }
`;

const StyledInviteText = styled('div')`
  flex: 1 1 180px;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${space.xxs};
  & > span:first-child { font-size: ${fontSizes.md}; color: ${colors.text}; overflow-wrap: break-word; }
  & > span:last-child { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
  & > span[data-expired]:last-child { color: ${colors.danger}; }
`;

const StyledInviteActions = styled('div')`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.sm};
`;

const StyledTextButton = styled('button')<{ $tone: 'primary' | 'danger' }>`
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  min-height: 44px;
  padding: 0 ${space.md};
  border-radius: ${radii.md};
  border: 1px solid ${colors.border};
  background: ${colors.surface};
  color: ${(p) => (p.$tone === 'primary' ? colors.primary : colors.danger)};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${(p) => (p.$tone === 'primary' ? colors.primaryTint : colors.dangerSoft)};
    border-color: ${(p) => (p.$tone === 'primary' ? colors.primary : colors.danger)};
  }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
  &:disabled { cursor: not-allowed; opacity: 0.7; }
`;

type InviteRowProps = {
  invite: PendingInvite;
  resending: boolean;
  onResend: (invite: PendingInvite) => void;
  onCancel: (invite: PendingInvite) => void;
};

function InviteRow({ invite, resending, onResend, onCancel }: InviteRowProps) {
  const status = fill(invite.expired ? T.invites.expired : T.invites.pending, { date: formatDate(invite.expires_at) });
  return (
    <StyledInvite>
      <Icon name="send" size={20} />
      <StyledInviteText>
        <span>
          <EmailText email={invite.email} />
        </span>
        <span data-expired={invite.expired ? '' : undefined}>{status}</span>
      </StyledInviteText>
      <StyledInviteActions>
        <StyledTextButton
          type="button"
          $tone="primary"
          aria-label={fill(T.invites.resendLabel, { email: invite.email })}
          disabled={resending}
          onClick={() => onResend(invite)}
        >
          {resending ? <Spinner size={16} label={T.invites.resending} /> : <Icon name="send" size={16} />}
          {resending ? T.invites.resending : T.invites.resend}
        </StyledTextButton>
        <StyledTextButton
          type="button"
          $tone="danger"
          aria-label={fill(T.invites.cancelLabel, { email: invite.email })}
          onClick={() => onCancel(invite)}
        >
          <Icon name="close" size={16} />
          {T.invites.cancel}
        </StyledTextButton>
      </StyledInviteActions>
    </StyledInvite>
  );
}

/** SPEC §8's 'Ocorreu um erro', with the refusal's own messages (a 429 says when to try again; no answer says none). */
function showRefusal(result: CallResult<unknown>) {
  if (result.ok) return;
  toastError(T.invites.failed);
  if (result.status !== 0) for (const message of result.messages) toastWarning(message);
}

type LinkedPeopleProps = {
  people: LinkedPerson[];
  invites: PendingInvite[];
  onAdd: () => void;
  /** A person was removed or an invite changed: the page reads the settings again. */
  onChanged: () => void;
};

export function LinkedPeople({ people, invites, onAdd, onChanged }: LinkedPeopleProps) {
  const titleId = useId();
  const [asking, setAsking] = useState<LinkedPerson | null>(null);
  const [removing, setRemoving] = useState(false);
  const [cancelling, setCancelling] = useState<PendingInvite | null>(null);
  const [cancelBusy, setCancelBusy] = useState(false);
  const [resendingId, setResendingId] = useState<number | null>(null);

  async function handleConfirm() {
    if (!asking) return;
    setRemoving(true);
    const removed = await removeSecretary(asking.id);
    setRemoving(false);
    setAsking(null);
    if (removed) {
      toastSuccess(T.removal.removed);
      onChanged();
    } else {
      toastError(T.removal.failed);
    }
  }

  async function handleResend(invite: PendingInvite) {
    setResendingId(invite.id);
    const result = await resendInvite(invite.id);
    setResendingId(null);
    if (result.ok) {
      toastSuccess(T.invites.resent);
      onChanged();
    } else {
      showRefusal(result);
    }
  }

  async function handleCancelConfirmed() {
    if (!cancelling) return;
    setCancelBusy(true);
    const result = await cancelInvite(cancelling.id);
    setCancelBusy(false);
    setCancelling(null);
    if (result.ok) {
      toastSuccess(T.invites.cancelled);
      onChanged();
    } else {
      showRefusal(result);
    }
  }

  return (
    <StyledCard aria-labelledby={titleId}>
      <StyledHeader>
        <StyledCardTitle id={titleId}>{T.people.title}</StyledCardTitle>
        <StyledIconButton type="button" $tone="primary" aria-label={T.people.add} onClick={onAdd}>
          <Icon name="plus" size={22} />
        </StyledIconButton>
      </StyledHeader>
      {people.length === 0 && invites.length === 0 ? (
        <Notice
          kind="empty"
          title={T.people.emptyTitle}
          text={T.people.emptyText}
          icon="userPlus"
          compact
          announce={false}
        />
      ) : null}
      {people.length > 0 ? (
        <StyledCardList aria-label={T.people.listLabel}>
          {people.map((person) => (
            <StyledPerson key={person.id}>
              <Icon name="mail" size={20} />
              <span>
                <EmailText email={person.email} />
              </span>
              <StyledIconButton
                type="button"
                $tone="danger"
                aria-label={fill(T.people.remove, { email: person.email })}
                onClick={() => setAsking(person)}
              >
                <Icon name="trash" size={20} />
              </StyledIconButton>
            </StyledPerson>
          ))}
        </StyledCardList>
      ) : null}
      {invites.length > 0 ? (
        <StyledCardList aria-label={T.invites.listLabel}>
          {invites.map((invite) => (
            <InviteRow
              key={invite.id}
              invite={invite}
              resending={resendingId === invite.id}
              onResend={(chosen) => void handleResend(chosen)}
              onCancel={setCancelling}
            />
          ))}
        </StyledCardList>
      ) : null}
      <ConfirmDialog
        isOpen={asking !== null}
        title={T.removal.title}
        text={asking ? fill(T.removal.text, { email: asking.email }) : undefined}
        confirmLabel={T.removal.yes}
        cancelLabel={T.removal.no}
        focus="cancel"
        tone="danger"
        busy={removing}
        busyLabel={T.removal.removing}
        closeLabel={T.modals.close}
        onConfirm={() => void handleConfirm()}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        isOpen={cancelling !== null}
        title={T.invites.confirmTitle}
        text={cancelling ? fill(T.invites.confirmText, { email: cancelling.email }) : undefined}
        confirmLabel={T.invites.confirmYes}
        cancelLabel={T.invites.confirmNo}
        focus="cancel"
        tone="danger"
        busy={cancelBusy}
        busyLabel={T.invites.cancelling}
        closeLabel={T.modals.close}
        onConfirm={() => void handleCancelConfirmed()}
        onCancel={() => setCancelling(null)}
      />
    </StyledCard>
  );
}
