import { describe, expect, it } from 'vitest';
import {
  failureToasts,
  invitePayload,
  inviteProblems,
  NAME_MAX_LENGTH,
  namePayload,
  nameProblems,
  nicknamePayload,
  nicknameProblems,
  passwordFormProblems,
  passwordPayload,
  problemsResolver,
  successToast,
} from '../../../../src/features/settings/settingsForms';

describe('settings forms', () => {
  it('asks for both names and trims them in the payload', () => {
    expect(nameProblems({ first_name: ' ', last_name: '' })).toEqual({
      first_name: 'Preencha o nome.',
      last_name: 'Preencha o sobrenome.',
    });
    expect(nameProblems({ first_name: 'Helena', last_name: 'x'.repeat(NAME_MAX_LENGTH + 1) })).toEqual({
      last_name: 'Use no máximo 150 caracteres.',
    });
    expect(nameProblems({ first_name: 'Helena', last_name: 'Duarte' })).toEqual({});
    expect(namePayload({ first_name: ' Helena ', last_name: 'Duarte ' })).toEqual({
      form: 'name',
      first_name: 'Helena',
      last_name: 'Duarte',
    });
  });

  it('accepts an empty nickname and sends it as null', () => {
    expect(nicknameProblems({ nickname: '' })).toEqual({});
    expect(nicknameProblems({ nickname: 'x'.repeat(NAME_MAX_LENGTH + 1) })).toEqual({ nickname: 'Use no máximo 150 caracteres.' });
    expect(nicknamePayload({ nickname: '   ' })).toEqual({ form: 'nickname', nickname: null });
    expect(nicknamePayload({ nickname: ' Dra. Helena ' })).toEqual({ form: 'nickname', nickname: 'Dra. Helena' });
  });

  it('checks the password change on the client: current given, policy, different, confirmed', () => {
    expect(passwordFormProblems({ password: '', new_password: '', confirm_password: '' })).toEqual({
      password: 'Informe a senha atual.',
      new_password: 'Informe a nova senha.',
    });
    expect(passwordFormProblems({ password: 'Antiga@2026', new_password: 'curta', confirm_password: 'curta' })).toEqual({
      new_password: 'A senha deve ter pelo menos 8 caracteres.',
    });
    expect(passwordFormProblems({ password: 'Antiga@2026', new_password: 'Antiga@2026', confirm_password: 'Antiga@2026' })).toEqual({
      new_password: 'A nova senha deve ser diferente da atual.',
    });
    expect(passwordFormProblems({ password: 'Antiga@2026', new_password: 'Nova@20260', confirm_password: 'Nova@2026' })).toEqual({
      confirm_password: 'As senhas não conferem.',
    });
    const valid = { password: 'Antiga@2026', new_password: 'Nova@20260', confirm_password: 'Nova@20260' };
    expect(passwordFormProblems(valid)).toEqual({});
    expect(passwordPayload(valid)).toEqual({ form: 'password', password: 'Antiga@2026', new_password: 'Nova@20260' });
  });

  it('asks for the invitee’s names and a well-formed e-mail', () => {
    expect(inviteProblems({ first_name: '', last_name: 'Lima', email: '' })).toEqual({
      first_name: 'Preencha o nome.',
      email: 'Preencha o e-mail.',
    });
    expect(inviteProblems({ first_name: 'Marta', last_name: 'Lima', email: 'marta@' })).toEqual({
      email: 'Informe um e-mail válido.',
    });
    expect(invitePayload({ first_name: ' Marta', last_name: 'Lima ', email: ' Marta@Exemplo.com.br ' })).toEqual({
      form: 'invite',
      first_name: 'Marta',
      last_name: 'Lima',
      email: 'marta@exemplo.com.br',
    });
  });

  it('puts each problem on its field through the resolver', async () => {
    const resolver = problemsResolver(nameProblems);
    const refused = await resolver({ first_name: '', last_name: 'Duarte' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(refused.errors).toEqual({ first_name: { type: 'rule', message: 'Preencha o nome.' } });
    const accepted = await resolver({ first_name: 'Helena', last_name: 'Duarte' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(accepted).toEqual({ values: { first_name: 'Helena', last_name: 'Duarte' }, errors: {} });
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
