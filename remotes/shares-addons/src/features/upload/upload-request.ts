import { type Addon, addonSchema } from '@outpost/contracts';
import { i18n } from '@outpost/host';

export type UploadResult = { ok: true; addon: Addon } | { ok: false; cancelled: boolean; message: string };

export interface UploadHandle {
  done: Promise<UploadResult>;
  cancel(): void;
}

/**
 * POST /api/shares/{id}/addons with one file, through XMLHttpRequest: the one browser API that
 * reports upload progress. Same origin, with the session cookie; the API's {error, message}
 * becomes the failure message. The file goes as the body itself (its name in `?name=`): the API
 * writes it from the socket to disk with no multipart framing to search, about twice as fast
 * (issue 30). An API from before that answers 415 UNSUPPORTED_MEDIA_TYPE, and the file is sent
 * again as multipart/form-data.
 */
export function uploadAddon(shareId: string, file: File, onProgress: (loaded: number) => void): UploadHandle {
  let current: XMLHttpRequest | null = null;
  let cancelled = false;
  const url = `/api/shares/${encodeURIComponent(shareId)}/addons`;
  const send = (raw: boolean) =>
    new Promise<{ status: number; statusText: string; body: unknown; outcome: 'done' | 'error' | 'abort' }>(
      (resolve) => {
        const request = new XMLHttpRequest();
        current = request;
        request.open('POST', raw ? `${url}?name=${encodeURIComponent(file.name)}` : url);
        request.withCredentials = true;
        request.upload.onprogress = (event) => onProgress(event.loaded);
        request.onload = () => {
          let body: unknown = null;
          try {
            body = JSON.parse(request.responseText);
          } catch {
            body = null;
          }
          resolve({ status: request.status, statusText: request.statusText, body, outcome: 'done' });
        };
        request.onerror = () => resolve({ status: 0, statusText: '', body: null, outcome: 'error' });
        request.onabort = () => resolve({ status: 0, statusText: '', body: null, outcome: 'abort' });
        if (raw) {
          request.setRequestHeader('content-type', 'application/octet-stream');
          request.send(file);
        } else {
          const form = new FormData();
          form.append('file', file, file.name);
          request.send(form);
        }
      },
    );
  const done = (async (): Promise<UploadResult> => {
    let answer = await send(true);
    const refusedType = (answer.body as { error?: unknown } | null)?.error === 'UNSUPPORTED_MEDIA_TYPE';
    if (answer.outcome === 'done' && answer.status === 415 && refusedType && !cancelled) {
      onProgress(0);
      answer = await send(false);
    }
    if (answer.outcome === 'abort' || cancelled)
      return { ok: false, cancelled: true, message: i18n._('shares-addons.upload.state.cancelled') };
    if (answer.outcome === 'error')
      return { ok: false, cancelled: false, message: i18n._('shares-addons.upload.error.connection') };
    if (answer.status === 201) {
      const parsed = addonSchema.safeParse(answer.body);
      if (parsed.success) return { ok: true, addon: parsed.data };
      return { ok: false, cancelled: false, message: i18n._('shares-addons.upload.error.unexpected') };
    }
    const error = answer.body as { message?: unknown } | null;
    return {
      ok: false,
      cancelled: false,
      message: typeof error?.message === 'string' ? error.message : `${answer.status} ${answer.statusText}`,
    };
  })();
  return {
    done,
    cancel: () => {
      cancelled = true;
      (current as XMLHttpRequest | null)?.abort();
    },
  };
}
