import { expect, test, type Page } from '@playwright/test';
import { DEMO_MEDIC, DEMO_PASSWORD, holdRequests, signIn, signUpMedic } from './helpers';

/**
 * The signed-in layout on a phone (390 px; issue 11 items 12 and 16): the header shows the user's name whole, the
 * home's image never sits under the greeting, and the medic home does not jump when its figures, the stage
 * distribution and the calendar arrive (Cumulative Layout Shift below 0.1, Google's "good").
 */

test.use({ viewport: { width: 390, height: 844 } });

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test("the header shows 'Carlos Eduardo' whole and the home's image stays clear of the greeting", async ({ page, request }) => {
  const medic = await signUpMedic(request, { label: 'carlos.eduardo', firstName: 'Carlos Eduardo', lastName: 'Albuquerque' });
  await signIn(page, medic.email, medic.password);
  await expect(page).toHaveURL(/\/$/);

  const name = page.getByRole('banner').getByText('Carlos Eduardo', { exact: true });
  await expect(name).toBeVisible();
  const fits = await name.evaluate((element) => element.scrollWidth <= element.clientWidth);
  expect.soft(fits, 'the name is cut with an ellipsis').toBe(true);

  const greeting = page.getByText('Olá, Carlos Eduardo!', { exact: true });
  await expect(greeting).toBeVisible();
  const hero = page.locator('img[src="/signup-image.svg"]');
  await expect(hero).toBeVisible();
  const heroBox = (await hero.boundingBox())!;
  expect(heroBox.width).toBeGreaterThan(0);
  for (const text of [page.getByRole('heading', { level: 1, name: 'Início' }), greeting]) {
    const box = (await text.boundingBox())!;
    expect(overlaps(box, heroBox), `${await text.textContent()} lies over the image`).toBe(false);
  }
  // The intro's lines too (a paragraph's box spans its lines).
  const intro = greeting.locator('xpath=following-sibling::p[1]');
  expect(overlaps((await intro.boundingBox())!, heroBox), 'the intro lies over the image').toBe(false);
});

/** Sums every layout shift not caused by input, from the very start of the document (buffered). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const scope = window as unknown as { __cls: number };
    scope.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) scope.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

test('the medic home does not shift when the figures, the stage distribution and the calendar arrive (CLS < 0.1)', async ({
  page,
}) => {
  await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[data-stage]')).toHaveCount(7);

  // A phone's network: the home's reads answer late, well after the first paint.
  const homeReads = (url: URL) => /^\/surgery\/api\/v1\/(dashboard|schedule_days|surgery)\/$/.test(url.pathname);
  await page.route(homeReads, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 900));
    await route.continue();
  });
  await recordLayoutShifts(page);
  await page.goto('/');
  // The panels were drawn while their reads were on the way, then filled in.
  await expect(page.locator('[aria-busy="true"]').first()).toBeAttached();
  await expect(page.locator('[data-stage]')).toHaveCount(7);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForTimeout(500);
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  test.info().annotations.push({ type: 'CLS', description: cls.toFixed(4) });
  expect(cls).toBeLessThan(0.1);
});

test('with reduced motion asked for, nothing on a loading home keeps moving', async ({ page }) => {
  await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The home's reads held until the check is done: its loading notices (spinners) and skeletons stay on screen.
  const { release } = await holdRequests(page, /\/surgery\/api\/v1\/(dashboard|schedule_days|surgery)\//);
  await page.goto('/');
  await expect(page.getByText('Carregando', { exact: false }).first()).toBeVisible();
  // A spinner's endless turn, added beside the page's own loading notices: under the app's reduced-motion rule it ends
  // after one turn of 0.01 ms (a spinner at 0.01 ms a turn would otherwise flicker on for ever). Its end is looked for
  // over a second of frames: on a busy machine the turn may start a few frames late.
  const stillTurning = await page.evaluate(async () => {
    const keyframes = document.createElement('style');
    keyframes.textContent = '@keyframes probe-turn { to { transform: rotate(360deg); } }';
    const spinner = document.createElement('span');
    spinner.style.animation = 'probe-turn 0.8s linear infinite';
    document.head.append(keyframes);
    document.body.append(spinner);
    const running = () => spinner.getAnimations().some((animation) => animation.playState === 'running');
    const until = performance.now() + 1_000;
    do await new Promise((done) => requestAnimationFrame(done));
    while (running() && performance.now() < until);
    const turning = running();
    spinner.remove();
    keyframes.remove();
    return turning;
  });
  expect(stillTurning, 'a spinner still turns under prefers-reduced-motion').toBe(false);
  // And the page's own: none still running once its notices have been up a moment.
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((animation) => animation.playState === 'running').length), { timeout: 3_000 })
    .toBe(0);
  await expect(page.getByText('Carregando', { exact: false }).first()).toBeVisible();
  release();
  await expect(page.locator('[data-stage]')).toHaveCount(7);
});
