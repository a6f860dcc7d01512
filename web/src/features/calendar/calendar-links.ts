/**
 * The calendar address as a phone opens it to subscribe: the same address with the webcal:
 * scheme, which iPhones, iPads and Macs hand to their Calendar app (and Outlook to itself).
 */
export function webcalOf(url: string): string {
  return url.replace(/^https?:\/\//i, 'webcal://');
}

/** Copies text to the clipboard; false where the browser does not let the page (then select it). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
