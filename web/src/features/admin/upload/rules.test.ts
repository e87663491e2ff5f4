import { describe, expect, it } from 'vitest';
import { checkUploadFile, uploadRowErrors } from './rules';

describe('upload', () => {
  it('needs a file whose name ends in .xlsx', () => {
    expect(checkUploadFile(null)).toBe('admin.msg.please_select_file');
    expect(checkUploadFile(new File(['a'], 'inscripciones.csv'))).toBe(
      'admin.msg.invalid_file_type',
    );
    expect(checkUploadFile(new File(['a'], 'inscripciones.xlsx.pdf'))).toBe(
      'admin.msg.invalid_file_type',
    );
    expect(checkUploadFile(new File(['a'], 'Inscripciones.XLSX'))).toBeNull();
  });

  it('reads the row errors of an invalid_rows answer', () => {
    expect(
      uploadRowErrors({
        detail: [
          { loc: [4, 'DNI'], msg: 'El DNI no es válido.', type: 'invalid_dni' },
          { loc: [9], msg: 'Fila vacía.', type: 'x' },
        ],
        code: 'invalid_rows',
      }),
    ).toEqual([
      { row: 4, column: 'DNI', msg: 'El DNI no es válido.' },
      { row: 9, column: null, msg: 'Fila vacía.' },
    ]);
    expect(uploadRowErrors({ detail: 'El archivo no es un .xlsx.', code: 'invalid_file' })).toBe(
      null,
    );
    expect(uploadRowErrors(undefined)).toBeNull();
  });
});
