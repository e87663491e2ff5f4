/** Saves a Blob under a file name (an <a download> clicked once, then released). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file name a response's Content-Disposition gives (`filename="…"`), else the fallback. */
export function fileNameOf(response: Response | undefined, fallback: string): string {
  const header = response?.headers.get('Content-Disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}
