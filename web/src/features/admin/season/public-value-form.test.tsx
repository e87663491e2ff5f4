import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '../api/result';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { signInAsAdmin } from '../test-support';
import { PublicValueForm } from './public-value-form';

const draw: Schemas['Draw'] = {
  activity_id: 7,
  activity_name: 'Natación infantil',
  capacity: 2,
  persons: 3,
  merged: 0,
  seed: null,
  seed_commitment: 'a'.repeat(64),
  public_value_source: 'announced',
  public_value_description:
    'Número premiado del cupón diario de la ONCE del 16 de diciembre de 2026',
  drand_round: null,
  drand_round_at: null,
  public_value: null,
  public_value_at: null,
  draw_seed: null,
  rule_version: 2,
  reserved_places: 0,
  reserved_circumstance: null,
  priority_mode: null,
  priority_groups: [],
  algorithm: 'draw_seed is …',
  applications_close_at: '2026-12-15T22:59:00.000Z',
  drawn_at: null,
  provisional_list: false,
  applications: [],
};

describe('the public value in Plazas y sorteos', () => {
  beforeEach(() => signInAsAdmin());

  it('takes the announced value after the close, and shows the server’s refusal', async () => {
    const onDone = vi.fn();
    let entered = false;
    const { calls } = mockApi({
      'GET /api/draws/7': () => ({ body: entered ? { ...draw, public_value: '48213' } : draw }),
      'POST /api/admin/activities/7/public-value': (_request, body) => {
        if ((body as { value: string }).value === '') {
          return {
            status: 422,
            body: {
              code: 'validation_error',
              detail: [
                {
                  loc: ['body', 'value'],
                  msg: 'Escriba el valor público tal como lo publicó la fuente.',
                  type: 'public_value_required',
                },
              ],
            },
          };
        }
        entered = true;
        return { body: { ...draw, public_value: '48213' } };
      },
    });
    renderScreen(<PublicValueForm activityId={7} version={0} onDone={onDone} />, {
      locale: 'es',
    });
    const field = await screen.findByRole('textbox', { name: /Valor público del sorteo/ });
    expect(screen.getByText(/cupón diario de la ONCE del 16 de diciembre/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar valor público' }));
    await waitFor(() =>
      expect(onDone).toHaveBeenLastCalledWith(expect.objectContaining({ variant: 'error' })),
    );
    await userEvent.type(field, '48213');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar valor público' }));
    await waitFor(() =>
      expect(onDone).toHaveBeenLastCalledWith(expect.objectContaining({ variant: 'success' })),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { value: '' },
      { value: '48213' },
    ]);
    expect(
      await screen.findByText('Valor público: 48213. Ya se puede realizar el sorteo.'),
    ).toBeInTheDocument();
  });

  it('asks the server to read a drand round, sending no value', async () => {
    const { calls } = mockApi({
      'GET /api/draws/7': {
        body: {
          ...draw,
          public_value_source: 'drand',
          public_value_description: null,
          drand_round: 11340658,
        },
      },
      'POST /api/admin/activities/7/public-value': {
        body: { ...draw, public_value: 'f'.repeat(64) },
      },
    });
    renderScreen(<PublicValueForm activityId={7} version={0} onDone={() => {}} />, {
      locale: 'gl',
    });
    expect(
      await screen.findByText('Valor público: a rolda 11340658 de drand.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ler o valor de drand' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({});
  });

  it('shows nothing for a lottery naming no source', async () => {
    mockApi({ 'GET /api/draws/7': { body: { ...draw, public_value_source: null } } });
    const { container } = renderScreen(
      <PublicValueForm activityId={7} version={0} onDone={() => {}} />,
      { locale: 'es' },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
  });
});
