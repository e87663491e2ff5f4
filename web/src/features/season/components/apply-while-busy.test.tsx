import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockResponse } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import type { Application, CatalogueActivity } from '../api/season-api';
import { ApplicationsSection } from './applications-section';

const swimming: CatalogueActivity = {
  id: 7,
  name: 'Natación infantil',
  price: 60,
  start_date: '2027-01-11',
  description: null,
  schedule: null,
  venue: null,
  allocation: 'first_come',
  capacity: 30,
  places_left: 1,
  applications_open_at: '2026-12-01T08:00:00.000Z',
  applications_close_at: '2026-12-15T22:59:00.000Z',
  status: 'open',
  min_birth_year: null,
  max_birth_year: null,
  fee: {
    amount: 45,
    amount_with_reduction: null,
    tariffs: [],
    reductions: [],
    family_discounts: [],
    cumulative: false,
  },
};

const person = (id: number, full_name: string) => ({
  person_activity_id: id,
  full_name,
  dni: null,
  birth_date: '2016-04-02',
});
const xoan = person(4, 'Xoán López Pereira');
const uxia = person(5, 'Uxía López Pereira');

const offered = (overrides: Partial<Application> = {}): Application => ({
  id: 12,
  code: 'K7PQ4XMA',
  activity_id: 7,
  activity_name: 'Natación infantil',
  person_activity_id: 4,
  person_name: 'Xoán López Pereira',
  status: 'offered',
  waitlist_position: null,
  offer_expires_at: '2026-12-19T09:00:00.000Z',
  created_at: '2026-12-02T18:12:40.000Z',
  joint_code: null,
  ...overrides,
});

/** The server's own refusal when overloaded (openapi.yaml, ServiceUnavailable `server_busy`). */
const serverBusy = (retryAfter = '1'): MockResponse => ({
  status: 503,
  body: {
    detail: 'The service is very busy. Try again in a few seconds.',
    code: 'server_busy',
  },
  headers: { 'Retry-After': retryAfter },
});

/** Answers the POSTs in turn, the last one again once the list runs out. */
const inTurn = (...answers: MockResponse[]) => {
  let next = 0;
  return () => answers[Math.min(next++, answers.length - 1)] as MockResponse;
};

const BUSY_TEXT = 'Lots of people are applying for places right now; we keep trying…';

function render(post: (request: Request) => MockResponse) {
  const api = mockApi({
    'GET /api/catalogue': { body: [swimming] },
    'GET /api/user/applications': { body: [] },
    'POST /api/user/applications': post,
  });
  renderScreen(<ApplicationsSection persons={[xoan, uxia]} />, { locale: 'en' });
  const posts = () => api.calls.filter((c) => c.method === 'POST');
  return { api, posts };
}

async function choose(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: 'Natación infantil' });
  await user.selectOptions(screen.getByLabelText('Activity'), '7');
  await user.selectOptions(screen.getByLabelText('Person'), '4');
}

