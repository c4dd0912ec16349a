import type { ErrorBody } from '@shared/catalogue.schemas';
import { ApiError } from '@/lib/api-client';
import { authHeader, handleUnauthorized } from './admin-fetch';

/**
 * Sends multipart form data with the admin token through XMLHttpRequest,
 * which (unlike fetch) reports upload progress: `onProgress` gets 0..1.
 * Rejects with ApiError for a non-2xx answer and a plain Error on network failure.
 */
export function uploadForm<T>(method: 'POST' | 'PATCH', path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authHeader())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(body as T);
        return;
      }
      const error = new ApiError(xhr.status, typeof body === 'object' ? (body as Partial<ErrorBody> | null) : null);
      handleUnauthorized(error);
      reject(error);
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new Error('Upload canceled'));
    xhr.send(form);
  });
}
