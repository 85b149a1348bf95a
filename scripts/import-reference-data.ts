/**
 * Copies the reference data the product ships from ../shared/data (public Brazilian sources, see its
 * README) into server/data, filtered to what a surgery tracker needs. Run once by hand when the
 * sources change (`node --import tsx scripts/import-reference-data.ts [sourceDir]`); nothing at run,
 * build or test time reads ../shared. server/data/README.md documents the sources and filters.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatCsv, parseCsvRecords } from '../server/db/csv';

const root = resolve(import.meta.dirname, '..');
const sourceDir = resolve(process.argv[2] ?? join(root, '..', 'shared', 'data'));
const targetDir = join(root, 'server', 'data');

/** Operator modalities that do not pay for surgery (dental plans, benefit administrators). */
const EXCLUDED_MODALITIES = new Set(['Odontologia de Grupo', 'Cooperativa odontológica', 'Administradora de Benefícios']);

function read(name: string): Record<string, string>[] {
  return parseCsvRecords(readFileSync(join(sourceDir, name), 'utf8'));
}

function write(name: string, header: string[], rows: Record<string, string>[]): void {
  writeFileSync(join(targetDir, name), formatCsv(header, rows));
  console.log(`${name}: ${rows.length} linhas`);
}

const cids = read('cid10-subcategorias.csv');
write('cid10-subcategorias.csv', ['codigo', 'descricao'], cids);

const sigtap = read('procedimentos.csv').filter((row) => row.codigo?.startsWith('04'));
write('procedimentos.csv', ['codigo', 'descricao', 'grupo'], sigtap);

const tuss = read('procedimentos-tuss.csv').filter((row) => row.codigo?.startsWith('3'));
write('procedimentos-tuss.csv', ['codigo', 'descricao'], tuss);

const specialties = read('especialidades.csv');
write('especialidades.csv', ['nome'], specialties);

const operators = read('operadoras.csv')
  .filter((row) => !EXCLUDED_MODALITIES.has(row.modalidade ?? ''))
  .map((row) => ({ ...row, nome_fantasia: row.nome_fantasia || row.razao_social || '' }));
write('operadoras.csv', ['registro_ans', 'razao_social', 'nome_fantasia', 'modalidade', 'cidade', 'uf'], operators);
