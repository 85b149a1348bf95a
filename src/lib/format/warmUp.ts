import { todayInSaoPaulo } from './date';
import { formatBRL } from './money';

/**
 * Makes the two formatters every signed-in page uses, in a task of its own, soon after the entry has run.
 *
 * A page's first Intl object loads ICU's locale and time-zone data: 20–45 ms of CPU on the benchmark machine (every
 * later one costs under a millisecond), four times that on the mid-range phone Lighthouse simulates. Made on demand,
 * that load landed inside the longest task of a signed-in visit, the one that evaluates and renders the first page's
 * chunks (issue 15: blocking time and LCP). Here it runs while those chunks are still downloading; the formatters it
 * makes are the ones money.ts and date.ts keep, so nothing is made twice.
 */
export function warmUpFormatters(): void {
  setTimeout(() => {
    formatBRL(0);
    todayInSaoPaulo();
  }, 0);
}
