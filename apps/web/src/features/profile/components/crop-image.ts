import type { Area } from 'react-easy-crop';

/** SPEC §9: the avatar is a fixed 200x200 crop, saved as png. */
export const AVATAR_SIZE = 200;

export function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image could not be decoded'));
    image.src = url;
  });
}

/** The bounding box of a width x height image turned by `degrees`. */
function rotatedSize(width: number, height: number, degrees: number): { width: number; height: number } {
  const radians = (degrees * Math.PI) / 180;
  return {
    width: Math.abs(Math.cos(radians) * width) + Math.abs(Math.sin(radians) * height),
    height: Math.abs(Math.sin(radians) * width) + Math.abs(Math.cos(radians) * height),
  };
}

/**
 * Draws the chosen area into a 200x200 canvas. react-easy-crop gives the area in the coordinates of
 * the rotated image's bounding box, so the image is turned about that box's centre, then the area
 * is scaled to fill the canvas — one transform, without an intermediate full-size canvas.
 */
export function drawCrop(canvas: HTMLCanvasElement, image: HTMLImageElement, area: Area, rotation: number): void {
  canvas.width = AVATAR_SIZE;
  canvas.height = AVATAR_SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2d context unavailable');
  const box = rotatedSize(image.naturalWidth, image.naturalHeight, rotation);
  context.imageSmoothingQuality = 'high';
  context.scale(AVATAR_SIZE / area.width, AVATAR_SIZE / area.height);
  context.translate(-area.x, -area.y);
  context.translate(box.width / 2, box.height / 2);
  context.rotate((rotation * Math.PI) / 180);
  context.translate(-image.naturalWidth / 2, -image.naturalHeight / 2);
  context.drawImage(image, 0, 0);
}

export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas could not be encoded'))), 'image/png');
  });
}

/** The crop as the png file that is uploaded. */
export async function cropToPng(imageUrl: string, area: Area, rotation: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  drawCrop(canvas, await loadImage(imageUrl), area, rotation);
  return canvasToPng(canvas);
}
