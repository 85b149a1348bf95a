import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { solidPng } from '../helpers/png';

export const DEMO_PASSWORD = 'Demo@12345';
export const DEMO_MEDIC = 'medico@demo.com.br';
export const DEMO_SECRETARY = 'secretaria@demo.com.br';

/** Signs in through the /auth form, as a person would. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByPlaceholder('Digite seu Login').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Acessar' }).click();
}

export async function signOut(page: Page): Promise<void> {
  const menuButton = page.getByRole('button', { name: 'Abrir menu' });
  if (await menuButton.isVisible()) await menuButton.click();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

/** The data directory of the main test server (see playwright.config.ts). */
export function mainDataDir(): string {
  const base = process.env.E2E_DATA_DIR;
  if (!base) throw new Error('E2E_DATA_DIR is not set');
  return join(base, 'main');
}

/** Finds the newest outbox e-mail addressed to `to` and returns the first /signup-secretary link in it. */
export function inviteLinkFromOutbox(to: string): string {
  const outbox = join(mainDataDir(), 'outbox');
  const files = readdirSync(outbox).filter((name) => name.endsWith('.eml')).sort().reverse();
  for (const file of files) {
    const raw = readFileSync(join(outbox, file), 'utf8');
    if (!raw.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
    // Quoted-printable soft line breaks ("=\r\n") may split the link.
    const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = unfolded.match(/https?:\/\/[^\s"<>]+\/signup-secretary\/[A-Za-z0-9_-]+/);
    if (match) return match[0];
  }
  throw new Error(`no invite for ${to} in ${outbox}`);
}

/** A valid CPF derived from a number (check digits computed). */
export function validCpf(seed: number): string {
  const base = String(100_000_000 + (seed % 800_000_000)).padStart(9, '0').slice(0, 9).split('').map(Number);
  const digit = (digits: number[], start: number) => {
    const rest = (digits.reduce((sum, d, i) => sum + d * (start - i), 0) * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base, 10);
  const second = digit([...base, first], 11);
  return [...base, first, second].join('');
}

/** A real 16×16 PNG (solid teal), made in code so the test ships no binary. */
export function tealPng(): Buffer {
  return solidPng(16, [11, 102, 112]);
}

/** Types into a search select (SearchSelect) and picks the first option whose name matches. */
export async function pickOption(page: Page, label: string, text: string, option: RegExp): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.fill(text);
  await page.getByRole('option', { name: option }).first().click();
  await expect(box).not.toHaveValue('');
}
