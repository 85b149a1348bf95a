/**
 * `npm run template -- …`: attaches a DOCX template to a hospital or a health plan (DECISIONS §7), so that the
 * document-sending step can download it filled with a case's data. See docs/TEMPLATES.md.
 *
 *   npm run template -- hospital <id> <arquivo.docx>   anexa o modelo ao hospital <id>
 *   npm run template -- plano <id> <arquivo.docx>      anexa o modelo ao plano de saúde <id>
 *   npm run template -- hospital <id> --padrao         usa o modelo genérico que vem com o produto
 *   npm run template -- plano <id> --remover           tira o modelo (o download passa a dizer que não há)
 *   npm run template -- verificar <arquivo.docx>       só confere o arquivo (não abre o banco)
 *   npm run template -- listar [hospital|plano] [busca]
 *
 * A file is checked by its content before anything changes: a real DOCX (a Word 2007+ zip with its main document)
 * whose placeholders parse; placeholders the product does not know are listed as a warning (they come out empty).
 * The database is the configured one (DATABASE_URL, or the embedded one under DATA_DIR, which must not be in use
 * by a running server: stop it first).
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, ilike, isNotNull, or, type SQL } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import type { Database, DatabaseHandle } from '../server/db/client';
import { openEmbeddedDatabase, PGDATA_NAME } from '../server/db/embedded';
import { DataDirLockedError } from '../server/db/lock';
import { openMigratedPostgres } from '../server/db/serving-role';
import { healthPlans, hospitals } from '../server/db/schema/index';
import type { FileStorage } from '../server/services/storage/file-storage';
import { createFileStorage } from '../server/services/storage/create-storage';
import { inspectDocxTemplate, MAX_TEMPLATE_BYTES, TemplateProblemError } from '../server/services/templates/docx-template';
import { TEMPLATE_DOCUMENTS, withheldPlaceholders } from '../server/services/templates/template-data';
import { isShippedKey } from '../server/services/templates/template-files';
import {
  AttachTemplateError,
  createTemplateAttacher,
  unknownPlaceholders,
  type AttachResult,
  type TemplateOwner,
} from '../server/services/templates/template-service';

export const USAGE = `Uso:
  npm run template -- hospital <id> <arquivo.docx>   anexa o modelo ao hospital <id>
  npm run template -- plano <id> <arquivo.docx>      anexa o modelo ao plano de saúde <id>
  npm run template -- hospital|plano <id> --padrao   usa o modelo genérico que vem com o produto
  npm run template -- hospital|plano <id> --remover  tira o modelo
  npm run template -- verificar <arquivo.docx>       só confere o arquivo
  npm run template -- listar [hospital|plano] [busca]`;

export type TemplateCommand =
  | { action: 'attach'; owner: TemplateOwner; id: number; file: string }
  | { action: 'shipped'; owner: TemplateOwner; id: number }
  | { action: 'remove'; owner: TemplateOwner; id: number }
  | { action: 'check'; file: string }
  | { action: 'list'; owner: TemplateOwner | null; search: string };

/** The command line as a command, or a pt-BR problem to print with the usage. */
export function parseTemplateArgs(args: string[]): TemplateCommand | { problem: string } {
  const [first, second, third, ...rest] = args;
  if (first === 'verificar') {
    return second && third === undefined ? { action: 'check', file: second } : { problem: 'Informe um arquivo .docx.' };
  }
  if (first === 'listar') {
    const owner = second === 'hospital' || second === 'plano' ? second : null;
    const search = [...(owner ? [] : second ? [second] : []), ...(third ? [third] : []), ...rest].join(' ').trim();
    return { action: 'list', owner, search };
  }
  if (first !== 'hospital' && first !== 'plano') return { problem: 'Escolha hospital, plano, verificar ou listar.' };
  if (!second || !/^[1-9]\d{0,9}$/.test(second)) return { problem: `Id inválido: ${second ?? '(nenhum)'}.` };
  const id = Number(second);
  if (!third || rest.length > 0) return { problem: 'Informe um arquivo .docx, --padrao ou --remover.' };
  if (third === '--padrao') return { action: 'shipped', owner: first, id };
  if (third === '--remover') return { action: 'remove', owner: first, id };
  return { action: 'attach', owner: first, id, file: third };
}

