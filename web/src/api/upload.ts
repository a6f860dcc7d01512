import { ApiError } from './api-error';

export interface UploadOptions {
  signal?: AbortSignal;
  /** Upload progress from 0 to 100, from the browser's upload events. */
  onUploadProgress?: (percent: number) => void;
}

/** fetch() cannot report upload progress; XMLHttpRequest can. */
export function sendWithProgress(
  method: string,
  url: string,
  body: BodyInit | undefined,
  headers: Record<string, string>,
  options: UploadOptions,
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [key, value] of Object.entries(headers)) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable)
        options.onUploadProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(0, undefined));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send((body as XMLHttpRequestBodyInit | undefined) ?? null);
  });
}
