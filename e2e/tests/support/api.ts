import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { latestCode } from './outbox';

/** The first administrator created from the environment in playwright.config.ts. */
export const ADMIN = { dni: '33445566R', password: 'e2e-admin-password-2026' };

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** A valid DNI (8 digits + control letter) from a number. */
export function dni(n: number): string {
  const digits = String(n).padStart(8, '0').slice(-8);
  return `${digits}${DNI_LETTERS[Number(digits) % 23]}`;
}

let sequence = 0;
/** A DNI and a mobile phone (starting with 6) unique in this run, from a base number. */
export function identity(base: number): { dni: string; phone: string } {
  sequence += 1;
  const n = base * 100 + sequence;
  return { dni: dni(n), phone: `6${String(n).padStart(8, '0').slice(-8)}` };
}

/** Form-encoded login as the spec sends it; the access token. */
export async function loginToken(
  request: APIRequestContext,
  user: { dni: string; password: string },
): Promise<string> {
  const res = await request.post('/api/user/login', {
    form: { username: user.dni, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

export interface ActivityRow {
  id: number;
  name: string;
  price: number;
  start_date?: string | null;
}

export interface EnrolmentInput {
  first_name: string;
  last_name: string;
  dni: string;
  phone: string;
  email?: string | null;
  /** YYYY-MM-DD; ages for the fee rules are counted from it. */
  birth_date?: string | null;
  activity_ids: number[];
}

export interface ConfigInput {
  maintenance_mode: boolean;
  payments_enabled: boolean;
  global_discount: number;
  deadline_date: string | null;
  /** Left out, they keep their saved values. */
  reminders_enabled?: boolean;
  reminder_days?: number[];
  reminder_channel?: 'sms' | 'email' | 'both';
  /** Residents may choose Bizum (left out, keeps its saved value). */
  bizum_enabled?: boolean;
  /** Direct debit (SEPA mandates and remittances): left out, these keep their saved values. */
  direct_debit_enabled?: boolean;
  direct_debit_notice_days?: number;
  /** Euros added to a returned debit. */
  direct_debit_return_fee?: number;
}

export const OPEN_CONFIG: ConfigInput = {
  maintenance_mode: false,
  payments_enabled: true,
  global_discount: 0.5,
  deadline_date: null,
};

/** The admin API with the admin's bearer token, for arranging what a journey is not about. */
export class AdminApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async login(request: APIRequestContext): Promise<AdminApi> {
    return new AdminApi(request, await loginToken(request, ADMIN));
  }

  private get headers() {
    return { Authorization: `Bearer ${this.token}` };
  }

  async createActivity(name: string, price: number, startDate?: string): Promise<ActivityRow> {
    const res = await this.request.post('/api/admin/activities-crud/', {
      headers: this.headers,
      data: { name, price, ...(startDate ? { start_date: startDate } : {}) },
    });
    // a worker restarted after a failure runs beforeAll again: reuse what is there
    if (res.status() === 409) {
      const found = (await this.listActivities()).find((a) => a.name === name);
      if (found) return found;
    }
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as ActivityRow;
  }

  async createEnrolment(input: EnrolmentInput): Promise<{ id: number }> {
    const res = await this.request.post('/api/admin/person-activities/', {
      headers: this.headers,
      data: { email: null, ...input },
    });
    if (res.status() === 409) {
      const found = (await this.listEnrolments()).find((e) => e.dni === input.dni);
      if (found) return found;
    }
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: number };
  }

  async listEnrolments(): Promise<(EnrolmentInput & { id: number })[]> {
    const res = await this.request.get('/api/admin/person-activities/', { headers: this.headers });
    expect(res.status()).toBe(200);
    return (await res.json()) as (EnrolmentInput & { id: number })[];
  }

  async listActivities(): Promise<ActivityRow[]> {
    const res = await this.request.get('/api/admin/activities-crud/', { headers: this.headers });
    expect(res.status()).toBe(200);
    return (await res.json()) as ActivityRow[];
  }

  async listUsers(): Promise<{ id: number; dni: string; phone: string; email?: string | null }[]> {
    const res = await this.request.get('/api/admin/users/', { headers: this.headers });
    expect(res.status()).toBe(200);
    return (await res.json()) as {
      id: number;
      dni: string;
      phone: string;
      email?: string | null;
    }[];
  }

  async getConfig(): Promise<ConfigInput> {
    const res = await this.request.get('/api/admin/config/', { headers: this.headers });
    expect(res.status()).toBe(200);
    return (await res.json()) as ConfigInput;
  }

  async setConfig(change: Partial<ConfigInput>): Promise<void> {
    const current = await this.getConfig();
    const res = await this.request.put('/api/admin/config/', {
      headers: this.headers,
      data: {
        maintenance_mode: current.maintenance_mode,
        payments_enabled: current.payments_enabled,
        global_discount: current.global_discount,
        deadline_date: current.deadline_date,
        ...change,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

export interface Resident {
  dni: string;
  phone: string;
  password: string;
  email?: string;
}

/**
 * Registers and verifies a resident through the API (codes from the outbox), confirming their
 * e-mail if they give one; their token.
 */
export async function registerResident(
  request: APIRequestContext,
  resident: Resident,
): Promise<string> {
  // each resident from an address of their own (through the proxy the server trusts, as in a
  // deployment): the whole suite runs from one machine, and the codes sent per address and hour
  // are limited
  const host = [...resident.dni].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 250, 0);
  const headers = { 'X-Forwarded-For': `198.51.100.${host + 1}` };
  const res = await request.post('/api/user/register', {
    headers,
    data: {
      dni: resident.dni,
      phone: `34${resident.phone}`,
      password: resident.password,
      repeat_password: resident.password,
      ...(resident.email ? { email: resident.email } : {}),
    },
  });
  // already registered by an earlier worker of this run
  if (res.status() === 409) return loginToken(request, resident);
  expect(res.ok(), await res.text()).toBe(true);
  const code = await latestCode(request, resident.phone);
  const verify = await request.post('/api/user/verify', {
    headers,
    data: { dni: resident.dni, otp_code: code },
  });
  expect(verify.status(), await verify.text()).toBe(200);
  const token = ((await verify.json()) as { access_token: string }).access_token;
  if (resident.email) {
    // recovery answers only at a confirmed address: the code mailed after registration confirms it
    const confirm = await request.post('/api/user/me/email/verify', {
      headers: { ...headers, Authorization: `Bearer ${token}` },
      data: { email: resident.email, code: await latestCode(request, resident.email) },
    });
    expect(confirm.status(), await confirm.text()).toBe(200);
  }
  return token;
}

/** Local storage of the portal's origin, set once (a later logout or language change sticks). */
export async function seedStorage(
  page: Page,
  items: { token?: string; lang?: 'es' | 'en' | 'gl'; consent?: boolean },
): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate((values) => {
    if (values.token) localStorage.setItem('token', values.token);
    if (values.lang) localStorage.setItem('lang', values.lang);
    if (values.consent) localStorage.setItem('cookie-consent-accepted', 'true');
  }, items);
}

/** Today in Europe/Madrid as YYYY-MM-DD (the server's civil date). */
export function madridToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
}

/** A civil date some days after another (calendar days). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
