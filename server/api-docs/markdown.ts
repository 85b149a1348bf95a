/**
 * The small markdown subset the contract's descriptions use (paragraphs, '- ' lists, pipe tables, `code`, **bold**),
 * rendered to HTML with everything else escaped. Enough for openapi/openapi.yaml; not a general markdown parser.
 */

/** Escapes text for HTML content and double- or single-quoted attributes. */
export function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** An anchor id from a heading: accents dropped, lower case, runs of other characters as '-'. */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Inline markdown: `code` and **bold**, everything else escaped. */
export function inline(text: string): string {
  return text
    .split('`')
    .map((chunk, i) => (i % 2 === 1 ? `<code>${esc(chunk)}</code>` : esc(chunk).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')))
    .join('');
}

/** The small markdown subset the descriptions use: paragraphs, '- ' lists, pipe tables, inline code and bold. */
export function markdown(text: string): string {
  const out: string[] = [];
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: string[] = [];
  let table: string[][] = [];

  const flushParagraph = () => {
    if (paragraph.length) out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (list.length) out.push(`<ul>${list.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`);
    list = [];
  };
  const flushTable = () => {
    if (table.length) {
      const [head, ...rows] = table;
      out.push(
        `<table class="md-table"><thead><tr>${head!.map((c) => `<th>${inline(c)}</th>`).join('')}</tr></thead><tbody>${rows
          .map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`)
          .join('')}</tbody></table>`,
      );
    }
    table = [];
  };
  const flushAll = () => {
    flushParagraph();
    flushList();
    flushTable();
  };

  for (const rawLine of lines) {
    const line = rawLine.trimEnd();
    const trimmed = line.trim();
    if (trimmed === '') {
      flushAll();
      continue;
    }
    if (trimmed.startsWith('|')) {
      flushParagraph();
      flushList();
      const cells = trimmed.replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
      if (cells.every((c) => /^:?-{2,}:?$/.test(c))) continue;
      table.push(cells);
      continue;
    }
    flushTable();
    if (/^- /.test(trimmed) && !/^\s{4,}/.test(line)) {
      flushParagraph();
      list.push(trimmed.slice(2));
      continue;
    }
    if (list.length && /^\s+/.test(line)) {
      list[list.length - 1] += ` ${trimmed}`;
      continue;
    }
    flushList();
    paragraph.push(trimmed);
  }
  flushAll();
  return out.join('\n');
}
