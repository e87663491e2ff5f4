import { Alert } from '@portal/design-system/components/alert.tsx';

/**
 * What was saved but deserves a look (a phone that cannot receive SMS): the server's messages,
 * as a polite list next to the success notice.
 */
export function WarningsList({
  title,
  items,
  more,
}: {
  title: string;
  items: string[];
  /** A line after the list, e.g. how many were not listed. */
  more?: string;
}) {
  if (items.length === 0) return null;
  return (
    <Alert variant="info" title={title}>
      <ul className="mt-1 list-disc pl-5" aria-label={title}>
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
      {more ? <p className="mt-1">{more}</p> : null}
    </Alert>
  );
}

/** The `msg` of each warning in an answer that has a `warnings` list (see the contract). */
export function warningTexts(data: unknown): string[] {
  const warnings = (data as { warnings?: unknown } | null)?.warnings;
  if (!Array.isArray(warnings)) return [];
  return warnings
    .map((warning) => (warning as { msg?: unknown }).msg)
    .filter((msg): msg is string => typeof msg === 'string');
}
