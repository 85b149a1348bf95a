import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MESSAGE_TEMPLATES,
  fillMessage,
  MESSAGE_PLACEHOLDERS,
  MESSAGE_TEMPLATE_KINDS,
  placeholdersOf,
  unknownPlaceholders,
  whatsappUrl,
  type MessageValues,
} from '../../../machines/patientMessages/constants';
import { contactConsentSchema, messageTemplateUpdateSchema, patientMessageSchema } from '../../../machines/patientMessages/schemas';
import { type } from 'arktype';

const VALUES: MessageValues = {
  paciente_nome: 'Maria da Silva',
  paciente_primeiro_nome: 'Maria',
  medico_nome: 'Carlos Mendes',
  medico_especialidade: 'Ortopedia',
  medico_telefone: '(11) 9 8765-4321',
  data_cirurgia: '15/12/2026',
  hora_cirurgia: '07:30',
  hospital_nome: 'Hospital Santa Luzia',
  hospital_endereco: 'Rua das Flores, 100',
  hospital_cidade: 'São Paulo - SP',
  observacao_agendamento: '',
  procedimentos: '30715016 - Artroscopia',
  plano_nome: '',
  data_hoje: '04/12/2026',
};

describe('the message templates', () => {
  it('ship one text per kind, each using only the placeholders a message may show', () => {
    for (const kind of MESSAGE_TEMPLATE_KINDS) {
      expect(DEFAULT_MESSAGE_TEMPLATES[kind].length).toBeGreaterThan(0);
      expect(unknownPlaceholders(DEFAULT_MESSAGE_TEMPLATES[kind])).toEqual([]);
    }
    expect(Object.keys(MESSAGE_PLACEHOLDERS)).not.toContain('paciente_cpf');
  });

  it('list their placeholders once each, in order of use, and name the unknown ones', () => {
    expect(placeholdersOf('{a_b} e {c} e {a_b}')).toEqual(['a_b', 'c']);
    expect(unknownPlaceholders('Olá {paciente_nome}, seu CPF {paciente_cpf} {honorarios}')).toEqual(['paciente_cpf', 'honorarios']);
  });

  it('are filled from the case; a line of only empty placeholders goes, one with words stays, and the empty ones are named', () => {
    const filled = fillMessage('Olá, {paciente_primeiro_nome}!\n{observacao_agendamento}\nConvênio: {plano_nome}\nDia {data_cirurgia} às {hora_cirurgia}.', VALUES);
    expect(filled.text).toBe('Olá, Maria!\nConvênio:\nDia 15/12/2026 às 07:30.');
    expect(filled.empty).toEqual(['observacao_agendamento', 'plano_nome']);
    // An unknown name stays as typed (the template's save refuses it first).
    expect(fillMessage('Oi {desconhecido}', VALUES).text).toBe('Oi {desconhecido}');
    // A line with text of its own stays, with the empty value blank.
    expect(fillMessage('Leve: documentos e {plano_nome} carteirinha', VALUES).text).toBe('Leve: documentos e carteirinha');
  });

  it('leave no empty brackets or loose separators where a value is empty', () => {
    const place = 'No {hospital_nome} ({hospital_endereco}, {hospital_cidade}).';
    expect(fillMessage(place, VALUES).text).toBe('No Hospital Santa Luzia (Rua das Flores, 100, São Paulo - SP).');
    expect(fillMessage(place, { ...VALUES, hospital_endereco: '' }).text).toBe('No Hospital Santa Luzia (São Paulo - SP).');
    expect(fillMessage(place, { ...VALUES, hospital_cidade: '' }).text).toBe('No Hospital Santa Luzia (Rua das Flores, 100).');
    expect(fillMessage(place, { ...VALUES, hospital_endereco: '', hospital_cidade: '' }).text).toBe('No Hospital Santa Luzia.');
    expect(fillMessage('- carteirinha do plano ({plano_nome});', VALUES).text).toBe('- carteirinha do plano;');
    // The template's own brackets and commas, with nothing empty in them, stay as written.
    expect(fillMessage('Leve (se tiver) os exames, {paciente_primeiro_nome}.', VALUES).text).toBe('Leve (se tiver) os exames, Maria.');
    // The shipped texts, for a case without address, city, plan or note, read without a stray bracket.
    const bare = { ...VALUES, hospital_endereco: '', hospital_cidade: '', plano_nome: '' };
    for (const kind of MESSAGE_TEMPLATE_KINDS) expect(fillMessage(DEFAULT_MESSAGE_TEMPLATES[kind], bare).text).not.toMatch(/\(\s*[,;]?\s*\)|\s,|,\s*\)/);
  });
});

describe('the WhatsApp link', () => {
  it('is wa.me with the Brazilian number (55 added once) and the text encoded', () => {
    expect(whatsappUrl('(11) 9 8765-4321', 'Olá, Maria!\nAté lá')).toBe('https://wa.me/5511987654321?text=Ol%C3%A1%2C%20Maria!%0AAt%C3%A9%20l%C3%A1');
    expect(whatsappUrl('+55 11 98765-4321', 'x')).toBe('https://wa.me/5511987654321?text=x');
  });
});

describe('the bodies', () => {
  const problems = (result: unknown) => (result instanceof type.errors ? result.map((error) => error.message) : []);

  it('check the template text and its placeholders', () => {
    expect(messageTemplateUpdateSchema({ body: ' Olá, {paciente_nome} ' })).toEqual({ body: 'Olá, {paciente_nome}' });
    expect(problems(messageTemplateUpdateSchema({ body: '{paciente_cpf} e {honorarios}' }))).toEqual(['Campos desconhecidos no modelo: {paciente_cpf}, {honorarios}.']);
  });

  it('check a consent: channel, a real date, an e-mail written well (lower-cased)', () => {
    expect(contactConsentSchema({ channel: 'email', consented_on: '2026-12-01', email: ' Ana@Ex.com ' })).toEqual({ channel: 'email', consented_on: '2026-12-01', email: 'ana@ex.com' });
    expect(contactConsentSchema({ channel: 'whatsapp', consented_on: '2026-12-01', email: '' })).toEqual({ channel: 'whatsapp', consented_on: '2026-12-01', email: null });
    expect(problems(contactConsentSchema({ channel: 'fax', consented_on: '2026-13-01', email: 'x' }))).toEqual([
      'Escolha o canal: WhatsApp ou e-mail.',
      'Data do consentimento inválida.',
      'E-mail inválido.',
    ]);
  });

  it('check a message: a known template and channel, a text within the limit', () => {
    expect(patientMessageSchema({ template: 'retorno', channel: 'whatsapp', text: ' Oi ' })).toEqual({ template: 'retorno', channel: 'whatsapp', text: 'Oi' });
    expect(problems(patientMessageSchema({ template: 'x', channel: 'email', text: 'y'.repeat(3001) }))).toEqual([
      'Modelo de mensagem desconhecido.',
      'O texto pode ter no máximo 3000 caracteres.',
    ]);
  });
});
