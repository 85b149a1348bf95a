import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { projectPath } from '../../project-root';
import type { FileStorage } from '../storage/file-storage';

/**
 * Where a hospital's or health plan's DOCX template lives (`template_file_key`):
 *
 * - `shipped/<name>.docx`: one of the generic templates that ship with the product in server/data/templates/
 *   (built by scripts/build-templates.ts). They are part of the code, so every instance has them and nothing is
 *   copied into the database; the demo seed attaches them to some hospitals and plans.
 * - anything else: a key of the file storage (`templates/hospital-3-<random>.docx`), written by the attach-template
 *   CLI (scripts/template.ts) after checking the file.
 */

const SHIPPED_PREFIX = 'shipped/';

/** The generic templates shipped with the product, by what they are for. */
export const SHIPPED_TEMPLATES = {
  hospital: 'solicitacao-hospital.docx',
  plano: 'solicitacao-plano.docx',
} as const;

export type ShippedTemplate = keyof typeof SHIPPED_TEMPLATES;

/** The folder of the shipped templates (outside any web root). */
export const SHIPPED_TEMPLATES_DIR = pathToFileURL(projectPath('server', 'data', 'templates') + '/');

export function shippedTemplateKey(which: ShippedTemplate): string {
  return `${SHIPPED_PREFIX}${SHIPPED_TEMPLATES[which]}`;
}

export function isShippedKey(key: string): boolean {
  return key.startsWith(SHIPPED_PREFIX);
}

const SHIPPED_NAMES: ReadonlySet<string> = new Set(Object.values(SHIPPED_TEMPLATES));

/** A template's bytes, or null when the key names no file (a stored file removed by hand, an unknown shipped name). */
export async function readTemplateFile(storage: FileStorage, key: string): Promise<Buffer | null> {
  if (isShippedKey(key)) {
    const name = key.slice(SHIPPED_PREFIX.length);
    // Only the listed names: a key is data, never a path to follow.
    if (!SHIPPED_NAMES.has(name)) return null;
    try {
      return await readFile(new URL(name, SHIPPED_TEMPLATES_DIR));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
  const file = await storage.get(key);
  return file ? file.data : null;
}
