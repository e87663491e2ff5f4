import { LegalDocument, type LegalSection } from './components/legal-document';

const SECTIONS: LegalSection[] = [
  {
    id: 'status',
    heading: 'legal.a11y.status.title',
    blocks: [{ p: 'legal.a11y.status.p1' }],
  },
  {
    id: 'not-accessible',
    heading: 'legal.a11y.gaps.title',
    blocks: [
      { p: 'legal.a11y.gaps.p1' },
      { h3: 'legal.a11y.gaps.nonCompliance.title' },
      {
        list: ['legal.a11y.gaps.nonCompliance.pdf', 'legal.a11y.gaps.nonCompliance.review'],
      },
      { h3: 'legal.a11y.gaps.burden.title' },
      { p: 'legal.a11y.gaps.burden.p1' },
      { h3: 'legal.a11y.gaps.outOfScope.title' },
      { list: ['legal.a11y.gaps.outOfScope.payment', 'legal.a11y.gaps.outOfScope.social'] },
    ],
  },
  {
    id: 'preparation',
    heading: 'legal.a11y.preparation.title',
    blocks: [
      { p: 'legal.a11y.preparation.date' },
      { p: 'legal.a11y.preparation.method' },
      { p: 'legal.a11y.preparation.review' },
    ],
  },
  {
    id: 'feedback',
    heading: 'legal.a11y.feedback.title',
    blocks: [
      { p: 'legal.a11y.feedback.p1' },
      {
        list: [
          'legal.a11y.feedback.report',
          'legal.a11y.feedback.difficulties',
          'legal.a11y.feedback.suggestions',
        ],
      },
      { p: 'legal.a11y.feedback.channels' },
      { p: 'legal.a11y.feedback.requests' },
    ],
  },
  {
    id: 'enforcement',
    heading: 'legal.a11y.enforcement.title',
    blocks: [{ p: 'legal.a11y.enforcement.p1' }, { p: 'legal.a11y.enforcement.p2' }],
  },
];

/** /accesibilidad: the accessibility statement RD 1112/2018 (art. 10) asks for. */
export function AccessibilityPage() {
  return (
    <LegalDocument
      title="legal.a11y.title"
      intro={['legal.a11y.intro.p1', 'legal.a11y.intro.p2']}
      sections={SECTIONS}
    />
  );
}
