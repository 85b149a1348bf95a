import type { Type } from 'arktype';
import { describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH } from '../../../../machines/account/fields';
import {
  changePasswordForm,
  createSecretarySchema,
  settingsNameSchema,
  settingsNicknameSchema,
} from '../../../../machines/account/settingsSchemas';
import { problemsIn } from '../../../../machines/validation/problems';
import { stepResolver } from '../../../../src/components/form/stepResolver';
import {
  failureToasts,
  invitePayload,
  namePayload,
  nicknamePayload,
  passwordPayload,
  successToast,
  type NameValues,
} from '../../../../src/features/settings/settingsForms';

/** What a modal marks: each field's first message (the modals check with these schemas). */
function marked(schema: Type, values: unknown): Record<string, string> {
  const problems = problemsIn(schema, values);
  return Object.fromEntries(Object.entries(problems?.fields ?? {}).map(([field, messages]) => [field, messages[0]!]));
}

describe('settings forms', () => {
  it('asks for both names and trims them in the payload', () => {
    expect(marked(settingsNameSchema, { first_name: ' ', last_name: '' })).toEqual({
      first_name: 'Preencha o nome.',
      last_name: 'Preencha o sobrenome.',
    });
    expect(marked(settingsNameSchema, { first_name: 'Helena', last_name: 'x'.repeat(NAME_MAX_LENGTH + 1) })).toEqual({
      last_name: 'Use no máximo 150 caracteres.',
    });
    expect(marked(settingsNameSchema, { first_name: 'Helena', last_name: 'Duarte' })).toEqual({});
    expect(namePayload({ first_name: ' Helena ', last_name: 'Duarte ' })).toEqual({
      form: 'name',
      first_name: 'Helena',
      last_name: 'Duarte',
    });
  });

  it('accepts an empty nickname and sends it as null', () => {
    expect(marked(settingsNicknameSchema, { nickname: '' })).toEqual({});
    expect(marked(settingsNicknameSchema, { nickname: 'x'.repeat(NAME_MAX_LENGTH + 1) })).toEqual({ nickname: 'Use no máximo 150 caracteres.' });
    expect(nicknamePayload({ nickname: '   ' })).toEqual({ form: 'nickname', nickname: null });
    expect(nicknamePayload({ nickname: ' Dra. Helena ' })).toEqual({ form: 'nickname', nickname: 'Dra. Helena' });
  });

  it('checks the password change on the client: current given, policy, different, confirmed', () => {
    expect(marked(changePasswordForm, { password: '', new_password: '', confirm_password: '' })).toEqual({
      password: 'Informe a senha atual.',
      new_password: 'Informe a nova senha.',
    });
    expect(marked(changePasswordForm, { password: 'Antiga@2026', new_password: 'curta', confirm_password: 'curta' })).toEqual({
      new_password: 'A senha deve ter pelo menos 8 caracteres.',
    });
    expect(marked(changePasswordForm, { password: 'Antiga@2026', new_password: 'Antiga@2026', confirm_password: 'Antiga@2026' })).toEqual({
      new_password: 'A nova senha deve ser diferente da atual.',
    });
    expect(marked(changePasswordForm, { password: 'Antiga@2026', new_password: 'Nova@20260', confirm_password: 'Nova@2026' })).toEqual({
      confirm_password: 'As senhas não conferem.',
    });
    const valid = { password: 'Antiga@2026', new_password: 'Nova@20260', confirm_password: 'Nova@20260' };
    expect(marked(changePasswordForm, valid)).toEqual({});
    expect(passwordPayload(valid)).toEqual({ form: 'password', password: 'Antiga@2026', new_password: 'Nova@20260' });
  });

  it('asks for the invitee’s names and a well-formed e-mail', () => {
    expect(marked(createSecretarySchema, { first_name: '', last_name: 'Lima', email: '' })).toEqual({
      first_name: 'Preencha o nome.',
      email: 'Preencha o e-mail.',
    });
    expect(marked(createSecretarySchema, { first_name: 'Marta', last_name: 'Lima', email: 'marta@' })).toEqual({
      email: 'Informe um e-mail válido.',
    });
    expect(invitePayload({ first_name: ' Marta', last_name: 'Lima ', email: ' Marta@Exemplo.com.br ' })).toEqual({
      form: 'invite',
      first_name: 'Marta',
      last_name: 'Lima',
      email: 'marta@exemplo.com.br',
    });
  });

  it('puts each problem on its field through the resolver, and keeps what was typed', async () => {
    const resolver = stepResolver<NameValues>(settingsNameSchema);
    const refused = await resolver({ first_name: '', last_name: 'Duarte' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(refused.errors).toEqual({ first_name: expect.objectContaining({ message: 'Preencha o nome.' }) });
    const accepted = await resolver({ first_name: ' Helena', last_name: 'Duarte' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(accepted).toEqual({ values: { first_name: ' Helena', last_name: 'Duarte' }, errors: {} });
  });

  it('chooses SPEC §8’s toasts for each outcome', () => {
    expect(successToast('name')).toBe('Atualizado com sucesso!');
    expect(successToast('nickname')).toBe('Atualizado com sucesso!');
    expect(successToast('password')).toBe('Atualizado com sucesso!');
    expect(successToast('invite')).toBe('Enviado com sucesso!');
    expect(failureToasts('password', ['Senha atual incorreta.'])).toEqual({ error: null, warnings: ['Senha atual incorreta.'] });
    expect(failureToasts('password', [])).toEqual({ error: 'Ocorreu uma falha no envio!', warnings: [] });
    expect(failureToasts('name', ['Preencha o nome.'])).toEqual({ error: 'Ocorreu uma falha no envio!', warnings: [] });
    expect(failureToasts('nickname', [])).toEqual({ error: 'Ocorreu uma falha no envio!', warnings: [] });
    expect(failureToasts('invite', ['Esta secretária já está vinculada a você.'])).toEqual({
      error: 'Ocorreu uma falha no envio!',
      warnings: ['Esta secretária já está vinculada a você.'],
    });
  });
});
