/**
 * 'Importar demonstrativo' and 'Importar repasse (CSV)' (./StatementImport.tsx, `source`) in a chunk of its own,
 * loaded after the host page's first paint (issue 41: the preview's table, the upload and the dialog stay out of the
 * page's first download); meanwhile a disabled button of the same size holds its place.
 */
import { chunkComponent, useChunkComponent } from '../../lib/chunkComponent';
import { tissTexts } from '../../lib/i18n/tiss';
import { Button } from '../ui/Button';
import type { StatementImportProps } from './StatementImport';

const statementImport = chunkComponent<StatementImportProps>(() => import('./StatementImport').then((module) => module.StatementImport));

export function LazyStatementImport(props: StatementImportProps) {
  const { Component, failure } = useChunkComponent(statementImport);
  // As React.lazy would: the route's error screen, rather than a button that silently does nothing.
  if (failure) throw failure.error;
  return Component ? (
    <Component {...props} />
  ) : (
    <Button variant="secondary" disabled>
      {props.source === 'repasse' ? tissTexts.statements.repasse.open : tissTexts.statements.open}
    </Button>
  );
}
