import type { Sharp, SharpOptions } from 'sharp';

/**
 * sharp (libvips) loaded on first use, not when the server starts: a captcha, an avatar or a watermark needs it, most
 * requests never do, and it holds about 20 MB of the process (docs/performance.md "Export of the bill lists": the
 * idle server's memory is part of every measured peak).
 */
type SharpFactory = (input?: Buffer | string, options?: SharpOptions) => Sharp;

let loading: Promise<SharpFactory> | undefined;

export function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
