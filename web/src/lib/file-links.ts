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
