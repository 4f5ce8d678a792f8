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
 * becomes the failure message.
 */
export function uploadAddon(shareId: string, file: File, onProgress: (loaded: number) => void): UploadHandle {
  const request = new XMLHttpRequest();
  const done = new Promise<UploadResult>((resolve) => {
    request.open('POST', `/api/shares/${encodeURIComponent(shareId)}/addons`);
    request.withCredentials = true;
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status === 201) {
        const parsed = addonSchema.safeParse(body);
        if (parsed.success) return resolve({ ok: true, addon: parsed.data });
        return resolve({ ok: false, cancelled: false, message: i18n._('shares-addons.upload.error.unexpected') });
      }
      const error = body as { message?: unknown } | null;
      resolve({
        ok: false,
        cancelled: false,
        message: typeof error?.message === 'string' ? error.message : `${request.status} ${request.statusText}`,
      });
    };
    request.onerror = () =>
      resolve({ ok: false, cancelled: false, message: i18n._('shares-addons.upload.error.connection') });
    request.onabort = () =>
      resolve({ ok: false, cancelled: true, message: i18n._('shares-addons.upload.state.cancelled') });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
  return { done, cancel: () => request.abort() };
}
