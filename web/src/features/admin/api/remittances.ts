import { api } from '../../../lib/api/client';
import { uploadFormData } from './upload';
import { toResult, type Schemas } from './result';

export type Remittance = Schemas['Remittance'];
export type RemittanceDetail = Schemas['RemittanceDetail'];
export type ReturnsResult = Schemas['ReturnsResult'];

export const listRemittances = () => toResult(api.GET('/admin/remittances'));

export const getRemittance = (id: number) =>
  toResult(api.GET('/admin/remittances/{id}', { params: { path: { id } } }));

/** POST /admin/remittances: every domiciled line due by that date, in one remittance. */
export const createRemittance = (collectionDate: string) =>
  toResult(api.POST('/admin/remittances', { body: { collection_date: collectionDate } }));

/** The pain.008 XML, as a Blob. */
export const downloadRemittanceFile = (id: number) =>
  toResult(api.GET('/admin/remittances/{id}/file', { params: { path: { id } }, parseAs: 'blob' }));

/** The bank's answer (pain.002 or camt.054), one multipart `file`. */
export const uploadRemittanceReturns = (id: number, file: File) =>
  toResult(
    api.POST('/admin/remittances/{id}/returns', {
      params: { path: { id } },
      // the generated type says string (format: binary); the body really is the File
      body: { file: file as unknown as string },
      bodySerializer: () => uploadFormData(file),
    }),
  );

/** The sandbox bank's camt.054 for this remittance (only where the sandbox is on), as a Blob. */
export const downloadSandboxAnswer = (id: number) =>
  toResult(
    api.GET('/admin/remittances/{id}/sandbox-answer', {
      params: { path: { id } },
      parseAs: 'blob',
    }),
  );
