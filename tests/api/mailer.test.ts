import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createMailer } from '../../server/services/mail/create-mailer';
import { createOutboxMailer, findLinks } from '../../server/services/mail/outbox-mailer';
import { createSmtpMailer } from '../../server/services/mail/smtp-mailer';
import { decodeHeader, header, startSmtpServer, type TestSmtpServer } from '../helpers/mail';

const SUBJECT = 'Convite: você foi adicionada à conta do Dr. João Ávila';
const TEXT = 'Olá, Maria!\n\nConclua o cadastro em http://localhost:3000/signup-secretary/abc_DEF-123 (válido por 7 dias).\n';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cirurgias-mail-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('outbox mailer', () => {
  it('writes the complete message as an .eml and logs its file and links', async () => {
    const logged: Array<{ details: Record<string, unknown>; message: string }> = [];
    const outbox = join(dir, 'outbox');
    const mailer = createOutboxMailer({
      dir: outbox,
      from: 'Cirurgias <nao-responda@cirurgias.local>',
      logger: { info: (details, message) => logged.push({ details, message }) },
    });
    await mailer.send({ to: 'maria@exemplo.com.br', subject: SUBJECT, text: TEXT });

    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.eml$/);
    const raw = await readFile(join(outbox, files[0]!), 'utf8');
    expect(header(raw, 'To')).toBe('maria@exemplo.com.br');
    expect(decodeHeader(header(raw, 'Subject')!)).toBe(SUBJECT);
    expect(header(raw, 'From')).toContain('nao-responda@cirurgias.local');
    expect(header(raw, 'Message-ID')).toBeTruthy();

    expect(logged).toHaveLength(1);
    expect(logged[0]!.details).toEqual({
      outboxFile: join(outbox, files[0]!),
      links: ['http://localhost:3000/signup-secretary/abc_DEF-123'],
    });
  });

  it('finds each link once, without trailing punctuation', () => {
    expect(findLinks('Veja https://a.com/x, e (https://a.com/y?t=1) ou https://a.com/x.')).toEqual([
      'https://a.com/x',
      'https://a.com/y?t=1',
    ]);
  });

  it('is what createMailer gives without SMTP_URL', async () => {
    const config = loadConfig({ DATA_DIR: dir });
    const mailer = createMailer(config, { info: () => {} });
    await mailer.send({ to: 'x@exemplo.com.br', subject: 'Teste', text: 'Oi' });
    expect((await readdir(join(dir, 'outbox'))).length).toBe(2);
  });
});

describe('SMTP mailer', () => {
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });

  afterAll(async () => {
    await smtp.close();
  });

  it('delivers to the SMTP server of SMTP_URL with a UTF-8 subject', async () => {
    const config = loadConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Cirurgias <nao-responda@cirurgias.local>' });
    const mailer = createMailer(config, { info: () => {} });
    await mailer.send({ to: 'maria@exemplo.com.br', subject: SUBJECT, text: TEXT });
    mailer.close?.();

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message!.from).toBe('nao-responda@cirurgias.local');
    expect(message!.to).toEqual(['maria@exemplo.com.br']);
    expect(decodeHeader(header(message!.raw, 'Subject')!)).toBe(SUBJECT);
    expect(message!.raw.replace(/=\r?\n/g, '')).toContain('signup-secretary/abc_DEF-123');
  });

  it('rejects when the server cannot be reached', async () => {
    const mailer = createSmtpMailer('smtp://127.0.0.1:1', 'x@y.z');
    await expect(mailer.send({ to: 'a@b.c', subject: 's', text: 't' })).rejects.toThrow();
    mailer.close();
  });
});
