/** Browser downloads of files the API answers (templates, CSV exports). */

/** The file name of a `Content-Disposition: attachment; filename="..."` (or filename*=UTF-8''...) header. */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/** Saves a blob through the browser's download (the template opens from there in the user's editor). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start reading the blob before it goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

