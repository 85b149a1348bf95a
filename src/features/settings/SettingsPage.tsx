/**
 * /settings (medic; SPEC §2 Settings): the profile (avatar with its photo modal, name, nickname, CRM, e-mail, masked
 * password), 'Pessoas vinculadas a conta', and the later cards (stage targets, payment terms, billing, two-factor,
 * devices, the calendar feed, the digest, backup, the messages to the patient), each loaded when the page is scrolled
 * to it (LaterCard). The four modals run on machines/settings/settingsModalMachine with the real call supplied here;
 * its emitted outcome shows SPEC §8's toasts and, after a change, the settings are read again. A failed read shows a
 * neutral notice with a retry and no toast (SPEC §7).
 */
import { useEffect, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { styled } from 'goober';
import { settingsModalMachine, type SettingsForm } from '../../../machines/settings/settingsModalMachine';
import { Page } from '../../components/layout/Page';
import { Notice } from '../../components/ui/Notice';
import { settingsTexts as T } from '../../lib/i18n/settings';
import { space } from '../../lib/theme';
import { getSettings, sendSettingsForm, type Settings } from './actors';
import { useSession } from '../../lib/session/session';
import { LinkedPeople } from './LinkedPeople';
import { ProfileCard } from './ProfileCard';
import { LaterCard, laterCards } from './LaterCard';
import { useSettingsModal } from './useSettingsModal';
import { InviteModal, NameModal, NicknameModal, PasswordModal, ProfilePhotoModal } from './lazyModals';
import { useRead } from '../../lib/useRead';

const modalMachine = settingsModalMachine.provide({ actors: { sendSettingsForm } });

const StyledGrid = styled('div')`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 380px), 1fr));
  gap: ${space.xl};
  align-items: start;
`;

type SettingsContentProps = { settings: Settings; reload: () => void };

function SettingsContent({ settings, reload }: SettingsContentProps) {
  const actor = useActorRef(modalMachine);
  const form = useSelector(actor, (s) => s.context.form);
  const inviteAsked = useRouterState({ select: (s) => s.location.state.invite === true });
  const [photoOpen, setPhotoOpen] = useState(false);
  // The session's profile follows a photo changed from the header's modal too; the settings read is the fallback.
  const sessionImage = useSession().profile?.user.image;
  const image = sessionImage !== undefined ? sessionImage : settings.image;

  // Arriving from 'Primeiros passos' ('Convidar secretária', DECISIONS §13): the invite modal opens at once.
  useEffect(() => {
    if (inviteAsked) actor.send({ type: 'settings.open', form: 'invite' });
  }, [actor, inviteAsked]);

  function handleOpen(next: SettingsForm) {
    actor.send({ type: 'settings.open', form: next });
  }

  const modal = useSettingsModal(actor, reload);

  return (
    <>
      <StyledGrid>
        <ProfileCard settings={{ ...settings, image }} onEdit={handleOpen} onEditPhoto={() => setPhotoOpen(true)} />
        <LinkedPeople
          people={settings.secretary_set}
          invites={settings.invite_set}
          onAdd={() => handleOpen('invite')}
          onChanged={reload}
        />
        <LaterCard card={laterCards.stageTargets} props={{}} />
        <LaterCard card={laterCards.paymentTerms} props={{}} />
        <LaterCard card={laterCards.billing} props={{ role: 'medic' }} />
        <LaterCard card={laterCards.twoFactor} props={{ role: 'medic' }} />
        <LaterCard card={laterCards.devices} props={{}} />
        <LaterCard card={laterCards.calendarFeed} props={{}} />
        <LaterCard card={laterCards.digest} props={{}} />
        <LaterCard card={laterCards.backup} props={{}} />
        <LaterCard card={laterCards.messageTemplates} props={{}} />
      </StyledGrid>
      {form === 'name' ? (
        <NameModal {...modal} current={{ first_name: settings.first_name, last_name: settings.last_name }} />
      ) : null}
      {form === 'nickname' ? <NicknameModal {...modal} current={settings.nickname} /> : null}
      {form === 'password' ? <PasswordModal {...modal} /> : null}
      {form === 'invite' ? <InviteModal {...modal} /> : null}
      {photoOpen ? <ProfilePhotoModal current={image} onClose={() => setPhotoOpen(false)} onChanged={reload} /> : null}
    </>
  );
}

export function SettingsPage() {
  // A failed first read is silent (SPEC §7): the page offers retry; a reload after a change keeps the data shown.
  const { state, retry, reload } = useRead((signal) => getSettings(signal), []);
  return (
    <Page title={T.title}>
      {state.status === 'loading' ? (
        <Notice kind="loading" title={T.loading} />
      ) : state.status !== 'ready' ? (
        <Notice kind="failed" title={T.failedTitle} text={T.failedText} onRetry={retry} />
      ) : (
        <SettingsContent settings={state.value} reload={reload} />
      )}
    </Page>
  );
}
