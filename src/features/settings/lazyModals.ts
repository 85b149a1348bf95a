/**
 * The modals of /settings and /account, loaded when first opened: their checks (arktype) and React Aria's dialog stay
 * out of the pages' first download (issue 41, goal 6). Same props as ./SettingsModals.tsx's and ProfilePhotoModal's.
 */
import type { ProfilePhotoModalProps } from '../../components/profilePhoto/ProfilePhotoModal';
import { chunked } from '../../lib/chunked';
import type { NameModalProps, NicknameModalProps, SettingsModalState } from './SettingsModals';

const modals = () => import('./SettingsModals');

export const NameModal = chunked<NameModalProps>(() => modals().then((module) => module.NameModal));
export const NicknameModal = chunked<NicknameModalProps>(() => modals().then((module) => module.NicknameModal));
export const PasswordModal = chunked<SettingsModalState>(() => modals().then((module) => module.PasswordModal));
export const InviteModal = chunked<SettingsModalState>(() => modals().then((module) => module.InviteModal));
export const ProfilePhotoModal = chunked<ProfilePhotoModalProps>(() =>
  import('../../components/profilePhoto/ProfilePhotoModal').then((module) => module.ProfilePhotoModal),
);
