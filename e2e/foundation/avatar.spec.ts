import { expect, test, type Locator, type Page } from '@playwright/test';
import { AvatarMessages } from '@osp/shared';
import { apiProfile, signInViaApi } from '../support/api';
import { samplePng } from '../support/images';
import { createPerson } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, chooseFilesThrough, chooseUserMenuItem, dialog, expectDashboardLoaded, message, type ChosenFile } from '../support/ui';

/** Opens 个人信息, clicks the photo and returns the avatar dialog. */
async function openAvatarDialog(page: Page, name: string): Promise<Locator> {
  await chooseUserMenuItem(page, name, '个人信息');
  const profile = dialog(page, '个人信息');
  await expect(profile).toBeVisible();
  await profile.getByRole('button', { name: /头像/ }).click();
  const avatar = dialog(page, /头像/);
  await expect(avatar).toBeVisible();
  return avatar;
}

async function chooseFile(avatar: Locator, file: ChosenFile): Promise<void> {
  await chooseFilesThrough(button(avatar, '选择').or(button(avatar, '上传')).first(), file);
}

/** The picture inside the cropper: the image loaded from the chosen file. */
function cropImage(avatar: Locator): Locator {
  return avatar.locator('img[src^="blob:"], img[src^="data:"]').first();
}

async function expectStyleChangeOn(image: Locator, control: Locator): Promise<void> {
  await expect(control).toBeEnabled();
  const before = await image.getAttribute('style');
  await control.click();
  await expect.poll(() => image.getAttribute('style')).not.toBe(before);
}

// Each journey changes (or reads) the photo of a person of its own.
test('[AVATAR] crops, rotates and zooms a new photo, saves it and sees it in the header', async ({ page, request }) => {
  const person = await createPerson(request, '头像测试');
  const { token, user } = await signInViaApi(page, person.username, { password: person.password });
  await page.goto('/dashboard');
  await expectDashboardLoaded(page, user.name);
  const avatar = await openAvatarDialog(page, user.name);

  await chooseFile(avatar, { name: 'me.png', mimeType: 'image/png', buffer: await samplePng() });
  const image = cropImage(avatar);
  await expect(image).toBeVisible();

  await expectStyleChangeOn(image, avatar.getByRole('button', { name: /向左旋转|左旋|rotate-left/ }));
  await expectStyleChangeOn(image, avatar.getByRole('button', { name: /向右旋转|右旋|rotate-right/ }));
  await expectStyleChangeOn(image, avatar.getByRole('button', { name: /放大|zoom-in/ }));
  await expectStyleChangeOn(image, avatar.getByRole('button', { name: /缩小|zoom-out/ }));
  await saveScreenshot(page, 'avatar-cropper');

  await button(avatar, '保存').or(button(avatar, '确定')).or(button(avatar, '上传头像')).first().click();
  await expect(message(page, AvatarMessages.success)).toBeVisible();
  await expect(avatar).toBeHidden();

  const headerPhoto = page.locator('header img[src*="/api/file/avatar/"]').first();
  await expect(headerPhoto).toBeVisible();
  const profile = await apiProfile(request, token);
  expect(profile.profilePhoto).toMatch(/^\/api\/file\/avatar\/[0-9a-f-]{36}\.png$/);
  expect(await headerPhoto.getAttribute('src')).toContain(profile.profilePhoto);
  const photo = await request.get(profile.profilePhoto);
  expect(photo.headers()['content-type']).toBe('image/png');
  await saveScreenshot(page, 'avatar-saved');
});

test('[AVATAR] is told a .txt file is not an image', async ({ page, request }) => {
  const person = await createPerson(request, '头像文本测试');
  const { user } = await signInViaApi(page, person.username, { password: person.password });
  await page.goto('/dashboard');
  await expectDashboardLoaded(page, user.name);
  const avatar = await openAvatarDialog(page, user.name);

  await chooseFile(avatar, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture\n') });
  await expect(message(page, AvatarMessages.notImage)).toBeVisible();
  await saveScreenshot(page, 'avatar-txt-not-an-image');
  await expect(cropImage(avatar)).toBeHidden();
});

test('[AVATAR] is told a text file named x.png is not an image', async ({ page, request }) => {
  const person = await createPerson(request, '头像伪图测试');
  const { token, user } = await signInViaApi(page, person.username, { password: person.password });
  await page.goto('/dashboard');
  await expectDashboardLoaded(page, user.name);
  const avatar = await openAvatarDialog(page, user.name);

  // The browser calls it image/png by its name; only its bytes show it is text.
  await chooseFile(avatar, { name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('this is text, not a PNG\n') });
  await expect(message(page, AvatarMessages.notImage)).toBeVisible();
  await saveScreenshot(page, 'avatar-fake-png-not-an-image');
  expect((await apiProfile(request, token)).profilePhoto).toBe('');
});
