import { expect, test } from '@playwright/test';
import { signInViaApi } from '../support/api';
import { saveScreenshot } from '../support/screenshots';
import { expectDashboardLoaded } from '../support/ui';

test.use({ viewport: { width: 390, height: 844 } });

test('[LAYOUT] opens the side menu as a drawer on a phone-wide screen and closes it again', async ({ page }) => {
  const { user } = await signInViaApi(page, 'zhengyi');
  await page.goto('/dashboard');
  await expectDashboardLoaded(page, user.name);

  const menuItem = page.getByRole('menuitem', { name: '工作台' });
  const toggle = page.getByRole('button', { name: /^(展开|打开)(导航)?菜单$/ });
  await expect(toggle).toBeVisible();
  await expect(menuItem).toBeHidden();
  await expect(page.getByRole('menu')).toBeHidden();
  await saveScreenshot(page, 'layout-mobile-closed');

  // Open, then click outside the drawer.
  await toggle.click();
  const drawer = page.getByRole('dialog').filter({ has: menuItem });
  await expect(drawer).toBeVisible();
  await expect(menuItem).toBeVisible();
  await saveScreenshot(page, 'layout-mobile-drawer');
  const box = await drawer.boundingBox();
  expect(box, 'the drawer panel has a size').not.toBeNull();
  const viewport = page.viewportSize() ?? { width: 390, height: 844 };
  const outsideX = viewport.width - 10;
  expect((box?.x ?? 0) + (box?.width ?? viewport.width), 'the drawer leaves room to click beside it').toBeLessThan(outsideX);
  await page.mouse.click(outsideX, viewport.height / 2);
  await expect(menuItem).toBeHidden();

  // Open, then navigate through it.
  await toggle.click();
  await expect(menuItem).toBeVisible();
  await menuItem.click();
  await expect(menuItem).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
});
