/**
 * 'Pessoas vinculadas a conta' (SPEC §2 Settings): the linked secretaries by e-mail, each with a remove button that
 * asks 'Tem certeza?' (Sim / Não, Não focused) before DELETE remove_secretary/{id}; SPEC §8's 'Deletado com sucesso!'
 * / 'Ocorreu um erro'. A plus button opens 'Adicionar uma pessoa a sua conta' (the invite modal, run by the page).
 * Pending invites are not listed (the contract lists only people who accepted).
 */
import { useId, useState } from 'react';
import { styled } from 'goober';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Icon } from '../../components/ui/Icon';
import { fill } from '../../lib/i18n/pt-BR';
import { settingsTexts as T } from '../../lib/i18n/settings';
import { colors, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { toastError, toastSuccess } from '../../lib/toast';
import { removeSecretary, type LinkedPerson } from './actors';
import { StyledCard, StyledCardTitle } from './ProfileCard';

const StyledHeader = styled('div')`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space.md};
`;

const StyledIconButton = styled('button')<{ $tone: 'primary' | 'danger' }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
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

const StyledList = styled('ul')`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  border-top: 1px solid ${colors.border};
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
    overflow-wrap: anywhere;
  }
`;

const StyledEmpty = styled('div')`
  display: flex;
  flex-direction: column;
  gap: ${space.xs};
  padding: ${space.lg};
  border: 1px dashed ${colors.borderStrong};
  border-radius: ${radii.md};
  background: ${colors.primaryTint};
  & > p:first-child { font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
  & > p:last-child { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
`;

type LinkedPeopleProps = {
  people: LinkedPerson[];
  onAdd: () => void;
  /** A person was removed: the page reads the settings again. */
  onRemoved: () => void;
};

export function LinkedPeople({ people, onAdd, onRemoved }: LinkedPeopleProps) {
  const titleId = useId();
  const [asking, setAsking] = useState<LinkedPerson | null>(null);
  const [removing, setRemoving] = useState(false);

  async function handleConfirm() {
    if (!asking) return;
    setRemoving(true);
    const removed = await removeSecretary(asking.id);
    setRemoving(false);
    setAsking(null);
    if (removed) {
      toastSuccess(T.removal.removed);
      onRemoved();
    } else {
      toastError(T.removal.failed);
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
      {people.length === 0 ? (
        <StyledEmpty>
          <p>{T.people.emptyTitle}</p>
          <p>{T.people.emptyText}</p>
        </StyledEmpty>
      ) : (
        <StyledList aria-label={T.people.listLabel}>
          {people.map((person) => (
            <StyledPerson key={person.id}>
              <Icon name="mail" size={20} />
              <span>{person.email}</span>
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
        </StyledList>
      )}
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
    </StyledCard>
  );
}
