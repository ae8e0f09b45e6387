import { expect, test } from './support/fixtures';

// The reader's language (docs/decisions/044): a visitor's browser language opens the site in it, the
// footer's picker changes it at once and keeps it, and Arabic lays the page out right to left.

test.describe('a visitor whose browser reads Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('gets the site in Spanish, and in Arabic, right to left, once they pick it', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    const main = page.getByRole('navigation', { name: 'Principal' });
    await expect(main.getByRole('link', { name: 'Cursos' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();

    await page.getByLabel('Idioma').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'الرئيسية' })).toBeVisible();

    // Kept on this browser: the next page opens in Arabic, though the browser still says Spanish.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByLabel('اللغة')).toHaveValue('ar');

    // Right to left: the logo stands at the right edge of the header, the sign-in links at its left.
    const logo = await page.getByRole('link', { name: 'الصفحة الرئيسية لـ Skillwise' }).boundingBox();
    const signIn = await page.getByRole('link', { name: 'تسجيل الدخول' }).boundingBox();
    expect(logo && signIn && logo.x > signIn.x).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('on a phone, in Arabic', () => {
  test.use({ locale: 'ar-EG', viewport: { width: 360, height: 780 } });

  test('the menu opens with its links in Arabic and nothing runs off the screen', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('button', { name: 'فتح القائمة' }).click();
    const menu = page.getByRole('dialog', { name: 'القائمة' });
    await expect(menu.getByRole('link', { name: 'الدورات' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'انضم الآن' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
