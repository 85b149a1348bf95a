/**
 * The login form's checks (arktype through the forms' resolver), in a module of their own: LoginPage loads it when
 * the user first types, clicks or submits, not at first paint (issue 15: /auth's JavaScript; arktype is most of the
 * forms' libraries). The resolver waits for it when the form is submitted before it arrived.
 */
import { type } from 'arktype';
import { stepResolver } from '../../components/form/stepResolver';
import { ptBR } from '../../lib/i18n/pt-BR';

export const loginSchema = type({
  email: type('string.email').configure({ message: () => ptBR.validation.emailInvalid }),
  password: type('string > 0').configure({ message: () => ptBR.validation.passwordRequired }),
});

export type LoginValues = typeof loginSchema.infer;

export const loginResolver = stepResolver<LoginValues>(loginSchema);
