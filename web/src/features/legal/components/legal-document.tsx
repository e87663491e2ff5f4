import { TextLink, textLinkClassName } from '@portal/design-system/components/text-link.tsx';
import { formatDate } from '@portal/design-system/lib/format.ts';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { council } from '../../../config/council';
import { useLocale } from '../../../i18n/i18n-provider';
import { usePageTitle } from '../../../lib/page-title';
import { privacyPath } from '../../../lib/privacy-path';
import { LAST_REVIEWED } from '../legal-dates';
import { LegalMessages } from './legal-messages';

/** A block of a legal text: a paragraph, a bulleted list or a sub-heading (message ids). */
export type Block = { p: string } | { list: readonly string[] } | { h3: string };

export interface LegalSection {
  /** Stable id for the anchor (also the in-page link target). */
  id: string;
  heading: string;
  blocks: readonly Block[];
}

function mailLink(address: string) {
  return <TextLink href={`mailto:${address}`}>{address}</TextLink>;
}

/**
 * The values every legal text may use. They all come from council.json, so another council
 * adopts the texts by editing that file only.
 */
export function useCouncilValues(): Record<string, ReactNode> {
  const { locale } = useLocale();
  const intl = useIntl();
  return {
    council: council.name,
    cif: council.cif,
    address: council.address,
    phone: council.phones.join(' / '),
    fax: council.fax,
    department: council.department,
    portal: council.portalTitle[locale],
    email: mailLink(council.email),
    sportsEmail: mailLink(council.sportsEmail),
    dpoEmail: mailLink(council.dpoEmail),
    website: (
      <TextLink href={council.website}>{council.website.replace(/^https?:\/\//, '')}</TextLink>
    ),
    privacyLink: (
      <Link to={privacyPath(locale)} className={textLinkClassName}>
        {intl.formatMessage({ id: 'legal.privacyLinkText' })}
      </Link>
    ),
    accountLink: (
      <Link to="/mi-cuenta" className={textLinkClassName}>
        {intl.formatMessage({ id: 'legal.accountLinkText' })}
      </Link>
    ),
    date: formatDate(council.legal?.reviewed ?? LAST_REVIEWED, locale, 'long'),
  };
}

function BlockView({ block, values }: { block: Block; values: Record<string, ReactNode> }) {
  if ('p' in block) {
    return (
      <p className="mb-4 max-w-prose">
        <FormattedMessage id={block.p} values={values} />
      </p>
    );
  }
  if ('h3' in block) {
    return (
      <h3 className="mt-4 mb-2 text-lead font-bold">
        <FormattedMessage id={block.h3} values={values} />
      </h3>
    );
  }
  return (
    <ul className="mb-4 flex max-w-prose list-disc flex-col gap-2 pl-6">
      {block.list.map((id) => (
        <li key={id}>
          <FormattedMessage id={id} values={values} />
        </li>
      ))}
    </ul>
  );
}

/** A legal page: title, optional lead content, then h2 sections with their blocks. */
export function LegalDocument(props: LegalDocumentProps) {
  return (
    <LegalMessages>
      <LegalDocumentBody {...props} />
    </LegalMessages>
  );
}

interface LegalDocumentProps {
  title: string;
  intro?: readonly string[];
  sections: readonly LegalSection[];
  /** Content between the introduction and the sections (e.g. the first-layer summary). */
  children?: ReactNode;
}

function LegalDocumentBody({ title, intro = [], sections, children }: LegalDocumentProps) {
  const intl = useIntl();
  const values = useCouncilValues();
  usePageTitle(title);
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="mb-2 text-title font-bold">{intl.formatMessage({ id: title })}</h1>
      <p className="mb-6 text-small text-muted-foreground">
        <FormattedMessage id="legal.updated" values={values} />
      </p>
      {intro.map((id) => (
        <BlockView key={id} block={{ p: id }} values={values} />
      ))}
      {children}
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`${section.id}-title`} className="mt-8">
          <h2 id={`${section.id}-title`} className="mb-3 text-heading font-bold">
            <FormattedMessage id={section.heading} values={values} />
          </h2>
          {section.blocks.map((block, index) => (
            <BlockView key={index} block={block} values={values} />
          ))}
        </section>
      ))}
    </article>
  );
}
