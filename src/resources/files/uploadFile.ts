// Sends a file to the server as multipart form data, telling how much of it has gone: the
// browser's XMLHttpRequest reports upload progress, which fetch cannot. Answers and refusals are
// read like every other call's (api/http.ts). The in-browser mock answers fetch only, so there
// the file goes by fetch and its progress jumps from 0 to 100 %.
import { getToken } from '../../api/token';
import { API_BASE, ApiError, type Envelope, decodeEnvelope } from '../../api/http';

export interface UploadOptions {
  /** Extra form fields (the instrument's id). */
  fields?: Record<string, string>;
  /** The share sent so far, 0 to 1. */
  onProgress?: (share: number) => void;
  /** The language the server answers in. */
  language: string;
  /** A message for a call that got no answer. */
  noAnswer: string;
}

const isMock = import.meta.env.VITE_MOCK === 'true';

function formOf(file: File, fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('file', file);
  return form;
}

function headers(language: string): Record<string, string> {
  const token = getToken();
  return { 'Accept-Language': language, ...(token ? { 'X-Token': token } : {}) };
}

async function byFetch<T>(path: string, form: FormData, options: UploadOptions): Promise<T> {
  options.onProgress?.(0);
  let envelope: Envelope<T>;
  try {
    const response = await fetch(`${API_BASE}${path}`, { method: 'POST', headers: headers(options.language), body: form });
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(options.noAnswer, 0, undefined, 'network');
  }
  options.onProgress?.(1);
  return decodeEnvelope(envelope).data;
}

function byXhr<T>(path: string, form: FormData, options: UploadOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    for (const [name, value] of Object.entries(headers(options.language))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => event.lengthComputable && options.onProgress?.(event.loaded / event.total);
    xhr.onerror = () => reject(new ApiError(options.noAnswer, 0, undefined, 'network'));
    xhr.onload = () => {
      try {
        resolve(decodeEnvelope(JSON.parse(xhr.responseText) as Envelope<T>).data);
      } catch (error) {
        reject(error instanceof ApiError ? error : new ApiError(options.noAnswer, 0, undefined, 'network'));
      }
    };
    options.onProgress?.(0);
    xhr.send(form);
  });
}

/** Uploads `file` to `path` under /dev-api; resolves with the answer's data, rejects with an ApiError. */
export function uploadFile<T>(path: string, file: File, options: UploadOptions): Promise<T> {
  const form = formOf(file, options.fields ?? {});
  return isMock ? byFetch<T>(path, form, options) : byXhr<T>(path, form, options);
}