export type Printer = { out(line: string): void; err(line: string): void };

const OWNER_LABEL: Record<TemplateOwner, string> = { hospital: 'Hospital', plano: 'Plano de saúde' };

async function readDocx(file: string): Promise<Buffer> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    throw new AttachTemplateError([`Arquivo não encontrado: ${file}`]);
  }
  if (size > MAX_TEMPLATE_BYTES) throw new AttachTemplateError(['O modelo deve ter no máximo 10 MB.']);
  return readFile(file);
}

const DOCUMENT_LABEL: Record<TemplateOwner, string> = { hospital: 'do hospital', plano: 'do plano de saúde' };

/** The tags used, then warnings: unknown names, and known ones the document never gets (`withheld` per owner). */
function printTags(print: Printer, tags: string[], unknown: string[], withheld: Partial<Record<TemplateOwner, string[]>>): void {
  print.out(`Marcadores usados (${tags.length}): ${tags.join(', ') || 'nenhum'}`);
  if (unknown.length > 0) {
    print.err(`Atenção: estes marcadores não são preenchidos pelo sistema e sairão em branco: ${unknown.join(', ')}`);
  }
  for (const owner of TEMPLATE_DOCUMENTS) {
    const names = withheld[owner] ?? [];
    if (names.length === 0) continue;
    print.err(`Atenção: estes marcadores são de uso interno ou não são enviados ao destinatário e sairão em branco no modelo ${DOCUMENT_LABEL[owner]}: ${names.join(', ')}`);
  }
  if (unknown.length > 0 || Object.values(withheld).some((names) => names.length > 0)) print.err('Confira a lista em docs/TEMPLATES.md.');
}

function printAttached(print: Printer, owner: TemplateOwner, id: number, result: AttachResult): void {
  print.out(`${OWNER_LABEL[owner]} ${id} (${result.name}): modelo anexado.`);
  printTags(print, result.tags, result.unknownTags, { [owner]: result.withheldTags });
}

function stateOf(key: string | null): string {
  if (!key) return 'sem modelo';
  return isShippedKey(key) ? 'modelo padrão' : 'modelo anexado';
}

const PLAN_LIST_LIMIT = 100;

async function list(db: Database, print: Printer, owner: TemplateOwner | null, search: string): Promise<void> {
  const pattern = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
  if (owner !== 'plano') {
    const where = search ? ilike(hospitals.fantasyName, pattern) : undefined;
    const rows = await db
      .select({ id: hospitals.id, name: hospitals.fantasyName, key: hospitals.templateFileKey })
      .from(hospitals)
      .where(where)
      .orderBy(asc(hospitals.fantasyName));
    rows.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
    print.out('Hospitais:');
    for (const row of rows) print.out(`  ${String(row.id).padStart(5)}  ${row.name} — ${stateOf(row.key)}`);
  }
  if (owner !== 'hospital') {
    // 700 operators: without a search, only those that have a template.
    const where: SQL | undefined = search
      ? or(ilike(healthPlans.fantasyName, pattern), ilike(healthPlans.corporateName, pattern), ilike(healthPlans.ansRegistry, pattern))
      : and(isNotNull(healthPlans.templateFileKey));
    const rows = await db
      .select({ id: healthPlans.id, name: healthPlans.fantasyName, ans: healthPlans.ansRegistry, key: healthPlans.templateFileKey })
      .from(healthPlans)
      .where(where)
      .orderBy(asc(healthPlans.fantasyName))
      .limit(PLAN_LIST_LIMIT + 1);
    rows.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
    print.out(search ? 'Planos de saúde:' : 'Planos de saúde com modelo (use uma busca para ver os outros):');
    for (const row of rows.slice(0, PLAN_LIST_LIMIT)) {
      print.out(`  ${String(row.id).padStart(5)}  ${row.name} (ANS ${row.ans ?? '—'}) — ${stateOf(row.key)}`);
    }
    if (rows.length > PLAN_LIST_LIMIT) print.out(`  … mais de ${PLAN_LIST_LIMIT} planos: refine a busca.`);
  }
}

