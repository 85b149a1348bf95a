import { type } from 'arktype';
import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { stepResolver } from '../../../../src/components/form/stepResolver';
import { loginResolver, type LoginValues } from '../../../../src/features/auth/loginChecks';
import { ptBR } from '../../../../src/lib/i18n/pt-BR';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

/** The sign-in form's checks before issue 41 goal 6 (src/features/auth/loginSchema.ts): arktype's own keywords. */
const loginSchema = type({
  email: type('string.email').configure({ message: () => ptBR.validation.emailInvalid }),
  password: type('string > 0').configure({ message: () => ptBR.validation.passwordRequired }),
});
const schemaResolver = stepResolver<LoginValues>(loginSchema);

/** What a resolver tells the form: the values when they pass, else each field's message. */
async function verdict(resolver: typeof loginResolver, values: LoginValues) {
  const result = await resolver(values, undefined, options);
  const errors = result.errors as FieldErrors<LoginValues>;
  const messages = Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, error?.message]));
  return Object.keys(messages).length === 0 ? { values: result.values } : { messages };
}

/** A small seeded generator, so a failure names an input that fails again. */
function randomFrom(seed: number) {
  let state = seed;
  return (below: number) => {
    // mulberry32
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % below;
  };
}

/** The characters the e-mail keyword tells apart: its classes' members and edges, spaces, non-ASCII letters, '@'. */
const CHARACTERS = ['a', 'z', 'A', 'Z', 'm', '0', '9', '_', '%', '+', '.', '-', '@', ' ', '\t', '\n', 'é', 'Ç', 'ß', 'İ', '!', '#', '/', '[', '`', '{', '~', '٣'];
const LOCAL_CHARACTERS = ['a', 'z', 'A', 'Z', 'q', '0', '9', '_', '%', '+', '.', '-'];
const DOMAIN_CHARACTERS = ['a', 'z', 'A', 'Z', 'q', '0', '9', '.', '-'];
const LOCALS = ['', 'a', 'maria.silva', 'x_y+z%1', '-', '.', '..', 'a b', 'ção', 'a@b', '"a"', 'A9'];
const DOMAINS = ['', 'b', 'demo', 'demo.com', 'sub-1.demo', '1-2', 'a_b', 'é', '.', 'a..b', ' demo'];
const TLDS = ['', 'c', 'br', 'com', 'COM', 'Br', 'c0', 'b r', 'br.', 'museum', 'ç'];
const EDGES = ['', ' ', '\n', '\t', '.'];

describe('loginChecks (the sign-in form without arktype)', () => {
  it('says what the form says for an empty form, a malformed e-mail and a good pair', async () => {
    expect(await verdict(loginResolver, { email: '', password: '' })).toEqual({
      messages: { email: 'Informe um e-mail válido.', password: 'Informe a senha.' },
    });
    expect(await verdict(loginResolver, { email: 'medico@demo', password: 'x' })).toEqual({ messages: { email: 'Informe um e-mail válido.' } });
    expect(await verdict(loginResolver, { email: 'medico@demo.com.br', password: 'Demo@12345' })).toEqual({
      values: { email: 'medico@demo.com.br', password: 'Demo@12345' },
    });
  });

  it('passes and refuses exactly what the arktype schema did, with its messages', async () => {
    const cases: LoginValues[] = [];
    const passwords: unknown[] = ['', ' ', 'x', 'Demo@12345', '\n', undefined, null, 7];
    // Addresses built from parts: every local part, domain and ending, with odd characters around them.
    for (const local of LOCALS)
      for (const domain of DOMAINS)
        for (const tld of TLDS) {
          const n = cases.length;
          const around = EDGES[n % EDGES.length]!;
          const email = n % 3 === 0 ? `${around}${local}@${domain}.${tld}` : n % 3 === 1 ? `${local}@${domain}.${tld}${around}` : `${local}@${domain}${tld}`;
          cases.push({ email, password: passwords[n % passwords.length] as string });
        }
    // Random strings over the characters the rule tells apart.
    const random = randomFrom(41);
    const draw = (pool: string[], length: number) => {
      let text = '';
      for (let i = 0; i < length; i++) text += random(16) === 0 ? CHARACTERS[random(CHARACTERS.length)] : pool[random(pool.length)];
      return text;
    };
    for (let n = 0; n < 3000; n++) {
      // Half of them shaped as an address (mostly the characters each part allows, an '@', a dot and an ending), so
      // both verdicts are common; the other half any characters.
      const email =
        n % 2 === 0
          ? `${draw(LOCAL_CHARACTERS, 1 + random(8))}@${draw(DOMAIN_CHARACTERS, 1 + random(8))}.${draw(['a', 'Z', 'r', 'q'], 1 + random(4))}`
          : draw(CHARACTERS, random(16));
      cases.push({ email, password: passwords[random(passwords.length)] as string });
    }
    // Values that are not text (an autofill or a test helper that set one).
    for (const email of [undefined, null, 0, true, ['a@b.co']]) cases.push({ email: email as unknown as string, password: 'x' });

    const emailsAccepted = new Set<string>();
    for (const values of cases) {
      const expected = await verdict(schemaResolver, values);
      expect(await verdict(loginResolver, values), JSON.stringify(values)).toEqual(expected);
      if (!('messages' in expected && expected.messages?.email)) emailsAccepted.add(values.email);
    }
    expect(cases.length).toBeGreaterThan(4000);
    // Both verdicts on the e-mail are well represented, so the comparison means something.
    expect(emailsAccepted.size).toBeGreaterThan(500);
    expect(cases.length - emailsAccepted.size).toBeGreaterThan(500);
  });
});
