/**
 * The pt-BR texts of the profile photo (issue 11 item 13; our texts, the dropzone's are those of the patient photo,
 * SPEC §2: 'Arraste a foto para aqui', 'Imagem selecionado!').
 */
import { patientsTexts } from './patients';
import { ptBR } from './pt-BR';

const photo = patientsTexts.fields;

export const profilePhotoTexts = {
  title: 'Foto do perfil',
  text: 'A foto aparece no cabeçalho e nas configurações. Só você a vê.',
  /** The header button and the settings button that open the modal. */
  open: ptBR.nav.profilePhoto,
  change: 'Alterar foto',
  field: 'Nova foto',
  save: 'Salvar foto',
  sending: 'Enviando...',
  cancel: 'Cancelar',
  close: 'Fechar',
  remove: 'Remover foto',
  removing: 'Removendo...',
  saved: 'Foto do perfil atualizada!',
  removed: 'Foto do perfil removida!',
  chooseFirst: 'Escolha uma foto para enviar.',
  dropzone: {
    prompt: photo.dropPrompt,
    action: photo.dropAction,
    selected: photo.photoSelected,
    hint: photo.photoHint,
    current: photo.photoCurrent,
    replace: photo.photoReplace,
    remove: photo.photoRemove,
    preview: photo.photoPreview,
    invalidType: photo.photoInvalidType,
    tooLarge: photo.photoTooLarge,
    tooMany: photo.photoTooMany,
  },
} as const;
