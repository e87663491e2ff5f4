import Router from '@koa/router';
import { rm } from 'node:fs/promises';
import type Koa from 'koa';
import { koaBody } from 'koa-body';
import type { Deps } from '../../deps.js';
import { localisedWarnings } from '../../http/warnings.js';
import type { AppState } from '../../http/context.js';
import { requireAdmin } from '../../http/auth.js';
import { plainBody } from '../../http/body-encoding.js';
import { DomainError } from '../../services/errors.js';
import { buildTemplate, templateFileName } from '../../services/admin/upload/template.js';
import { actorOf } from './form-input.js';

export const MAX_UPLOAD_MB = 10;
const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

/** formidable's error codes (formidable/src/FormidableError.js) that mean "too big" or "too many". */
const TOO_BIG = new Set([1009, 1016]);
const TOO_MANY_FILES = 1015;

/**
 * Multipart only on the upload route, after the admin check, so nobody else can make the server
 * take a file. formidable counts bytes as they arrive and stops at the cap (the partial temp file
 * is removed). It undoes no Content-Encoding: a compressed upload answers 415.
 */
function fileUpload(): Koa.Middleware<AppState> {
  return koaBody({
    json: false,
    urlencoded: false,
    text: false,
    multipart: true,
    formidable: {
      maxFiles: 1,
      maxFileSize: MAX_UPLOAD_BYTES,
      maxTotalFileSize: MAX_UPLOAD_BYTES,
      maxFields: 10,
      maxFieldsSize: 64 * 1024,
      allowEmptyFiles: true,
      minFileSize: 0,
    },
    onError: (error) => {
      const code = (error as { code?: number }).code ?? 0;
      if (TOO_BIG.has(code))
        throw new DomainError('too_large', 'file_too_large', { params: { max: MAX_UPLOAD_MB } });
      if (code === TOO_MANY_FILES) throw new DomainError('invalid', 'too_many_files');
      throw new DomainError('bad_request', 'bad_request');
    },
  }) as unknown as Koa.Middleware<AppState>;
}

interface UploadedFile {
  filepath: string;
  originalFilename?: string | null;
}

/** /admin/upload-table/: the Excel import and its template. */
export function adminUploadRoutes(
  deps: Pick<Deps, 'admin' | 'config' | 'logger' | 'metrics' | 'sessions'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const admin = requireAdmin(deps);

  router.post('/admin/upload-table/', admin, plainBody(fileUpload()), async (ctx) => {
    const files = ctx.request.files as
      Record<string, UploadedFile | UploadedFile[] | undefined> | undefined;
    const all = Object.values(files ?? {}).flatMap((f) => (Array.isArray(f) ? f : f ? [f] : []));
    try {
      const field = files?.file;
      const file = Array.isArray(field) ? field[0] : field;
      if (!file) throw new DomainError('invalid', 'please_select_file');
      const result = await deps.admin.upload.run(
        { path: file.filepath, name: file.originalFilename ?? '' },
        actorOf(ctx),
      );
      deps.metrics.importRows.inc(result.rows);
      ctx.body = { ...result, warnings: localisedWarnings(ctx.state.locale, result.warnings) };
    } finally {
      await Promise.all(all.map((f) => rm(f.filepath, { force: true })));
    }
  });

  router.get('/admin/upload-table/template', admin, async (ctx) => {
    ctx.set('Content-Disposition', `attachment; filename="${templateFileName}"`);
    ctx.type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    ctx.body = await buildTemplate();
  });

  return router;
}
