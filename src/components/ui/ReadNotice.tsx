import type { Read } from '../../lib/useRead';
import { Notice } from './Notice';

/**
 * What a read shows while it has no value (src/lib/useRead.ts): 'loading' while it runs, 'failed' with 'Tentar
 * novamente' once it failed or found nothing (a screen with its own 'nothing there' shows that before); nothing once
 * the value is there.
 */
export function ReadNotice({ read, loading, failed, compact = false }: { read: Pick<Read<unknown>, 'state' | 'retry'>; loading: string; failed: string; compact?: boolean }) {
  if (read.state.status === 'loading') return <Notice kind="loading" title={loading} compact={compact} />;
  if (read.state.status === 'ready') return null;
  return <Notice kind="failed" title={failed} onRetry={read.retry} compact={compact} />;
}
