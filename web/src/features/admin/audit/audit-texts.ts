import type { IntlShape } from 'react-intl';
import { formatEuros } from '@portal/design-system/lib/format.ts';
import type { Locale } from '../../../i18n/locales';
import type { AuditEntry } from '../api/audit';

/**
 * The audit log in the clerk's words: each event (`payment.paid`), the thing it is about, and the
 * details' names and the states and reasons among their values, from the admin messages. The
 * server writes codes; these texts name them. A code with no text yet (an event added later)
 * still shows, as "Other event (code)".
 */
export function auditTexts(intl: IntlShape, locale: Locale) {
  const has = (id: string) => intl.messages[id] !== undefined;
  const text = (id: string, fallback: string) => (has(id) ? intl.formatMessage({ id }) : fallback);

  const event = (action: string) =>
    has(`admin.audit.event.${action}`)
      ? intl.formatMessage({ id: `admin.audit.event.${action}` })
      : intl.formatMessage({ id: 'admin.audit.unknownEvent' }, { code: action });

  const entity = (entry: Pick<AuditEntry, 'entity' | 'entity_id'>) =>
    [entry.entity && text(`admin.audit.entityName.${entry.entity}`, entry.entity), entry.entity_id]
      .filter(Boolean)
      .join(' ');

  /** A state of what the entry is about (a payment's, an application's), else a known reason. */
  const state = (entityName: string | null, value: string) => {
    if (entityName === 'payment' && has(`admin.payments.status.${value}`))
      return intl.formatMessage({ id: `admin.payments.status.${value}` });
    if (entityName === 'application' && has(`admin.audit.applicationStatus.${value}`))
      return intl.formatMessage({ id: `admin.audit.applicationStatus.${value}` });
    return text(`admin.audit.value.${value}`, value);
  };

  const value = (entityName: string | null, key: string, raw: unknown): string => {
    if (key === 'amount_cents' && typeof raw === 'number') return formatEuros(raw / 100, locale);
    if (typeof raw === 'string') return state(entityName, raw);
    if (Array.isArray(raw))
      return `[${raw.map((item) => value(entityName, key, item)).join(', ')}]`;
    if (raw && typeof raw === 'object') return `{${fields(entityName, raw)}}`;
    return String(raw);
  };

  const fields = (entityName: string | null, details: object): string =>
    Object.entries(details)
      .map(
        ([key, raw]) => `${text(`admin.audit.detail.${key}`, key)}: ${value(entityName, key, raw)}`,
      )
      .join(', ');

  /**
   * `antes: Pendiente, ahora: Pagado, importe: 45,00 €`: every detail, nested ones too, with a
   * space after each separator, so the cell wraps between values and not inside a word.
   */
  const details = (entry: Pick<AuditEntry, 'entity' | 'details'>) =>
    entry.details ? fields(entry.entity, entry.details) : '';

  return { event, entity, details };
}
