import { SESSION_FALLBACK_ERROR } from '../../../machines/session/sessionMachine';

/**
 * User-facing pt-BR texts of the session module (machines/session, src/lib/session, src/api/client); the signup
 * wizards' messages live with their schemas (machines/account). Messages given by SPEC §5/§8 are verbatim, including
 * their spelling ('CPF Invalido!', 'Dados invalido!'). The machines cannot import src/, so the
 * texts they produce live next to them and are re-exported here: this object is the one place to read
 * them from.
 */
export const sessionTexts = {
  signIn: {
    /** The sign-in answer had no usable message (SPEC §8). */
    internalError: SESSION_FALLBACK_ERROR,
    /** No response at all: network down, server unreachable (SPEC §8). */
    networkError: 'Ocorreu um erro, tente novamente!',
    /** The login form was submitted with invalid data (SPEC §8). */
    invalidData: 'Dados invalido!',
  },
  /**
   * A secretary linked to no medic (item 33.19): the medic removed her. Her open sessions end (the server revoked
   * them) and a new sign-in is refused, with this on the sign-in page.
   */
  unlinked: 'Seu acesso foi encerrado: você não está mais vinculado(a) a nenhum médico. Para voltar, peça um novo convite ao médico.',
} as const;
