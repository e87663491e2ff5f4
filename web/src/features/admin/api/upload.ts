import { api } from '../../../lib/api/client';
import { toResult, type Schemas } from './result';

export type UploadResult = Schemas['UploadResult'];

/** The multipart body: one `file` field, as the contract says. */
export function uploadFormData(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

export function uploadTable(file: File) {
  return toResult(
    api.POST('/admin/upload-table/', {
      // the generated type says string (format: binary); the body really is the File
      body: { file: file as unknown as string },
      bodySerializer: () => uploadFormData(file),
    }),
  );
}

/** The .xlsx template (bearer token added by the client), as a Blob. */
export function downloadTemplate() {
  return toResult(api.GET('/admin/upload-table/template', { parseAs: 'blob' }));
}
