import { TextLink } from '@portal/design-system/components/text-link.tsx';
import { telHref } from '@portal/design-system/components/help-modal.tsx';
import { FormattedMessage, useIntl } from 'react-intl';
import { council } from '../../config/council';
import { usePageTitle } from '../../lib/page-title';
import { LegalMessages } from './components/legal-messages';

/** /concello (or the address the council's file gives it, /nigran-info): the council's address, phones, fax and a mail link to the sports department. */
export function CouncilInfoPage() {
  return (
    <LegalMessages>
      <CouncilInfo />
    </LegalMessages>
  );
}

function CouncilInfo() {
  const intl = useIntl();
  usePageTitle('legal.info.title');
  const hours = intl.formatMessage(
    { id: 'legal.info.hoursValue' },
    {
      from: council.hours.from.replace(/^0(\d)/, '$1'),
      to: council.hours.to.replace(/^0(\d)/, '$1'),
    },
  );
  const rows = [
    { label: 'legal.info.council', value: council.name },
    { label: 'legal.info.address', value: council.address },
    {
      label: 'legal.info.phone',
      value: (
        <span className="flex flex-wrap gap-x-4">
          {council.phones.map((phone) => (
            <TextLink key={phone} href={telHref(phone)}>
              {phone}
            </TextLink>
          ))}
        </span>
      ),
    },
    { label: 'legal.info.fax', value: council.fax },
    {
      label: 'legal.info.sports',
      value: (
        <TextLink href={`mailto:${council.sportsEmail}`}>
          <FormattedMessage
            id="legal.info.sportsLink"
            values={{ department: council.department, email: council.sportsEmail }}
          />
        </TextLink>
      ),
    },
    { label: 'legal.info.hours', value: hours },
    {
      label: 'legal.info.website',
      value: (
        <TextLink href={council.website}>{council.website.replace(/^https?:\/\//, '')}</TextLink>
      ),
    },
  ];
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-title font-bold">
        <FormattedMessage id="legal.info.title" />
      </h1>
      <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-6 gap-y-4 max-narrow:grid-cols-1 max-narrow:gap-y-1">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="font-semibold max-narrow:mt-3">
              <FormattedMessage id={row.label} />
            </dt>
            <dd className="break-words">{row.value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
