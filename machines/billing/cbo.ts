import { CBO_CODES, PHYSICIAN_CBOS } from '../tiss/tissDomains';

/** Every CBO code TISS accepts (dm_CBOS), as a set. */
export const TISS_CBO_CODES: ReadonlySet<string> = new Set(CBO_CODES);

/** The occupations the team's picker offers, by name: the physicians' and the others a surgical team has. */
export const CBO_OPTIONS: ReadonlyArray<{ code: string; name: string }> = [
  ...PHYSICIAN_CBOS.map(([code, name]) => ({ code, name })),
  { code: '322225', name: 'Instrumentador cirúrgico' },
  { code: '223505', name: 'Enfermeiro' },
  { code: '322205', name: 'Técnico de enfermagem' },
].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));

/** The CBO of a physician whose specialty is unknown (TISS: 'CBO desconhecido ou não informado'). */
export const UNKNOWN_CBO = '999999';
