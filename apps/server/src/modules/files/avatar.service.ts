import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { AvatarMessages, StatusCode } from '@osp/shared';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext, Caller } from '../../context';
import { AppError } from '../../http/errors';
import { updateProfilePhoto } from '../users/users.account';
import { loadSharp } from '../../lib/sharp';

/** Raster formats a browser can show and sharp can decode. SVG is refused: it can carry script. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/bmp', 'image/avif']);
const AVATAR_URL_PREFIX = '/api/file/avatar/';
/** The dialog crops to 200×200; twice that keeps avatars sharp on high-density screens. */
const AVATAR_MAX_SIDE = 400;

export function avatarsDir(ctx: AppContext): string {
  return path.join(ctx.config.uploadsDir, 'avatars');
}

/**
 * Stores a new avatar. The type is sniffed from the bytes (the name and the declared type are the
 * uploader's word, not proof), and the image is decoded and re-encoded as PNG, which drops any
 * payload hidden in the original file.
 */
export async function saveAvatar(ctx: AppContext, caller: Caller, content: Buffer): Promise<{ imgUrl: string }> {
  const detected = await fileTypeFromBuffer(content);
  if (!detected || !IMAGE_TYPES.has(detected.mime)) throw new AppError(StatusCode.invalid, AvatarMessages.notImage);

  const sharp = await loadSharp();
  let png: Buffer;
  try {
    png = await sharp(content, { limitInputPixels: ctx.config.avatar.maxPixels, animated: false })
      .rotate()
      .resize(AVATAR_MAX_SIDE, AVATAR_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    // Corrupt data or an image past the pixel limit: either way it is not an image we take.
    throw new AppError(StatusCode.invalid, AvatarMessages.notImage);
  }

  const name = `${randomUUID()}.png`;
  const dir = avatarsDir(ctx);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), png);
  const imgUrl = `${AVATAR_URL_PREFIX}${name}`;
  const previous = await updateProfilePhoto(ctx.db, caller.userId, imgUrl, new Date().toISOString());
  if (previous.startsWith(AVATAR_URL_PREFIX)) {
    await fs.rm(path.join(dir, path.basename(previous)), { force: true });
  }
  return { imgUrl };
}

/** The stored file for a public avatar URL name, or undefined when the name is not one of ours. */
export async function readAvatar(ctx: AppContext, name: string): Promise<Buffer | undefined> {
  if (!/^[0-9a-f-]{36}\.png$/.test(name)) return undefined;
  try {
    return await fs.readFile(path.join(avatarsDir(ctx), name));
  } catch {
    return undefined;
  }
}
