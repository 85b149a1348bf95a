/**
 * The sign-in form's checks, plain (issue 41, goal 6): /auth checks what is typed without loading arktype, at its first
 * paint or at its first keystroke. They are the rules the form had as an arktype schema, `{ email: 'string.email',
 * password: 'string > 0' }` with these messages; tests/unit/src/auth/loginChecks.test.ts holds them equal to that
 * schema through the forms' resolver over thousands of generated values. The server checks the credentials as before
 * (POST /auth/token): these only spare a request that cannot succeed.
 */
import { plainResolver } from '../../components/form/plainResolver';
import { ptBR } from '../../lib/i18n/pt-BR';

export type LoginValues = { email: string; password: string };

/** arktype's `string.email` (arktype/out/keywords/string.js), written out. */
const EMAIL_SHAPE = /^[\w%+.-]+@[\d.A-Za-z-]+\.[A-Za-z]{2,}$/;

function loginProblems(values: LoginValues) {
  const { email, password } = values as Record<keyof LoginValues, unknown>;
  return {
    email: typeof email === 'string' && EMAIL_SHAPE.test(email) ? undefined : ptBR.validation.emailInvalid,
    password: typeof password === 'string' && password.length > 0 ? undefined : ptBR.validation.passwordRequired,
  };
}

export const loginResolver = plainResolver(loginProblems);
