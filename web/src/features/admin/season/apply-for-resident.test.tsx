import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { signInAsAdmin } from '../test-support';
import { ApplyForResident } from './apply-for-resident';

const person = (id: number, first_name: string, dni: string | null) => ({
  id,
  first_name,
  last_name: 'López Pereira',
  dni,
  email: null,
  phone: '622334455',
  activities: [],
});
const xoan = person(4, 'Xoán', null);
const uxia = person(5, 'Uxía', null);

const member = (id: number, personId: number, name: string) => ({
  id,
  code: 'K7PQ4XMA',
  joint_code: 'K7PQ4XMA',
  activity_id: 7,
  activity_name: 'Natación infantil',
  person_activity_id: personId,
  person_name: name,
  status: 'waitlisted' as const,
  waitlist_position: 1,
  offer_expires_at: null,
  created_at: '2026-12-02T18:12:40.000Z',
});

describe('staff apply for a resident at the desk or on the phone', () => {
  beforeEach(() => signInAsAdmin());

  it('finds people on record, applies for two together and says the one code', async () => {
    const user = userEvent.setup();
    const onApplied = vi.fn();
    const api = mockApi({
      'GET /api/admin/person-activities/': {
        body: [xoan, uxia],
        headers: { 'X-Total-Count': '2' },
      },
      'POST /api/admin/activities/7/applications': {
        status: 201,
        body: {
          code: 'K7PQ4XMA',
          activity_id: 7,
          activity_name: 'Natación infantil',
          applications: [member(12, 4, 'Xoán López Pereira'), member(13, 5, 'Uxía López Pereira')],
        },
      },
    });
    renderScreen(<ApplyForResident activityId={7} onApplied={onApplied} />, { locale: 'es' });
    await user.type(screen.getByLabelText('Nombre o DNI'), 'López Pereira');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Xoán López Pereira · Sin DNI' }));
    await user.click(screen.getByRole('checkbox', { name: 'Uxía López Pereira · Sin DNI' }));
    await user.click(screen.getByRole('button', { name: 'Solicitar juntos (2 personas)' }));
    expect(
      await screen.findByText(
        'Sin plazas: Xoán López Pereira, Uxía López Pereira en la lista de espera (código K7PQ4XMA).',
      ),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      person_activity_ids: [4, 5],
    });
    expect(onApplied).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s refusal and keeps the people chosen', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/admin/person-activities/': { body: [xoan], headers: { 'X-Total-Count': '1' } },
      'POST /api/admin/activities/7/applications': {
        status: 409,
        body: {
          detail: 'La inscripción en esta actividad no está abierta.',
          code: 'applications_not_open',
        },
      },
    });
    const onApplied = vi.fn();
    renderScreen(<ApplyForResident activityId={7} onApplied={onApplied} />, { locale: 'es' });
    await user.type(screen.getByLabelText('Nombre o DNI'), 'Xoán');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Xoán López Pereira · Sin DNI' }));
    await user.click(screen.getByRole('button', { name: 'Solicitar plaza' }));
    expect(
      await screen.findByText('La inscripción en esta actividad no está abierta.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Xoán López Pereira · Sin DNI' })).toBeChecked();
    expect(onApplied).not.toHaveBeenCalled();
  });
});
