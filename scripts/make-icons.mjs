/**
 * Renders the installable app's PNG icons (docs/OFFLINE.md) from the brand's mark, public/logo.svg, with Debian's
 * Chromium through playwright-core: no image library for four files made once. The PNGs are committed; run this again
 * only when the mark changes:
 *
 *   node scripts/make-icons.mjs            (CHROMIUM_PATH picks another browser)
 *
 * - public/icons/icon-192.png, icon-512.png: the mark as drawn (rounded square, transparent corners), purpose 'any';
 * - public/icons/icon-maskable-512.png: a full-bleed teal square with the cross inside the central 80 % circle that
 *   Android's masks keep (the maskable safe zone), purpose 'maskable';
 * - public/apple-touch-icon.png (180 px): iOS rounds the corners itself and shows transparency as black, so a
 *   full-bleed square, with the cross a little larger than in the maskable one. At the root, where Safari also looks.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const root = resolve(import.meta.dirname, '..');
const publicDir = join(root, 'public');
const executablePath =
  process.env.CHROMIUM_PATH || ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((path) => existsSync(path));

const logo = readFileSync(join(publicDir, 'logo.svg'), 'utf8');
/** The mark's shapes without its rounded background: the white cross and the teal pulse line across it. */
const glyph = [...logo.matchAll(/<path [^>]*\/>/g)].map((match) => match[0]).join('');
if (!glyph) throw new Error('public/logo.svg: no <path> found for the mark');

/** A full-bleed square of the brand's teal with the mark's glyph scaled to `scale` of the side, centred. */
function fullBleed(scale) {
  const offset = (24 * (1 - scale)) / scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-offset} ${-offset} ${48 / scale} ${48 / scale}">
  <rect x="${-offset}" y="${-offset}" width="${48 / scale}" height="${48 / scale}" fill="#0B6670"/>${glyph}</svg>`;
}

const ICONS = [
  { file: 'icons/icon-192.png', size: 192, svg: logo },
  { file: 'icons/icon-512.png', size: 512, svg: logo },
  // The glyph spans ~31 of the mark's 48 units: at 0.8 of the side it stays inside the 80 % safe circle's square.
  { file: 'icons/icon-maskable-512.png', size: 512, svg: fullBleed(0.8) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.9) },
];

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  mkdirSync(join(publicDir, 'icons'), { recursive: true });
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const sized = svg.replace(/<svg /, `<svg width="${size}" height="${size}" `).replace(/ width="48" height="48"/, '');
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    await page.screenshot({ path: join(publicDir, file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`public/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
