/**
 * Account rules shared by the signup wizards (machines/signup) and the server's auth services, so
 * that the browser and the API never disagree on what a well-formed e-mail or an acceptable
 * password is.
 */

export const EMAIL_MAX_LENGTH = 254;
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

export const ACCOUNT_MESSAGES = {
  passwordTooShort: `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  passwordTooLong: `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`,
} as const;

/** A pragmatic shape check (one @, a dot in the domain, no spaces); delivery is the real test. */
export function isWellFormedEmail(email: string): boolean {
  const value = email.trim();
  return value.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value);
}

/** The password policy; each problem is a pt-BR message (empty when the password is acceptable). */
export function passwordProblems(plain: string): string[] {
  const length = [...plain].length;
  if (length < PASSWORD_MIN_LENGTH) return [ACCOUNT_MESSAGES.passwordTooShort];
  if (length > PASSWORD_MAX_LENGTH) return [ACCOUNT_MESSAGES.passwordTooLong];
  return [];
}
