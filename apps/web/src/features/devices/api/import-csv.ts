import { ImportResult } from '@enviro/contracts/devices';
import { ApiError, apiHeaders } from '@/lib/api-client';

/**
 * POST /api/devices/{id}/import with the file as text/csv, reporting upload progress (0..1). Sent
 * with XMLHttpRequest because fetch cannot report an upload's progress.
 */
export function importCsv(deviceId: number, file: File, onProgress: (share: number) => void): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/devices/${deviceId}/import`);
    xhr.setRequestHeader('content-type', 'text/csv');
    // The CSRF header and, for a site or partner user acting for an industry, TENANT-ID.
    for (const [k, v] of Object.entries(apiHeaders(window.location.pathname, 'POST'))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiError(0, 'the server could not be reached'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status !== 200) {
        const b = body as { message?: string; field?: string } | null;
        return reject(new ApiError(xhr.status, b?.message ?? xhr.statusText, b?.field));
      }
      resolve(ImportResult.parse(body));
    };
    xhr.send(file);
  });
}
