import { LegalDocument, type LegalSection } from './components/legal-document';

const SECTIONS: LegalSection[] = [
  {
    id: 'owner',
    heading: 'legal.notice.owner.title',
    blocks: [
      { p: 'legal.notice.owner.p1' },
      {
        list: [
          'legal.notice.owner.cif',
          'legal.notice.owner.address',
          'legal.notice.owner.phone',
          'legal.notice.owner.email',
          'legal.notice.owner.website',
        ],
      },
    ],
  },
  {
    id: 'purpose',
    heading: 'legal.notice.purpose.title',
    blocks: [{ p: 'legal.notice.purpose.p1' }],
  },
  {
    id: 'conditions',
    heading: 'legal.notice.conditions.title',
    blocks: [{ p: 'legal.notice.conditions.p1' }, { p: 'legal.notice.conditions.p2' }],
  },
  { id: 'ip', heading: 'legal.notice.ip.title', blocks: [{ p: 'legal.notice.ip.p1' }] },
  {
    id: 'liability',
    heading: 'legal.notice.liability.title',
    blocks: [{ p: 'legal.notice.liability.p1' }, { p: 'legal.notice.liability.p2' }],
  },
  { id: 'data', heading: 'legal.notice.data.title', blocks: [{ p: 'legal.notice.data.p1' }] },
  { id: 'law', heading: 'legal.notice.law.title', blocks: [{ p: 'legal.notice.law.p1' }] },
];

/** /aviso-legal: the legal notice the LSSI (art. 10) asks for. */
export function LegalNoticePage() {
  return <LegalDocument title="legal.notice.title" sections={SECTIONS} />;
}
