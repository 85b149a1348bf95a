import { readFileSync } from 'node:fs';
import { build } from 'vite';
const out = '/tmp/h18-why';
await build({ root: '/work/h18', logLevel: 'silent', build: { outDir: out, emptyOutDir: true, manifest: true } });
const m = JSON.parse(readFileSync(`${out}/.vite/manifest.json`, 'utf8'));
const parent = new Map<string, string>();
const seen = new Set<string>();
const walk = (k: string, from: string) => { if (seen.has(k) || !m[k]) return; seen.add(k); parent.set(k, from); for (const i of m[k].imports ?? []) walk(i, k); };
walk('index.html', ''); walk(process.argv[2]!, '');
for (const k of seen) {
  const code = readFileSync(`${out}/${m[k].file}`, 'utf8');
  if (/arkKind|react-aria-ModalOverlay/.test(code)) {
    const chain = []; for (let c = k; c; c = parent.get(c)!) chain.push(m[c].name ?? c);
    console.log(/arkKind/.test(code) ? 'ark' : 'modal', chain.join(' <- '));
  }
}
