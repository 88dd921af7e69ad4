import { ApiError, apiUrl, errorMessageOf, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { readAuthToken } from '@/lib/auth-cookie';
import { readCookie } from '@/lib/cookies';
import type { Branch, FileRecord } from './admin-types';

export interface UploadRequest {
  file: File;
  branch: Branch;
  kind: 'mod' | 'launcher';
  /** The mod name (mod files) or the version (the launcher). */
  label: string;
  /** 0–100 as the bytes go out. */
  onProgress: (percent: number) => void;
}

/**
 * POST /file?branch=&kind=&modName=|version=, multipart (file, fileName, modName or version, branch).
 * fetch cannot report upload progress, so this one call uses XMLHttpRequest, with the same bearer and
 * anti-forgery headers the API client adds.
 */
export function postFileUpload({ file, branch, kind, label, onProgress }: UploadRequest): Promise<FileRecord> {
  const query = kind === 'mod' ? { branch, kind, modName: label } : { branch, kind, version: label };
  const form = new FormData();
  form.append('fileName', file.name);
  form.append('branch', branch);
  form.append('kind', kind);
  form.append(kind === 'mod' ? 'modName' : 'version', label);
  form.append('file', file, file.name);

  return new Promise<FileRecord>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/file', query));
    xhr.setRequestHeader('Accept', 'application/json');
    const accessToken = readAuthToken()?.access_token;
    if (accessToken) xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) xhr.setRequestHeader('X-XSRF-TOKEN', xsrf);
    xhr.upload.onprogress = (event: ProgressEvent) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // a plain-text answer stays text
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as FileRecord);
      } else reject(new ApiError(errorMessageOf(body), xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(GENERIC_ERROR_MESSAGE, 0));
    xhr.send(form);
  });
}
