/**
 * The four modals of /settings (SPEC §2 Settings): 'Atualizar Nome do Perfil' (Nome, Sobrenome), 'Atualizar perfil'
 * ('Como você gostaria de ser chamado'), 'Atualizar a senha' (current, new, confirmation) and 'Adicionar uma pessoa a
 * sua conta' (Nome, Sobrenome, E-mail). react-hook-form owns the fields and checks them with the schemas of
 * machines/account/settingsSchemas.ts (the API's own) before anything is sent; the settings modal machine (driven by the page) owns sending and closing. Each modal is
 * mounted only while open, so every open starts from the current values.
 */
import { useEffect, type FormEvent, type ReactNode } from 'react';
import { useForm, type DefaultValues, type Resolver } from 'react-hook-form';
import {
  changePasswordForm,
  createSecretarySchema,
  settingsNameSchema,
  settingsNicknameSchema,
} from '../../../machines/account/settingsSchemas';
import type { SettingsPayload } from '../../../machines/settings/settingsModalMachine';
import { FormTextField } from '../../components/form/FormTextField';
import { stepResolver } from '../../components/form/stepResolver';
import { Modal } from '../../components/ui/Modal';
import { ModalMessages, ModalSubmitActions, ModalText } from '../../components/ui/modalParts';
import { settingsTexts as T } from '../../lib/i18n/settings';
import {
  invitePayload,
  namePayload,
  nicknamePayload,
  passwordPayload,
  type InviteValues,
  type NameValues,
  type NicknameValues,
  type PasswordValues,
} from './settingsForms';
import { FieldPair, FieldStack } from '../../components/ui/fieldLayout';

/** What the page tells an open modal. */
export type SettingsModalState = {
  /** The request is on its way: the submit button says 'Enviando...'. */
  sending: boolean;
  /** Sending or closing (the 200 ms after a save): nothing can be changed or dismissed. */
  locked: boolean;
  /** The server's messages of the last failed send of this modal. */
  messages: string[];
  onCancel: () => void;
  onSend: (payload: SettingsPayload) => void;
};

type FormModalProps = SettingsModalState & {
  title: string;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
};

function FormModal({ title, submitLabel, sending, locked, messages, onCancel, onSubmit, children }: FormModalProps) {
  return (
    <Modal
      isOpen
      onClose={onCancel}
      title={title}
      closeLabel={T.modals.close}
      maxWidth={520}
      fullScreenOnPhone={false}
      dismissable={!locked}
      onSubmit={onSubmit}
      busy={locked}
      footer={
        <ModalSubmitActions
          cancelLabel={T.modals.cancel}
          onCancel={onCancel}
          submitLabel={submitLabel}
          sendingLabel={T.modals.sending}
          sending={sending}
          locked={locked}
        />
      }
    >
      <FieldStack>
        <ModalMessages messages={messages} />
        {children}
      </FieldStack>
    </Modal>
  );
}

const nameResolver = stepResolver<NameValues>(settingsNameSchema);
const nicknameResolver = stepResolver<NicknameValues>(settingsNicknameSchema);
/** The body's rules and the new password repeated (a form-only field). */
const passwordResolver = stepResolver<PasswordValues>(changePasswordForm);
const inviteResolver = stepResolver<InviteValues>(createSecretarySchema);

function useSettingsForm<T extends Record<string, string>>(defaultValues: DefaultValues<T>, resolver: Resolver<T>) {
  // Checked on submit, then as the person fixes each field (and on leaving a field once touched).
  return useForm<T>({ defaultValues, resolver, mode: 'onTouched', reValidateMode: 'onChange' });
}

export type NameModalProps = SettingsModalState & { current: NameValues };

export function NameModal({ current, ...state }: NameModalProps) {
  const { control, handleSubmit } = useSettingsForm<NameValues>(current, nameResolver);
  return (
    <FormModal
      {...state}
      title={T.modals.name}
      submitLabel={T.modals.save}
      onSubmit={handleSubmit((values) => state.onSend(namePayload(values)))}
    >
      <FieldPair>
        <FormTextField control={control} name="first_name" label={T.fields.firstName} autoComplete="given-name" autoFocus />
        <FormTextField control={control} name="last_name" label={T.fields.lastName} autoComplete="family-name" />
      </FieldPair>
    </FormModal>
  );
}

export type NicknameModalProps = SettingsModalState & { current: string | null };

export function NicknameModal({ current, ...state }: NicknameModalProps) {
  const { control, handleSubmit } = useSettingsForm<NicknameValues>(
    { nickname: current ?? '' },
    nicknameResolver,
  );
  return (
    <FormModal
      {...state}
      title={T.modals.nickname}
      submitLabel={T.modals.save}
      onSubmit={handleSubmit((values) => state.onSend(nicknamePayload(values)))}
    >
      <FormTextField
        control={control}
        name="nickname"
        label={T.fields.nickname}
        placeholder={T.fields.nicknamePlaceholder}
        hint={T.fields.nicknameHint}
        autoComplete="nickname"
        autoFocus
      />
    </FormModal>
  );
}

export function PasswordModal(state: SettingsModalState) {
  const form = useSettingsForm<PasswordValues>(
    { password: '', new_password: '', confirm_password: '' },
    passwordResolver,
  );
  const { control, handleSubmit, watch, trigger, getFieldState } = form;
  const newPassword = watch('new_password');
  // SPEC §5's rule for confirmations: once touched, the confirmation follows every change of the new password.
  useEffect(() => {
    if (getFieldState('confirm_password').isTouched) void trigger('confirm_password');
  }, [newPassword, getFieldState, trigger]);
  return (
    <FormModal
      {...state}
      title={T.modals.password}
      submitLabel={T.modals.save}
      onSubmit={handleSubmit((values) => state.onSend(passwordPayload(values)))}
    >
      <FormTextField
        control={control}
        name="password"
        label={T.fields.currentPassword}
        type="password"
        autoComplete="current-password"
        autoFocus
      />
      <FormTextField
        control={control}
        name="new_password"
        label={T.fields.newPassword}
        type="password"
        autoComplete="new-password"
        hint={T.fields.newPasswordHint}
      />
      <FormTextField
        control={control}
        name="confirm_password"
        label={T.fields.confirmPassword}
        type="password"
        autoComplete="new-password"
      />
    </FormModal>
  );
}

export function InviteModal(state: SettingsModalState) {
  const { control, handleSubmit } = useSettingsForm<InviteValues>(
    { first_name: '', last_name: '', email: '' },
    inviteResolver,
  );
  return (
    <FormModal
      {...state}
      title={T.modals.invite}
      submitLabel={T.modals.send}
      onSubmit={handleSubmit((values) => state.onSend(invitePayload(values)))}
    >
      <ModalText>{T.modals.inviteText}</ModalText>
      <FieldPair>
        <FormTextField control={control} name="first_name" label={T.fields.firstName} autoComplete="off" autoFocus />
        <FormTextField control={control} name="last_name" label={T.fields.lastName} autoComplete="off" />
      </FieldPair>
      <FormTextField
        control={control}
        name="email"
        label={T.fields.email}
        type="email"
        inputMode="email"
        placeholder={T.fields.emailPlaceholder}
        autoComplete="off"
      />
    </FormModal>
  );
}
