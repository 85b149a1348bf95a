import { expect, test, type Page } from '@playwright/test';
import { apiHeaders, DEMO_PASSWORD, DEMO_SECRETARY, holdRequests, signIn } from './helpers';

/**
 * The secretary's 'Médico' select (src/lib/secretaryMedics.ts): shown only to a secretary of several medics, and,
 * while her medics are read, as many as she had at her last read in this browser say whether it shows, so it does
 * not appear and vanish. Each page is opened with her medics' read held, first with no earlier read (the select
 * shows, loading, as before), then as if she last had one medic, then several; once the read answers, the real count
 * decides, whatever another spec linked her to.
 */
const PAGES = [
  // 'Documentos exigidos': a secretary of one medic works on that medic's lists; otherwise she picks one.
  { path: '/document-checklists', heading: 'Documentos exigidos', beside: 'Exigido por', shownFor: (medics: number) => medics !== 1 },
  // 'A receber': the filter is for a secretary of several medics.
  { path: '/receivables', heading: 'A receber', beside: 'Pagador', shownFor: (medics: number) => medics > 1 },
];

/** Opens `path` with her medics' read held, once the page shows `beside` (a field next to where the select goes). */
async function openWithMedicsHeld(page: Page, path: string, heading: string, beside: string) {
  const held = await holdRequests(page, /\/project_auth\/api\/v1\/list_medic\//);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByText(beside, { exact: true }).first()).toBeVisible();
  await expect.poll(() => held.asked.length).toBeGreaterThan(0);
  return held;
}

test('the Médico select keeps to what her last visit knew while her medics load', async ({ page, request }) => {
  const headers = await apiHeaders(request, DEMO_SECRETARY);
  const listed = await request.get('/project_auth/api/v1/list_medic/', { headers });
  const medics = ((await listed.json()) as { results: unknown[] }).results.length;

  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
  const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem('profile') ?? '{}') as { user: { id: number } }).user.id);
  const countKey = `secretary-medic-count:${userId}`;
  const medicSelect = page.getByLabel('Médico', { exact: true });
  // Written from a static file of the origin, so that no read of the page before can still store its count over it.
  const storeCount = async (count: string | null) => {
    await page.goto('/favicon.svg');
    await page.evaluate(({ key, value }) => (value === null ? localStorage.removeItem(key) : localStorage.setItem(key, value)), { key: countKey, value: count });
  };

  for (const { path, heading, beside, shownFor } of PAGES) {
    // No earlier read in this browser: the select shows while loading, then as her medics say.
    await storeCount(null);
    let held = await openWithMedicsHeld(page, path, heading, beside);
    await expect(medicSelect).toBeVisible();
    await expect(medicSelect).toHaveAttribute('aria-busy', 'true');
    held.release();
    await expect(medicSelect).toHaveCount(shownFor(medics) ? 1 : 0);
    if (shownFor(medics)) await expect(medicSelect).not.toHaveAttribute('aria-busy', 'true');
    // The read stores her count for the next visit.
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), countKey)).toBe(String(medics));

    // She had one medic at her last read: no select while loading.
    await storeCount('1');
    held = await openWithMedicsHeld(page, path, heading, beside);
    await expect(medicSelect).toHaveCount(0);
    held.release();
    await expect(medicSelect).toHaveCount(shownFor(medics) ? 1 : 0);

    // She had three: the select shows, loading, from the start.
    await storeCount('3');
    held = await openWithMedicsHeld(page, path, heading, beside);
    await expect(medicSelect).toBeVisible();
    await expect(medicSelect).toHaveAttribute('aria-busy', 'true');
    held.release();
    await expect(medicSelect).toHaveCount(shownFor(medics) ? 1 : 0);
  }
});
