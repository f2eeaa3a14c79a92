/** Saves data as a .json file the browser downloads (an export an inspector can be handed). */
export function downloadJson(fileName: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; it is not needed any longer.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
