/** Staff's enrolments list: per enrolled fee, what is paid and what is still to pay (issue 51, item 7). */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { activities, enrolment, signInAsAdmin } from '../test-support';
import { EnrolmentsSection } from './enrolments-section';

const xoan = enrolment(4, {
  first_name: 'Xoán',
  last_name: 'López Pereira',
  activities: [
    {
      id: 1,
      name: 'Natación infantil',
      is_paid: false,
      paid: 15,
      to_pay: 15,
      parts: { paid: 1, of: 2 },
    },
    { id: 2, name: 'Pádel adultos', is_paid: true, paid: 33.75, to_pay: 0, parts: null },
    { id: 3, name: 'Yoga', is_paid: false, paid: 0, to_pay: null, parts: null },
  ],
});

describe('what each enrolment has paid', () => {
  beforeEach(signInAsAdmin);

  it.each([
    [
      'es',
      'Inscripciones',
      [
        'Pagado 15,00 € · Pendiente 15,00 € · 1 de 2 plazos pagados',
        'Pagada: 33,75 €',
        'Pagado 0,00 €',
      ],
    ],
    [
      'en',
      'Enrolments',
      ['Paid €15.00 · To pay €15.00 · 1 of 2 instalments paid', 'Paid: €33.75', 'Paid €0.00'],
    ],
    [
      'gl',
      'Inscricións',
      [
        'Pagado 15,00 € · Pendente 15,00 € · 1 de 2 prazos pagados',
        'Pagada: 33,75 €',
        'Pagado 0,00 €',
      ],
    ],
  ] as const)(
    '[%s] shows per activity what is paid, what is still to pay and the parts paid',
    async (locale, caption, lines) => {
      mockApi({
        'GET /api/admin/person-activities/': { body: [xoan] },
        'GET /api/admin/activities-crud/': { body: activities },
      });
      renderScreen(
        <EnrolmentsSection enrolmentsVersion={0} activitiesVersion={0} onChanged={vi.fn()} />,
        { locale },
      );
      await screen.findByRole('table', { name: caption });
      const row = await screen.findByRole('row', { name: /Xoán/ });
      const items = within(row).getAllByRole('listitem');
      expect(items).toHaveLength(3);
      items.forEach((item, i) => expect(item).toHaveTextContent(lines[i]!));
    },
  );
});
