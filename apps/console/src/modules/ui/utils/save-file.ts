/**
 * Hands a fetched file to the browser as a download, as a link to it would (the file needs a
 * token, so no plain link). The object URL is freed once the browser has had time to take it.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
