/**
 * /account, the secretary's 'Minha conta' (issue 35 item 2): her photo, name, nickname and e-mail, her password (the
 * current one asked), where she is signed in, and her calendar feed ('Agenda no celular', issue 39); the cards after
 * the profile load when the page is scrolled to them (LaterCard). The name, nickname and password modals are
 * /settings' own, on the same machine, with the call supplied here (PUT account/ instead of the medic's settings/).
 */
import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { styled } from 'goober';
import { fromPromise } from 'xstate';
import type { components } from '../../../openapi/schema';
import { settingsModalMachine, SettingsSendError, type SettingsForm, type SettingsPayload } from '../../../machines/settings/settingsModalMachine';
import { api } from '../../api/client';
import { generalErrorMessages } from '../../api/errors';
import { read } from '../../api/read';
import { Page } from '../../components/layout/Page';
import { Notice } from '../../components/ui/Notice';
import { accountTexts } from '../../lib/i18n/account';
import { reloadProfileFromServer, useSession } from '../../lib/session/session';
import { useRead } from '../../lib/useRead';
import { space } from '../../lib/theme';
import { ProfileCard } from './ProfileCard';
import { LaterCard, laterCards } from './LaterCard';
import { useSettingsModal } from './useSettingsModal';
import { NameModal, NicknameModal, PasswordModal, ProfilePhotoModal } from './lazyModals';

type OwnAccount = components['schemas']['OwnAccount'];
const T = accountTexts.account;

/** The modal's call: names and nickname go to account/, the password to change_password/ (both roles). */
async function sendAccount(payload: SettingsPayload, signal?: AbortSignal): Promise<void> {
  let answer: { error?: unknown; response: Response };
  try {
    if (payload.form === 'password') {
      answer = await api.POST('/project_auth/api/v1/change_password/', {
        body: { password: payload.password, new_password: payload.new_password },
        signal,
      });
    } else if (payload.form === 'name') {
      answer = await api.PUT('/project_auth/api/v1/account/', { body: { first_name: payload.first_name, last_name: payload.last_name }, signal });
    } else if (payload.form === 'nickname') {
      answer = await api.PUT('/project_auth/api/v1/account/', { body: { nickname: payload.nickname }, signal });
    } else {
      throw new SettingsSendError([]);
    }
  } catch (error) {
    if (error instanceof SettingsSendError) throw error;
    throw new SettingsSendError([]);
  }
  if (!answer.response.ok) throw new SettingsSendError(generalErrorMessages(answer.error));
  if (payload.form !== 'password') await reloadProfileFromServer();
}

const modalMachine = settingsModalMachine.provide({
  actors: { sendSettingsForm: fromPromise<void, SettingsPayload>(({ input, signal }) => sendAccount(input, signal)) },
});

const StyledGrid = styled('div')`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 380px), 1fr));
  gap: ${space.xl};
  align-items: start;
`;

function AccountContent({ account, reload }: { account: OwnAccount; reload: () => void }) {
  const actor = useActorRef(modalMachine);
  const form = useSelector(actor, (s) => s.context.form);
  const [photoOpen, setPhotoOpen] = useState(false);
  const sessionImage = useSession().profile?.user.image;
  const image = sessionImage !== undefined ? sessionImage : account.image;


  const modal = useSettingsModal(actor, reload);

  return (
    <>
      <StyledGrid>
        <ProfileCard
          settings={{ ...account, crm: null, image, secretary_set: [], invite_set: [] }}
          showCrm={false}
          onEdit={(next: SettingsForm) => actor.send({ type: 'settings.open', form: next })}
          onEditPhoto={() => setPhotoOpen(true)}
        />
        <LaterCard card={laterCards.twoFactor} props={{ role: 'secretary' }} />
        <LaterCard card={laterCards.devices} props={{}} />
        <LaterCard card={laterCards.calendarFeed} props={{}} />
        <LaterCard card={laterCards.digest} props={{}} />
        <LaterCard card={laterCards.billing} props={{ role: 'secretary' }} />
      </StyledGrid>
      {form === 'name' ? <NameModal {...modal} current={{ first_name: account.first_name, last_name: account.last_name }} /> : null}
      {form === 'nickname' ? <NicknameModal {...modal} current={account.nickname} /> : null}
      {form === 'password' ? <PasswordModal {...modal} /> : null}
      {photoOpen ? <ProfilePhotoModal current={image} onClose={() => setPhotoOpen(false)} onChanged={reload} /> : null}
    </>
  );
}

export function AccountPage() {
  // A reload after a change (and a retry) keeps what is shown until the answer lands, and a failed one keeps the data.
  const { state, reload } = useRead((signal) => read(() => api.GET('/project_auth/api/v1/account/', { signal })), []);

  return (
    <Page title={T.title}>
      {state.status === 'loading' ? (
        <Notice kind="loading" title={T.loading} />
      ) : state.status !== 'ready' ? (
        <Notice kind="failed" title={T.failedTitle} text={T.failedText} onRetry={reload} />
      ) : (
        <AccountContent account={state.value} reload={reload} />
      )}
    </Page>
  );
}
