import type * as React from 'react';
import {
  Dialog,
  DialogCloseIcon,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from './dialog.tsx';

export type HelpModalProps = {
  /** Whether the dialog is shown (controlled by the app). */
  open: boolean;
  /** Called with false when the × button, Escape or a click outside closes it. */
  onOpenChange: (open: boolean) => void;
  /** E.g. "Need help?". */
  title: React.ReactNode;
  /** Optional sentence under the title. */
  description?: React.ReactNode;
  /** Accessible name of the × button, e.g. "Close". */
  closeLabel: string;
  /** Label before the phone numbers, e.g. "Phone". */
  phoneLabel: string;
  /** The two support numbers as shown, e.g. "986 000 000". tel: links are built from them. */
  phones: readonly string[];
  /** E.g. "E-mail". */
  emailLabel: string;
  /** Support e-mail address; shown as a mailto: link. */
  email: string;
  /** E.g. "Opening hours". */
  hoursLabel: string;
  /** E.g. "Monday to Friday, 8:00-17:00". */
  hours: string;
};

/** "tel:+34986000000" from "986 000 000" (a 9-digit Spanish number gets +34). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${/^\d{9}$/.test(digits) ? `+34${digits}` : digits}`;
}

/** Support contacts. Escape, a click outside and the × button close it. */
export function HelpModal({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  phoneLabel,
  phones,
  emailLabel,
  email,
  hoursLabel,
  hours,
}: HelpModalProps) {
  const linkClass =
    'rounded-sm font-semibold text-link underline underline-offset-4 hover:decoration-2 focus-ring';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-slot="help-modal"
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <DialogTitle>{title}</DialogTitle>
        {description ? <DialogDescription>{description}</DialogDescription> : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 text-body max-narrow:grid-cols-1 max-narrow:gap-y-1">
          <dt className="font-semibold">{phoneLabel}</dt>
          <dd className="flex flex-wrap gap-x-4 gap-y-1 max-narrow:mb-2">
            {phones.map((phone) => (
              <a key={phone} href={telHref(phone)} className={linkClass}>
                {phone}
              </a>
            ))}
          </dd>
          <dt className="font-semibold">{emailLabel}</dt>
          <dd className="break-all max-narrow:mb-2">
            <a href={`mailto:${email}`} className={linkClass}>
              {email}
            </a>
          </dd>
          <dt className="font-semibold">{hoursLabel}</dt>
          <dd>{hours}</dd>
        </dl>
        <DialogCloseIcon label={closeLabel} />
      </DialogContent>
    </Dialog>
  );
}
