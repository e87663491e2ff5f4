import { FormattedMessage } from 'react-intl';
import { LegalDocument, useCouncilValues, type LegalSection } from './components/legal-document';

/** First layer (GDPR art. 13, layered information): one row per item, label and summary. */
const BASIC_ROWS = [
  ['legal.privacy.basic.controller.label', 'legal.privacy.basic.controller.value'],
  ['legal.privacy.basic.purpose.label', 'legal.privacy.basic.purpose.value'],
  ['legal.privacy.basic.basis.label', 'legal.privacy.basic.basis.value'],
  ['legal.privacy.basic.recipients.label', 'legal.privacy.basic.recipients.value'],
  ['legal.privacy.basic.rights.label', 'legal.privacy.basic.rights.value'],
  ['legal.privacy.basic.more.label', 'legal.privacy.basic.more.value'],
] as const;

/** Second layer: the detail of every item. */
const SECTIONS: LegalSection[] = [
  {
    id: 'controller',
    heading: 'legal.privacy.controller.title',
    blocks: [{ p: 'legal.privacy.controller.p1' }],
  },
  {
    id: 'dpo',
    heading: 'legal.privacy.dpo.title',
    blocks: [{ p: 'legal.privacy.dpo.p1' }],
  },
  {
    id: 'data',
    heading: 'legal.privacy.data.title',
    blocks: [
      {
        list: [
          'legal.privacy.data.identity',
          'legal.privacy.data.contact',
          'legal.privacy.data.account',
          'legal.privacy.data.payments',
          'legal.privacy.data.circumstances',
          'legal.privacy.data.security',
        ],
      },
      { p: 'legal.privacy.data.source' },
    ],
  },
  {
    id: 'purposes',
    heading: 'legal.privacy.purposes.title',
    blocks: [
      {
        list: [
          'legal.privacy.purposes.account',
          'legal.privacy.purposes.people',
          'legal.privacy.purposes.payments',
          'legal.privacy.purposes.codes',
          'legal.privacy.purposes.reminders',
          'legal.privacy.purposes.security',
          'legal.privacy.purposes.queries',
        ],
      },
      { p: 'legal.privacy.purposes.noProfiling' },
    ],
  },
  {
    id: 'basis',
    heading: 'legal.privacy.basis.title',
    blocks: [
      {
        list: [
          'legal.privacy.basis.publicTask',
          'legal.privacy.basis.legalObligation',
          'legal.privacy.basis.reduction',
        ],
      },
    ],
  },
  {
    id: 'recipients',
    heading: 'legal.privacy.recipients.title',
    blocks: [
      { p: 'legal.privacy.recipients.p1' },
      { p: 'legal.privacy.recipients.p2' },
      {
        list: [
          'legal.privacy.recipients.redsys',
          'legal.privacy.recipients.sms',
          'legal.privacy.recipients.mail',
          'legal.privacy.recipients.hosting',
        ],
      },
      { p: 'legal.privacy.recipients.transfers' },
    ],
  },
  {
    id: 'retention',
    heading: 'legal.privacy.retention.title',
    blocks: [
      {
        list: [
          'legal.privacy.retention.account',
          'legal.privacy.retention.payments',
          'legal.privacy.retention.circumstanceDocuments',
          'legal.privacy.retention.deletedAccount',
          'legal.privacy.retention.codes',
          'legal.privacy.retention.security',
        ],
      },
    ],
  },
  {
    id: 'rights',
    heading: 'legal.privacy.rights.title',
    blocks: [
      { p: 'legal.privacy.rights.p1' },
      { p: 'legal.privacy.rights.selfService' },
      { p: 'legal.privacy.rights.how' },
      { p: 'legal.privacy.rights.answer' },
      { p: 'legal.privacy.rights.aepd' },
    ],
  },
  {
    id: 'storage',
    heading: 'legal.privacy.storage.title',
    blocks: [
      { p: 'legal.privacy.storage.p1' },
      {
        list: [
          'legal.privacy.storage.token',
          'legal.privacy.storage.lang',
          'legal.privacy.storage.consent',
        ],
      },
      { p: 'legal.privacy.storage.noThirdParties' },
      { p: 'legal.privacy.storage.delete' },
    ],
  },
];

/** /privacidad, /privacy, /privacidade: privacy and cookie policy in two layers. */
export function PrivacyPage() {
  return (
    <LegalDocument title="legal.privacy.title" intro={['legal.privacy.intro']} sections={SECTIONS}>
      <BasicInformation />
    </LegalDocument>
  );
}

function BasicInformation() {
  const values = useCouncilValues();
  return (
    <section aria-labelledby="basic-title" className="mt-6">
      <h2 id="basic-title" className="mb-3 text-heading font-bold">
        <FormattedMessage id="legal.privacy.basic.title" />
      </h2>
      <table className="w-full border-collapse text-left">
        <tbody>
          {BASIC_ROWS.map(([label, value]) => (
            <tr
              key={label}
              className="border-b border-border-subtle align-top max-narrow:flex max-narrow:flex-col"
            >
              <th scope="row" className="py-3 pr-4 font-semibold narrow:w-1/4">
                <FormattedMessage id={label} />
              </th>
              <td className="py-3 max-narrow:pt-0">
                <FormattedMessage id={value} values={values} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
