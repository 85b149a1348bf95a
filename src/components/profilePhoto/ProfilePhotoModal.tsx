/**
 * 'Foto do perfil' (issue 11 item 13): choose a photo (the patient photo's dropzone: JPEG, PNG or WebP checked by
 * content when chosen, at most 5 MB) and save it, or remove the current one. The server checks it again; its pt-BR
 * refusal shows in the modal. After a change the profile is read again, so the header shows the new photo, and
 * `onChanged` lets the page read its own data again.
 */
import { useState, type FormEvent } from 'react';
import { styled } from 'goober';
import { Button } from '../ui/Button';
import { Dropzone } from '../ui/Dropzone';
import { Modal } from '../ui/Modal';
import { ModalMessages, ModalSubmitActions, ModalText } from '../ui/modalParts';
import { profilePhotoTexts as T } from '../../lib/i18n/profilePhoto';
import { media } from '../../lib/theme';
import { toastSuccess } from '../../lib/toast';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '../../lib/photoFiles';
import { reloadProfileFromServer } from '../../lib/session/session';
import { removeProfilePhoto, uploadProfilePhoto } from './actors';
import { FieldStack } from '../ui/fieldLayout';

const StyledRemove = styled('div')`
  display: flex;
  & > button { width: 100%; }
  ${media.md} {
    margin-right: auto;
    & > button { width: auto; }
  }
`;

type Busy = 'idle' | 'saving' | 'removing';

export type ProfilePhotoModalProps = {
  /** The photo now saved (its signed link), or null. */
  current: string | null;
  onClose: () => void;
  onChanged?: () => void;
};

export function ProfilePhotoModal({ current, onClose, onChanged }: ProfilePhotoModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<Busy>('idle');
  const [messages, setMessages] = useState<string[]>([]);
  const locked = busy !== 'idle';

  async function run(kind: Exclude<Busy, 'idle'>, send: () => Promise<string[]>, success: string) {
    setBusy(kind);
    setMessages([]);
    const problems = await send();
    if (problems.length > 0) {
      setMessages(problems);
      setBusy('idle');
      return;
    }
    await reloadProfileFromServer();
    onChanged?.();
    toastSuccess(success);
    onClose();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (locked) return;
    if (!file) {
      setMessages([T.chooseFirst]);
      return;
    }
    void run('saving', () => uploadProfilePhoto(file), T.saved);
  }

  function handleRemove() {
    if (!locked) void run('removing', removeProfilePhoto, T.removed);
  }

  function handleChange(next: File | null) {
    setFile(next);
    setMessages([]);
  }

  return (
    <Modal
      isOpen
      onClose={onClose}
      title={T.title}
      closeLabel={T.close}
      maxWidth={520}
      fullScreenOnPhone={false}
      dismissable={!locked}
      onSubmit={handleSubmit}
      busy={locked}
      footer={
        <ModalSubmitActions
          cancelLabel={T.cancel}
          onCancel={onClose}
          submitLabel={T.save}
          sendingLabel={T.sending}
          sending={busy === 'saving'}
          locked={locked}
        >
          {current ? (
            <StyledRemove>
              <Button variant="ghost" onClick={handleRemove} disabled={locked} loading={busy === 'removing'}>
                {busy === 'removing' ? T.removing : T.remove}
              </Button>
            </StyledRemove>
          ) : null}
        </ModalSubmitActions>
      }
    >
      <FieldStack>
        <ModalText>{T.text}</ModalText>
        <ModalMessages messages={messages} role="alert" />
        <Dropzone
          label={T.field}
          name="image"
          value={file}
          onChange={handleChange}
          accept={PHOTO_TYPES}
          maxSize={PHOTO_MAX_BYTES}
          texts={T.dropzone}
          currentUrl={current}
          disabled={locked}
        />
      </FieldStack>
    </Modal>
  );
}
