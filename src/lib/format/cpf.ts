/**
 * CPF helpers for the SPA. The logic lives once in machines/rules/cpf.ts (shared with the
 * machines and the server); this module only re-exports it for src/.
 */
export { formatCpf, isValidCpf, onlyDigits } from '../../../machines/rules/cpf';
