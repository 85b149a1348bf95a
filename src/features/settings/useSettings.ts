import { useCallback, useEffect, useRef, useState } from 'react';
import { getSettings, type Settings } from './actors';

type SettingsState = { status: 'loading' } | { status: 'ready'; settings: Settings } | { status: 'error' };

/**
 * The settings read of /settings. A failed first read is silent (SPEC §7): the page offers `retry`. `reload` refreshes
 * after a change (a saved name, a removed person) while the current data stays on screen; if that refresh fails, the
 * old data stays. Superseded reads are aborted and never land.
 */
export function useSettings(): { state: SettingsState; retry: () => void; reload: () => void } {
  const [state, setState] = useState<SettingsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const hasData = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    if (!hasData.current) setState({ status: 'loading' });
    getSettings(controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        if (result.kind === 'ok') {
          hasData.current = true;
          setState({ status: 'ready', settings: result.value });
        } else if (!hasData.current) {
          setState({ status: 'error' });
        }
      },
      () => {
        if (!controller.signal.aborted && !hasData.current) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry: reload, reload };
}
