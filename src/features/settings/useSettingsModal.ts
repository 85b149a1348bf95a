import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { settingsModalMachine } from '../../../machines/settings/settingsModalMachine';
import { toastError, toastSuccess, toastWarning } from '../../lib/toast';
import { failureToasts, successToast } from './settingsForms';
import type { SettingsModalState } from './SettingsModals';

/**
 * The settings modals' wiring, shared by /settings and /account: SPEC §8's toast for each outcome (a saved name,
 * nickname or invite reads the page again through `reload`) and the state every modal takes.
 */
export function useSettingsModal(actor: ActorRefFrom<typeof settingsModalMachine>, reload: () => void): SettingsModalState {
  const messages = useSelector(actor, (s) => s.context.messages);
  const sending = useSelector(actor, (s) => s.matches('sending'));
  const locked = useSelector(actor, (s) => !s.matches('editing'));

  useEffect(() => {
    const sent = actor.on('settings.sent', ({ form }) => {
      toastSuccess(successToast(form));
      if (form !== 'password') reload();
    });
    const failed = actor.on('settings.failed', ({ form, messages: serverMessages }) => {
      const toasts = failureToasts(form, serverMessages);
      if (toasts.error) toastError(toasts.error);
      for (const warning of toasts.warnings) toastWarning(warning);
    });
    return () => {
      sent.unsubscribe();
      failed.unsubscribe();
    };
  }, [actor, reload]);

  return {
    sending,
    locked,
    messages,
    onCancel: () => actor.send({ type: 'settings.cancel' }),
    onSend: (payload) => actor.send({ type: 'settings.submit', payload }),
  };
}
