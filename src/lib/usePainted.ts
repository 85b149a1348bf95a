import { useEffect, useState } from 'react';

/**
 * False until the browser has painted what the component's first render committed, then true (issue 41 goal 7). Work
 * that adds nothing to that screen, such as the case page's step panel below its header, waits for it: otherwise its
 * download and evaluation start between the commit and the paint, and the page's largest paint waits behind them (on a
 * phone, and in Lighthouse, which counts every request started before that paint). In a tab not on view the browser
 * paints nothing, so the work waits until the tab is shown.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callback runs just before its paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
