/**
 * 'Importar demonstrativo' and 'Importar repasse (CSV)' (./StatementImport.tsx, `source`) in a chunk of its own,
 * loaded after the host page's first paint (issue 41: the preview's table, the upload and the dialog stay out of the
 * page's first download); meanwhile a disabled button of the same size holds its place.
 */
import { chunked } from '../../lib/chunked';
import { tissTexts } from '../../lib/i18n/tiss';
import { Button } from '../ui/Button';
import type { StatementImportProps } from './StatementImport';

/** The button, disabled, while the import's chunk loads (or while the host page learns whom an import is for). */
export function ImportButtonLoading({ source }: Pick<StatementImportProps, 'source'>) {
  return (
    <Button variant="secondary" disabled>
      {source === 'repasse' ? tissTexts.statements.repasse.open : tissTexts.statements.open}
    </Button>
  );
}

export const LazyStatementImport = chunked<StatementImportProps>(
  () => import('./StatementImport').then((module) => module.StatementImport),
  ImportButtonLoading,
);