/** Runs one command against `deps` (the CLI opens the configured database; tests pass theirs). Returns the exit code. */
export async function runTemplateCommand(
  command: TemplateCommand,
  deps: { db: Database; storage: FileStorage } | null,
  print: Printer,
): Promise<number> {
  const opened = () => {
    if (!deps) throw new Error(`template ${command.action}: no database`);
    return deps;
  };
  const attacher = () => createTemplateAttacher(opened());
  try {
    switch (command.action) {
      case 'check': {
        const { tags } = inspectDocxTemplate(await readDocx(command.file));
        print.out('O arquivo é um DOCX válido e os marcadores estão corretos.');
        printTags(print, tags, unknownPlaceholders(tags), {
          hospital: withheldPlaceholders(tags, 'hospital'),
          plano: withheldPlaceholders(tags, 'plano'),
        });
        return 0;
      }
      case 'attach':
        printAttached(print, command.owner, command.id, await attacher().attach(command.owner, command.id, await readDocx(command.file)));
        return 0;
      case 'shipped':
        printAttached(print, command.owner, command.id, await attacher().attachShipped(command.owner, command.id));
        return 0;
      case 'remove': {
        const { name, previousKey } = await attacher().detach(command.owner, command.id);
        print.out(`${OWNER_LABEL[command.owner]} ${command.id} (${name}): ${previousKey ? 'modelo removido.' : 'já estava sem modelo.'}`);
        return 0;
      }
      case 'list':
        await list(opened().db, print, command.owner, command.search);
        return 0;
    }
  } catch (error) {
    if (error instanceof AttachTemplateError || error instanceof TemplateProblemError) {
      const problems = error instanceof AttachTemplateError ? error.problems : error.problems.map((problem) => problem.message);
      print.err(command.action === 'check' ? 'O modelo tem problemas:' : 'O modelo não foi anexado:');
      for (const problem of problems) print.err(`  - ${problem}`);
      return 1;
    }
    throw error;
  }
}

/** The configured database and file storage, as the server opens them. */
async function openConfigured(): Promise<{ handle: DatabaseHandle; storage: FileStorage }> {
  const config = loadConfig();
  if (config.databaseUrl) {
    const settings = { databaseUrl: config.databaseUrl, migrationDatabaseUrl: config.migrationDatabaseUrl, poolMax: 2 };
    const { handle } = await openMigratedPostgres(settings, async () => {});
    return { handle, storage: await createFileStorage(config, handle.db) };
  }
  if (!existsSync(join(config.dataDir, PGDATA_NAME))) {
    throw new AttachTemplateError([
      `O banco embutido ainda não existe em ${config.dataDir}: inicie o servidor uma vez (npm start) ou rode npm run seed.`,
    ]);
  }
  const handle = await openEmbeddedDatabase(config.dataDir);
  return { handle, storage: await createFileStorage(config, handle.db) };
}

async function main(): Promise<void> {
  const print: Printer = { out: (line) => console.log(line), err: (line) => console.error(line) };
  const command = parseTemplateArgs(process.argv.slice(2));
  if ('problem' in command) {
    print.err(command.problem);
    print.err(USAGE);
    process.exitCode = 2;
    return;
  }
  if (command.action === 'check') {
    process.exitCode = await runTemplateCommand(command, null, print);
    return;
  }
  let opened: Awaited<ReturnType<typeof openConfigured>>;
  try {
    opened = await openConfigured();
  } catch (error) {
    if (error instanceof AttachTemplateError) {
      for (const problem of error.problems) print.err(problem);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
  try {
    process.exitCode = await runTemplateCommand(command, { db: opened.handle.db, storage: opened.storage }, print);
  } finally {
    await opened.handle.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    if (error instanceof DataDirLockedError) console.error(error.message);
    else console.error('Falha ao anexar o modelo:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
