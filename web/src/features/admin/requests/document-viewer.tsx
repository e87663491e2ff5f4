import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { textLinkClassName } from '@portal/design-system/components/text-link.tsx';
import { getRequestDocument, type CircumstanceRequest } from '../api/circumstances';
import { useT } from '../components/messages';
import type { PdfDocument } from './pdf-document';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** An object URL for a Blob while the component shows it (none where the browser makes none). */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(blob);
    let current = true;
    // told once the URL exists, like any outside resource (and never after it is revoked)
    queueMicrotask(() => {
      if (current) setUrl({ blob, url: made });
    });
    return () => {
      current = false;
      URL.revokeObjectURL(made);
    };
  }, [blob]);
  return url && url.blob === blob ? url.url : null;
}

/**
 * A request's document beside it, in the browser: fetched with the staff token as a Blob (the
 * server sends it as a download that cannot run in the portal's origin), an image shown from an
 * object URL, a PDF drawn page by page on a canvas by pdf.js. Never in a frame of the portal.
 * The download link's copy is typed as plain bytes, so opening it never renders it here.
 */
export function DocumentViewer({ request }: { request: CircumstanceRequest }) {
  const t = useT();
  const file = useQuery({
    queryKey: ['admin', 'circumstance-document', request.id],
    queryFn: async ({ signal }) => {
      const answer = await getRequestDocument(request.id, signal);
      if (!answer.ok || !answer.data) throw new Error('the document did not load');
      return answer.data as Blob;
    },
    enabled: request.document_type !== null,
    // a resident's document stays in memory only while it is on screen, and is fetched once
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
  const blob = file.data ?? null;
  const type = blob?.type || request.document_type || '';
  const bytesOnly = useMemo(
    () => (blob ? new Blob([blob], { type: 'application/octet-stream' }) : null),
    [blob],
  );
  const downloadUrl = useObjectUrl(bytesOnly);
  const name = t('admin.requests.documentOf', {
    person: request.person_name,
    circumstance: request.circumstance_name,
  });

  if (request.document_type === null) {
    return (
      <p className="text-muted-foreground">
        <FormattedMessage
          id={
            request.source === 'resident'
              ? 'admin.requests.documentDeleted'
              : 'admin.requests.noDocument'
          }
        />
      </p>
    );
  }
  if (file.isError) {
    return (
      <Alert variant="error">
        <div className="flex flex-col items-start gap-2">
          <FormattedMessage id="admin.requests.documentFailed" />
          <Button type="button" size="sm" variant="secondary" onClick={() => void file.refetch()}>
            <FormattedMessage id="admin.common.retry" />
          </Button>
        </div>
      </Alert>
    );
  }
  if (!blob) return <Loading label={t('admin.requests.documentLoading')} />;

  return (
    <div className="flex flex-col gap-3">
      {type === 'application/pdf' ? (
        <PdfPages blob={blob} name={name} />
      ) : (
        <ImageDocument blob={blob} name={name} />
      )}
      {downloadUrl ? (
        <p>
          <a
            href={downloadUrl}
            download={`${t('admin.requests.documentFileName', { id: request.id })}.${EXTENSIONS[type] ?? 'bin'}`}
            className={textLinkClassName}
          >
            {t('admin.requests.download', { name })}
          </a>
        </p>
      ) : null}
    </div>
  );
}

function CannotShow() {
  return (
    <Alert variant="info">
      <FormattedMessage id="admin.requests.cannotShow" />
    </Alert>
  );
}

function ImageDocument({ blob, name }: { blob: Blob; name: string }) {
  const url = useObjectUrl(blob);
  const [broken, setBroken] = useState(false);
  if (broken) return <CannotShow />;
  if (!url) return <CannotShow />;
  return (
    <img
      src={url}
      alt={name}
      onError={() => setBroken(true)}
      className="max-h-[80vh] w-full rounded-md border border-border-subtle object-contain"
    />
  );
}

type PdfState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; pdf: PdfDocument };

/** A PDF page by page: the page drawn on a canvas named after it, the count, previous and next. */
function PdfPages({ blob, name }: { blob: Blob; name: string }) {
  const t = useT();
  const [state, setState] = useState<PdfState>({ status: 'loading' });
  const [page, setPage] = useState(1);
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let opened: PdfDocument | null = null;
    (async () => {
      try {
        const [{ openPdf }, bytes] = await Promise.all([
          import('./pdf-document'),
          blob.arrayBuffer(),
        ]);
        const pdf = await openPdf(bytes);
        if (cancelled) pdf.destroy();
        else {
          opened = pdf;
          setState({ status: 'ready', pdf });
        }
      } catch {
        if (!cancelled) setState({ status: 'failed' });
      }
    })();
    return () => {
      cancelled = true;
      opened?.destroy();
    };
  }, [blob]);

  useEffect(() => {
    if (state.status !== 'ready' || !canvas.current) return;
    const width = frame.current?.clientWidth || 600;
    state.pdf.renderPage(page, canvas.current, width).catch(() => {
      // a newer page's drawing cancelled this one; a broken page shows blank with its count
    });
  }, [state, page]);

  if (state.status === 'failed') return <CannotShow />;
  if (state.status === 'loading') return <Loading label={t('admin.requests.documentLoading')} />;
  const count = state.pdf.pageCount;
  return (
    <div className="flex flex-col gap-2" ref={frame}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={t('admin.requests.pdfPage', { name, page, count })}
        className="h-auto w-full rounded-md border border-border-subtle bg-background"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={page <= 1}
          onClick={() => setPage((n) => Math.max(1, n - 1))}
        >
          <FormattedMessage id="admin.requests.previousPage" />
        </Button>
        <p aria-live="polite" className="tabular-nums">
          <FormattedMessage id="admin.requests.pageOf" values={{ page, count }} />
        </p>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={page >= count}
          onClick={() => setPage((n) => Math.min(count, n + 1))}
        >
          <FormattedMessage id="admin.requests.nextPage" />
        </Button>
      </div>
    </div>
  );
}