describe('applying while the server is busy', () => {
  afterEach(() => vi.useRealTimers());

  it('one click: refused twice as busy, retried by itself with the same key and body, ends with the place', async () => {
    const user = userEvent.setup();
    const { posts } = render(inTurn(serverBusy(), serverBusy(), { status: 201, body: offered() }));
    await choose(user);
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    // the reason, in the polite status region; the countdown shown beside it
    const message = await screen.findByText(BUSY_TEXT);
    expect(message.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByText(/^(Trying again in \d+ seconds?\.|Trying again…)$/)).toBeVisible();
    // the button stays busy: a second press sends nothing new
    const button = screen.getByRole('button', { name: 'Apply' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);

    expect(
      await screen.findByText(
        'You have a place (code K7PQ4XMA). Pay for it before 19 December 2026, 10:00 in the Pending tab above.',
        {},
        { timeout: 6000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(BUSY_TEXT)).toBeNull();
    expect(posts()).toHaveLength(3);
    const keys = posts().map((c) => c.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
    for (const call of posts()) {
      expect(call.body).toEqual({ person_activity_id: 4, activity_id: 7 });
    }
  });

  it('a new click after a final answer is a new key', async () => {
    const user = userEvent.setup();
    const { posts } = render(
      inTurn(
        serverBusy(),
        { status: 201, body: offered() },
        {
          status: 409,
          body: {
            detail: 'This person has already applied for this activity.',
            code: 'already_applied',
          },
        },
      ),
    );
    await choose(user);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText(/You have a place/, {}, { timeout: 4000 });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('This person has already applied for this activity.');
    const keys = posts().map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('siblings together: the joint application is retried with its one key and the same people', async () => {
    const user = userEvent.setup();
    const members = [
      offered({ joint_code: 'K7PQ4XMA' }),
      offered({
        id: 13,
        person_activity_id: 5,
        person_name: 'Uxía López Pereira',
        joint_code: 'K7PQ4XMA',
      }),
    ];
    const { posts } = render(
      inTurn(serverBusy(), {
        status: 201,
        body: {
          code: 'K7PQ4XMA',
          activity_id: 7,
          activity_name: 'Natación infantil',
          applications: members,
        },
      }),
    );
    await choose(user);
    await user.click(screen.getByRole('checkbox', { name: 'Uxía López Pereira' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText(BUSY_TEXT);
    await screen.findByText(/code K7PQ4XMA/, {}, { timeout: 4000 });
    expect(posts()).toHaveLength(2);
    expect(posts()[1]?.headers.get('Idempotency-Key')).toBe(
      posts()[0]?.headers.get('Idempotency-Key'),
    );
    expect(posts().map((c) => c.body)).toEqual([
      { person_activity_ids: [4, 5], activity_id: 7 },
      { person_activity_ids: [4, 5], activity_id: 7 },
    ]);
  });

  it('“Cancel” stops retrying, says so, and frees the button', async () => {
    const user = userEvent.setup();
    const { posts } = render(() => serverBusy('30'));
    await choose(user);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText(BUSY_TEXT);
    // 30 s asked, up to 45 s with the jitter
    expect(screen.getByText(/^Trying again in (3\d|4[0-5]) seconds\.$/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText(/You stopped trying\. Check “My applications”/),
    ).toBeInTheDocument();
    expect(screen.queryByText(BUSY_TEXT)).toBeNull();
    expect(screen.getByRole('button', { name: 'Apply' })).not.toHaveAttribute('aria-busy');
    expect(posts()).toHaveLength(1);
  });

  it('after two minutes still busy it stops with a clear message; nothing more is sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { posts } = render(() => serverBusy('30'));
    await choose(user);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText(BUSY_TEXT);
    // each wait 30–45 s: every 45 s a new attempt, until none may start 2 minutes after the first
    const gaveUp = /We could not send the application: the service is still very busy/;
    for (let i = 0; i < 6 && !screen.queryByText(gaveUp); i += 1) {
      const sent = posts().length;
      await vi.advanceTimersByTimeAsync(45_000);
      await waitFor(() =>
        expect(posts().length > sent || screen.queryByText(gaveUp) !== null).toBe(true),
      );
    }
    expect(await screen.findByText(gaveUp)).toBeInTheDocument();
    expect(screen.queryByText(BUSY_TEXT)).toBeNull();
    const sent = posts().length;
    expect(sent).toBeGreaterThanOrEqual(3);
    expect(sent).toBeLessThanOrEqual(5);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(posts()).toHaveLength(sent);
    expect(new Set(posts().map((c) => c.headers.get('Idempotency-Key'))).size).toBe(1);
  });

  it('the database away for a moment is said as such, and retried too', async () => {
    const user = userEvent.setup();
    const { posts } = render(
      inTurn(
        {
          status: 503,
          body: { detail: 'Service unavailable.', code: 'database_unavailable' },
          headers: { 'Retry-After': '1' },
        },
        { status: 201, body: offered() },
      ),
    );
    await choose(user);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const status = (
      await screen.findByText('The service is not answering right now; we keep trying…')
    ).closest('[role="status"]') as HTMLElement;
    expect(within(status).queryByText(BUSY_TEXT)).toBeNull();
    await screen.findByText(/You have a place/, {}, { timeout: 4000 });
    await waitFor(() => expect(posts()).toHaveLength(2));
  });
});
