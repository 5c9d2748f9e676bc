import sharp from 'sharp';

/**
 * A 300×300 PNG with an asymmetric picture (a red quarter top-left, a blue bar at the bottom), so
 * that rotating or zooming it in the cropper changes what the user sees.
 */
export async function samplePng(): Promise<Buffer> {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300">' +
      '<rect width="300" height="300" fill="#f5f0e6"/>' +
      '<rect width="150" height="150" fill="#d4380d"/>' +
      '<rect y="240" width="300" height="60" fill="#1677ff"/>' +
      '<circle cx="210" cy="120" r="50" fill="#52c41a"/>' +
      '</svg>',
  );
  return sharp(svg).png().toBuffer();
}
