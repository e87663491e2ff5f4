import { describe, expect, it } from 'vitest';
import { circumstanceFormData, type CircumstanceRequest } from './api/circumstances-api';
import {
  checkDocument,
  checkReductionForm,
  documentTypeOf,
  hasApprovedReduction,
  latestRequestsOf,
  MAX_DOCUMENT_BYTES,
  requestable,
  statusMessage,
} from './reductions';

const bytes = (...values: number[]) => new Uint8Array(values);
const file = (content: BlobPart[], name: string, type = '') => new File(content, name, { type });

describe('documentTypeOf: the type by the first bytes', () => {
  it.each([
    [bytes(0x25, 0x50, 0x44, 0x46, 0x2d, 0x31), 'application/pdf'],
    [bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    [bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'image/png'],
    [bytes(0x50, 0x4b, 0x03, 0x04), null], // a zip (or .docx)
    [bytes(0x25, 0x50, 0x44), null], // cut short
    [bytes(), null],
  ])('%o → %s', (head, type) => {
    expect(documentTypeOf(head)).toBe(type);
  });
});

describe('checkDocument', () => {
  it('takes a PDF, a JPEG or a PNG by content, whatever the name says', async () => {
    expect(await checkDocument(file(['%PDF-1.7\n'], 'titulo.pdf'))).toBeNull();
    expect(await checkDocument(file([bytes(0xff, 0xd8, 0xff, 0xdb)], 'foto.png'))).toBeNull();
    expect(
      await checkDocument(file([bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)], 'x')),
    ).toBeNull();
  });

  it('refuses none, an empty file, one over 5 MB and one that only says it is a PDF', async () => {
    expect(await checkDocument(null)).toBe('persons.reduction.error.documentRequired');
    expect(await checkDocument(file([], 'vacio.pdf'))).toBe(
      'persons.reduction.error.documentEmpty',
    );
    expect(await checkDocument(file([new Uint8Array(MAX_DOCUMENT_BYTES + 1)], 'grande.pdf'))).toBe(
      'persons.reduction.error.documentTooLarge',
    );
    expect(await checkDocument(file(['<script>'], 'titulo.pdf', 'application/pdf'))).toBe(
      'persons.reduction.error.documentType',
    );
  });

  it('takes a document of exactly 5 MB', async () => {
    const head = new TextEncoder().encode('%PDF-');
    const content = new Uint8Array(MAX_DOCUMENT_BYTES);
    content.set(head);
    expect(await checkDocument(file([content], 'justo.pdf'))).toBeNull();
  });
});

describe('checkReductionForm', () => {
  const staff = {
    id: 1,
    name: 'Familia numerosa',
    proof: 'Título',
    validity_months: null,
    review: 'staff' as const,
    min_age: null,
    max_age: null,
  };
  const declaration = { ...staff, id: 2, review: 'declaration' as const };

  it('asks a household title for the people ticked (one at least), not for one person', () => {
    const household = { ...staff, id: 3, scope: 'household' as const };
    expect(
      checkReductionForm({
        personId: null,
        circumstance: household,
        declarationAccepted: false,
        people: [],
      }),
    ).toEqual({ people: 'persons.reduction.error.peopleRequired' });
    expect(
      checkReductionForm({
        personId: null,
        circumstance: household,
        declarationAccepted: false,
        people: [3, 4],
      }),
    ).toEqual({});
    // a person's own circumstance ignores the ticks
    expect(
      checkReductionForm({
        personId: null,
        circumstance: staff,
        declarationAccepted: false,
        people: [3],
      }),
    ).toEqual({ person: 'persons.reduction.error.personRequired' });
  });

  it('never offers a circumstance by age as a request: it applies by itself', () => {
    const byAge = { ...staff, id: 3, review: 'age' as const, proof: '', min_age: 65 };
    expect(requestable([staff, byAge, declaration]).map((c) => c.id)).toEqual([1, 2]);
  });

  it('needs a person and a circumstance', () => {
    expect(
      checkReductionForm({ personId: null, circumstance: null, declarationAccepted: false }),
    ).toEqual({
      person: 'persons.reduction.error.personRequired',
      circumstance: 'persons.reduction.error.circumstanceRequired',
    });
  });

  it('needs the declaration accepted where the resident’s word is enough', () => {
    expect(
      checkReductionForm({ personId: 4, circumstance: declaration, declarationAccepted: false }),
    ).toEqual({
      declaration: 'persons.reduction.error.declarationRequired',
    });
    expect(
      checkReductionForm({ personId: 4, circumstance: declaration, declarationAccepted: true }),
    ).toEqual({});
    expect(
      checkReductionForm({ personId: 4, circumstance: staff, declarationAccepted: false }),
    ).toEqual({});
  });
});

describe('circumstanceFormData', () => {
  it('has circumstance_id, and the document only when one is sent', () => {
    const document = file(['%PDF-1.4'], 'titulo.pdf', 'application/pdf');
    const form = circumstanceFormData(1, document);
    expect([...form.keys()]).toEqual(['circumstance_id', 'document']);
    expect(form.get('circumstance_id')).toBe('1');
    expect((form.get('document') as File).name).toBe('titulo.pdf');
    expect([...circumstanceFormData(2, null).keys()]).toEqual(['circumstance_id']);
  });
});

const request = (overrides: Partial<CircumstanceRequest>): CircumstanceRequest => ({
  id: 1,
  person_activity_id: 4,
  person_name: 'Xoán López Pereira',
  circumstance_id: 1,
  circumstance_name: 'Familia numerosa general',
  status: 'pending',
  valid_until: null,
  reason: null,
  created_at: '2026-11-27T09:12:00.000Z',
  decided_at: null,
  has_document: true,
  ...overrides,
});

describe('a person’s requests', () => {
  const list = [
    request({ id: 9, status: 'pending' }),
    request({ id: 8, circumstance_id: 2, circumstance_name: 'Pensionista', status: 'expired' }),
    request({ id: 7, status: 'refused', reason: 'Ilegible.' }),
    request({ id: 6, person_activity_id: 3, status: 'approved', valid_until: '2027-06-30' }),
  ];

  it('shows the newest of each circumstance, for that person only', () => {
    expect(latestRequestsOf(4, list).map((r) => r.id)).toEqual([9, 8]);
    expect(latestRequestsOf(3, list).map((r) => r.id)).toEqual([6]);
    expect(latestRequestsOf(5, list)).toEqual([]);
  });

  it('knows who has an approval in force (expired and pending do not count)', () => {
    expect(hasApprovedReduction(3, list)).toBe(true);
    expect(hasApprovedReduction(4, list)).toBe(false);
  });
});

describe('statusMessage', () => {
  it.each([
    [{ status: 'pending' }, { id: 'persons.reduction.status.pending' }],
    [
      { status: 'approved', valid_until: '2027-06-30' },
      { id: 'persons.reduction.status.approvedUntil', date: '2027-06-30' },
    ],
    [{ status: 'approved' }, { id: 'persons.reduction.status.approved' }],
    [
      { status: 'refused', reason: 'El documento no se puede leer.' },
      { id: 'persons.reduction.status.refusedBecause', reason: 'El documento no se puede leer.' },
    ],
    [{ status: 'refused' }, { id: 'persons.reduction.status.refused' }],
    [
      { status: 'expired', valid_until: '2026-10-31' },
      { id: 'persons.reduction.status.expiredOn', date: '2026-10-31' },
    ],
    [{ status: 'withdrawn' }, { id: 'persons.reduction.status.withdrawn' }],
  ] as const)('%o', (overrides, message) => {
    expect(statusMessage(request(overrides))).toEqual(message);
  });
});
