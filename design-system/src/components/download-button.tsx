import { Button } from './button.tsx';

export type DownloadButtonProps = {
  /** Names the file, e.g. "Download receipt 2611AB12CD34 (PDF)". */
  label: string;
  /** Called when pressed; the app fetches the file and saves it. */
  onDownload: () => void;
  /** The file is being fetched: spinner, clicks ignored, focus kept. */
  loading?: boolean;
  /** Shown below (role="alert") when the download failed. */
  error?: string | null;
};

/**
 * A file the app fetches with the session (a receipt, an export): a small secondary button with
 * a download icon. Use a TextLink instead for files anyone may open by address.
 */
export function DownloadButton({ label, onDownload, loading = false, error }: DownloadButtonProps) {
  return (
    <span className="inline-flex flex-col items-start gap-1" data-slot="download-button">
      <Button type="button" variant="secondary" size="sm" onClick={onDownload} loading={loading}>
        {loading ? null : (
          <svg
            aria-hidden="true"
            focusable="false"
            viewBox="0 0 24 24"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 20h14" />
          </svg>
        )}
        {label}
      </Button>
      {error ? (
        <span role="alert" className="text-small font-semibold text-error-text">
          {error}
        </span>
      ) : null}
    </span>
  );
}
