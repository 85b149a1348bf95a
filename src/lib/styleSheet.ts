/**
 * Where goober writes the SPA's CSS (issue 15: blocking time of the signed-in pages).
 *
 * goober keeps every rule in the text of one `<style id="_goober">`. For each render of each styled component it reads
 * that whole text back from the DOM and searches it for the component's rules (goober/src/core/update.js:
 * `sheet.data.indexOf(css)`), and for each new rule it writes the whole text again, so the browser parses the whole
 * style sheet once more and recomputes every element's style. On a home that is some 90 writes of a sheet growing to
 * 18 kB while the panels render: the largest item of a CPU profile of the medic home at 4× CPU slowdown (goober's
 * update alone ~0.4 s; React, all the rest of the framework chunk, ~1.2 s).
 *
 * goober finds its sheet as `window._goober` (get-sheet.js: the element with that id, through the window's named
 * properties) and uses only `firstChild.data`. This module puts there an object whose `data` is a plain string kept
 * in memory (the search no longer copies the text out of the DOM) and whose writes add only the new rules to a real
 * `<style>` through the CSSOM (`insertRule`: the browser parses the new rule alone). The rules and their order are
 * goober's own: new rules at the end, or at the start where goober puts them first (a component given another
 * goober class, so that class wins); a text goober replaces (a `glob` that follows another) is written whole. tests/unit/src/styleSheet.test.ts checks goober's output arrives.
 */

/** Splits CSS text into its top-level rules (`.a{…}`, `@media …{.a{…}}`), braces inside quotes ignored. */
export function splitRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  let quote: string | null = null;
  for (let i = 0; i < css.length; i++) {
    const char = css[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '{') {
      depth++;
    } else if (char === '}' && depth > 0 && --depth === 0) {
      const rule = css.slice(start, i + 1).trim();
      if (rule) rules.push(rule);
      start = i + 1;
    }
  }
  const rest = css.slice(start).trim();
  if (rest) rules.push(rest);
  return rules;
}

type GooberSheet = { data: string };

/** A `data` for goober backed by `style`'s CSSOM sheet. */
function createStyleSheetTarget(style: HTMLStyleElement): GooberSheet {
  let text = '';
  /** Rules in the CSSOM sheet, counted here rather than read back from it. */
  let count = 0;
  const replaceAll = (css: string) => {
    style.textContent = css;
    count = style.sheet?.cssRules.length ?? 0;
  };
  const insert = (rules: string[], at: 'start' | 'end') => {
    const sheet = style.sheet;
    if (!sheet) return replaceAll(text);
    rules.forEach((rule, index) => {
      try {
        sheet.insertRule(rule, at === 'start' ? index : count);
        count++;
      } catch {
        // A rule this browser does not parse (another engine's prefix): dropped, as it would be in a <style> text.
      }
    });
  };
  return {
    get data() {
      return text;
    },
    set data(next: string) {
      const previous = text;
      text = next;
      if (next.startsWith(previous)) insert(splitRules(next.slice(previous.length)), 'end');
      else if (next.endsWith(previous)) insert(splitRules(next.slice(0, next.length - previous.length)), 'start');
      else replaceAll(next);
    },
  };
}

declare global {
  interface Window {
    _goober?: unknown;
  }
}

/** Gives goober the sheet above (once, before its first rule). */
export function installStyleSheet(): void {
  if (typeof window !== 'object' || window._goober) return;
  const style = document.createElement('style');
  style.setAttribute('data-styles', 'goober');
  document.head.appendChild(style);
  // What get-sheet.js reads: a parent (so it does not insert the element itself), a nonce it sets, the text holder.
  window._goober = { parentNode: document.head, nonce: undefined, firstChild: createStyleSheetTarget(style) };
}
