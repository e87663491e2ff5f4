import type { ReactNode, Ref } from 'react';
import { FormattedMessage } from 'react-intl';

/** One of the panel's stacked sections: a <section> named by its <h2>. */
export function AdminSection({
  id,
  titleId,
  introId,
  children,
}: {
  id: string;
  titleId: string;
  introId?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col gap-6 border-t-4 border-primary pt-6"
    >
      <div className="flex flex-col gap-2">
        <h2 id={`${id}-title`} className="text-heading font-bold text-foreground">
          <FormattedMessage id={titleId} />
        </h2>
        {introId ? (
          <p className="max-w-prose text-body text-muted-foreground">
            <FormattedMessage id={introId} />
          </p>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** A sub-heading inside a section (table or form). */
export function SubHeading({
  id,
  ref,
  children,
}: {
  id?: string;
  ref?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <h3 id={id} ref={ref} tabIndex={-1} className="text-lead font-bold text-foreground focus-ring">
      {children}
    </h3>
  );
}
