/**
 * PDF pages drawn in the browser with pdf.js, imported only when staff open a PDF in the review
 * queue (its code, and its worker, are chunks of their own that no other screen loads). Only the
 * pages are drawn: no scripts, forms or XFA of the document run.
 */
import { getDocument, GlobalWorkerOptions, type RenderTask } from 'pdfjs-dist';
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export interface PdfDocument {
  pageCount: number;
  /** Draws a page (from 1) into the canvas, `cssWidth` pixels wide at the screen's density. */
  renderPage: (page: number, canvas: HTMLCanvasElement, cssWidth: number) => Promise<void>;
  destroy: () => void;
}

export async function openPdf(bytes: ArrayBuffer): Promise<PdfDocument> {
  GlobalWorkerOptions.workerSrc = workerSrc;
  const loading = getDocument({ data: new Uint8Array(bytes), enableXfa: false });
  const pdf = await loading.promise;
  let drawing: RenderTask | null = null;
  return {
    pageCount: pdf.numPages,
    async renderPage(number, canvas, cssWidth) {
      drawing?.cancel();
      const page = await pdf.getPage(number);
      const scale =
        (cssWidth / page.getViewport({ scale: 1 }).width) * (window.devicePixelRatio || 1);
      const viewport = page.getViewport({ scale });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      drawing = page.render({ canvas, viewport });
      try {
        await drawing.promise;
      } finally {
        drawing = null;
      }
    },
    destroy() {
      drawing?.cancel();
      void loading.destroy();
    },
  };
}
