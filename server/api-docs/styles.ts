/** The docs page's stylesheet, served as `/docs/docs.css` (a file of its own, since the CSP forbids inline styles). */

export const DOCS_CSS = `:root {
  --bg: #f7f8fa; --fg: #1d2330; --muted: #5b6475; --card: #ffffff; --line: #dfe3ea; --accent: #0b5cad;
  --get: #1f7a4d; --post: #0b5cad; --put: #a15c00; --delete: #b3261e; --patch: #6b3fa0;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); line-height: 1.5; font-size: 15px; }
a { color: var(--accent); }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.92em; background: #eef1f5; padding: 0 0.25em; border-radius: 3px; }
.page-header { padding: 1.25rem 2rem; background: var(--card); border-bottom: 1px solid var(--line); }
.page-header h1 { margin: 0; font-size: 1.6rem; }
.version { font-size: 0.9rem; color: var(--muted); font-weight: normal; }
.links { margin: 0.25rem 0 0; color: var(--muted); }
.layout { display: grid; grid-template-columns: minmax(220px, 320px) 1fr; gap: 1.5rem; padding: 1.5rem 2rem; }
.toc { position: sticky; top: 1rem; align-self: start; max-height: calc(100vh - 2rem); overflow: auto; background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 0.75rem 1rem; font-size: 0.85rem; }
.toc h2 { font-size: 1rem; margin: 0 0 0.5rem; }
.toc ul { list-style: none; padding-left: 0; margin: 0; }
.toc ul ul { padding-left: 0.5rem; margin-bottom: 0.5rem; }
.toc a { text-decoration: none; }
.toc code { background: none; padding: 0; word-break: break-all; }
main { min-width: 0; }
.intro, .operation, .schema { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 1rem 1.25rem; margin-bottom: 1rem; }
.tag > h2, .schemas > h2 { margin: 1.5rem 0 0.25rem; }
.tag-description { color: var(--muted); margin-top: 0; }
.operation h3 { margin: 0 0 0.25rem; font-size: 1.1rem; display: flex; gap: 0.5rem; align-items: center; flex-wrap: wrap; }
.path { word-break: break-all; }
.summary { margin: 0.25rem 0; font-weight: 600; }
.method { display: inline-block; min-width: 4.2em; text-align: center; color: #fff; border-radius: 4px; padding: 0.05em 0.4em; font-size: 0.8rem; font-weight: 700; letter-spacing: 0.03em; }
.method-get { background: var(--get); } .method-post { background: var(--post); } .method-put { background: var(--put); }
.method-delete { background: var(--delete); } .method-patch { background: var(--patch); }
.meta { display: grid; grid-template-columns: max-content 1fr; gap: 0.1rem 0.75rem; margin: 0.5rem 0; font-size: 0.9rem; color: var(--muted); }
.meta dt { font-weight: 600; } .meta dd { margin: 0; }
.description p { margin: 0.4rem 0; }
h4 { margin: 1rem 0 0.4rem; font-size: 0.95rem; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); }
table { border-collapse: collapse; width: 100%; font-size: 0.9rem; margin: 0.5rem 0; }
th, td { border: 1px solid var(--line); padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
th { background: #f0f2f6; }
.responses { list-style: none; padding-left: 0; }
.response { margin-bottom: 0.6rem; }
.status { display: inline-block; min-width: 3em; text-align: center; font-weight: 700; border-radius: 4px; padding: 0 0.3em; }
.status-ok { background: #dff3e7; color: #155e3a; } .status-client-error { background: #fdebd3; color: #7a4300; } .status-server-error { background: #fbe0de; color: #8c1d18; }
.media { margin: 0.25rem 0 0 1rem; }
.media-type { margin: 0.25rem 0; }
.props, .variants, .headers { margin: 0.25rem 0; padding-left: 1.25rem; }
.props li { margin: 0.15rem 0; }
.prop { font-weight: 600; }
.required { color: #8c1d18; font-size: 0.8rem; } .optional { color: var(--muted); font-size: 0.8rem; }
.format, .constraints, .enum { color: var(--muted); font-size: 0.85rem; }
.or { color: var(--muted); }
.note { color: var(--muted); font-style: italic; }
details.schema-details { margin: 0.25rem 0; }
details.schema-details > summary { cursor: pointer; color: var(--accent); }
.schema h3 { margin: 0 0 0.25rem; }
@media (max-width: 768px) { .layout { grid-template-columns: 1fr; padding: 1rem; } .toc { position: static; max-height: none; } }
`;
