import { PHOTO_TYPES, sniffFileType, type SniffedType } from './file-type';

/** The refusals of any photo upload (patients, profile photos): the same rules, the same words. */
export const PHOTO_MESSAGES = {
  type: 'Envie uma imagem JPEG, PNG ou WebP.',
  tooLarge: 'A foto deve ter no máximo 5 MB.',
  notFound: 'Foto não encontrada.',
} as const;

/** The photo type the bytes carry (JPEG, PNG or WebP, by content), or null for anything else. */
export function photoTypeOf(data: Buffer): SniffedType | null {
  const type = sniffFileType(data);
  return type && PHOTO_TYPES.includes(type) ? type : null;
}
