import { useEffect, useState } from 'react';

/**
 * False until the browser has shown what the component's first render committed, then true (issue 41 goal 7). Work
 * that adds nothing to that screen, such as the case page's step panel below its header, waits for it: otherwise its
 * download and evaluation start between the commit and the paint, and the page's largest paint waits behind them (on a
 * phone, and in Lighthouse, which counts every request started before that paint). In a tab not on view the browser
 * paints nothing, so the work waits until the tab is shown.
 *
 * Two frames: a frame's callback runs just before its paint, but the frame reaches the screen (the time the largest
 * paint is stamped with) some milliseconds after; a request made right after the first paint was still counted before
 * it (docs/BENCHMARKS.md). The next frame's callback comes once the first has been shown.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => setPainted(true), 0);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
