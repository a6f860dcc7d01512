/**
 * A `file_url` from the API is either an external link or a path relative to the API base
 * (`files/<id>?exp=…&sig=…`), as the spec's "API base plus a file_url" says.
 */
export function resolveFileUrl(fileUrl: string): string {
  if (/^https?:\/\//i.test(fileUrl)) return fileUrl;
  if (fileUrl.startsWith('/')) return fileUrl;
  return `/api/${fileUrl}`;
}

/**
 * Opens a tab now, while the click still counts as the user's (browsers block pop-ups opened
 * after a network call), and points it at the file once the call has answered. Returns null
 * if the browser blocked the tab.
 */
export function openPendingTab(): { show(fileUrl: string): void; close(): void } | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  tab.opener = null;
  return {
    show: (fileUrl) => {
      tab.location.href = resolveFileUrl(fileUrl);
    },
    close: () => tab.close(),
  };
}

/**
 * Saves a file under its own name (spec: "a GET on the API base plus file_url, saved under
 * file_name (default name 'download')"). Throws if the file cannot be fetched.
 */
export async function downloadFile(
  fileUrl: string,
  fileName: string | null | undefined,
): Promise<void> {
  const response = await fetch(resolveFileUrl(fileUrl));
  if (!response.ok) throw new Error(`Download failed with HTTP ${response.status}`);
  saveBlob(await response.blob(), fileName || 'download');
}

/** Saves what the app holds (a CSV it was answered, say) as a file under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  }
}
