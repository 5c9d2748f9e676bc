/** Hands a downloaded blob to the browser's download manager under `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the blob to the download manager.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
