import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  register,
  requestPasswordRecovery,
  verifyPasswordRecovery,
  verifyRegistration,
} from '../../src/generated/sdk.gen.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { bearer, errorOf, logIn, PASSWORD, signUp } from './helpers.js';

interface Recorded {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

/** Stands in for Twilio at the HTTP boundary: records each request and answers with `status`. */
async function fakeTwilio() {
  const requests: Recorded[] = [];
  let status = 201;
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        form: new URLSearchParams(body),
      });
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(
        status < 300
          ? JSON.stringify({ sid: 'SM123', status: 'queued' })
          : JSON.stringify({ code: 21211, message: 'Invalid To' }),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answer: (next: number) => {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Twilio SMS adapter', () => {
  let twilio: Awaited<ReturnType<typeof fakeTwilio>>;
  let app: TestApp;
  beforeAll(async () => {
    twilio = await fakeTwilio();
    app = await startTestApp({
      env: {
        SMS_ADAPTER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
        TWILIO_AUTH_TOKEN: 'twilio-token-secret',
        TWILIO_FROM: '+34600000000',
        TWILIO_BASE_URL: twilio.url,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await twilio.close();
  });

  it('posts the code to the Messages API with basic auth and a +34 number', async () => {
    await register({
      client: app.api,
      throwOnError: true,
      body: { dni: '12345678Z', phone: '612345678', password: PASSWORD, repeat_password: PASSWORD },
    });
    expect(twilio.requests).toHaveLength(1);
    const [sent] = twilio.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/2010-04-01/Accounts/AC0123456789abcdef/Messages.json');
    expect(sent?.authorization).toBe(
      `Basic ${Buffer.from('AC0123456789abcdef:twilio-token-secret').toString('base64')}`,
    );
    expect(sent?.contentType).toContain('application/x-www-form-urlencoded');
    expect(sent?.form.get('To')).toBe('+34612345678');
    // the code says who sends it: the council's SMS sender name (council file), not a number
    expect(sent?.form.get('From')).toBe('Nigran');
    const code = /\b(\d{6})\b/.exec(sent?.form.get('Body') ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    // nothing goes to the development outbox when a real provider is configured
    expect(await app.deps.repos.outbox.list()).toHaveLength(0);

    const verified = await verifyRegistration({
      client: app.api,
      throwOnError: true,
      body: { dni: '12345678Z', otp_code: code },
    });
    expect(verified.data.token_type).toBe('bearer');
  });

  it('reports a provider refusal as 503 code_delivery_failed', async () => {
    twilio.answer(400);
    const res = await app.json(
      '/api/user/register',
      'POST',
      { dni: '87654321X', phone: '622334455', password: PASSWORD, repeat_password: PASSWORD },
      { 'Accept-Language': 'en' },
    );
    const error = await errorOf(res);
    expect(error).toMatchObject({
      status: 503,
      code: 'code_delivery_failed',
      detail: 'We could not send the code. Please try again in a few minutes.',
    });
    expect(error.retryAfter).toBe('60');
    twilio.answer(201);
  });
});

describe('SMTP mail adapter', () => {
  const mails: { from: string; to: string[]; raw: string; user: string | undefined }[] = [];
  let smtp: SMTPServer;
  let app: TestApp;
  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      onAuth(auth, _session, callback) {
        if (auth.username === 'portal' && auth.password === 'smtp-pass')
          callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            user: session.user as string | undefined,
          });
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const port = (smtp.server.address() as AddressInfo).port;
    app = await startTestApp({
      env: {
        MAIL_ADAPTER: 'smtp',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(port),
        SMTP_USER: 'portal',
        SMTP_PASS: 'smtp-pass',
        MAIL_FROM: 'Deportes <deportes@concello.example.gal>',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the recovery code by SMTP with authentication, and the code works', async () => {
    const token = await signUp(app, {
      dni: '12345678Z',
      phone: '612345678',
      email: 'maria.lopez@example.es',
    });
    // recovery answers only at a confirmed address: the code mailed after registration confirms it
    const confirmation = await vi.waitFor(() => {
      const raw = mails[0]?.raw.split('\r\n\r\n').slice(1).join('\n') ?? '';
      const found = /\b(\d{6})\b/.exec(raw)?.[1];
      if (!found) throw new Error('no confirmation e-mail yet');
      return found;
    });
    expect(mails[0]?.raw).toContain('Subject: =?UTF-8?Q?Confirma_tu_correo_electr=C3=B3nico?=');
    const confirmed = await app.json(
      '/api/user/me/email/verify',
      'POST',
      { email: 'maria.lopez@example.es', code: confirmation },
      bearer(token),
    );
    expect(confirmed.status).toBe(200);
    mails.length = 0;
    await requestPasswordRecovery({
      client: app.api,
      throwOnError: true,
      headers: { 'Accept-Language': 'gl' },
      body: { email: 'maria.lopez@example.es' },
    });
    // the mail leaves in the background so known and unknown addresses answer alike
    for (let i = 0; i < 100 && mails.length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.user).toBe('portal');
    expect(mail?.from).toBe('deportes@concello.example.gal');
    expect(mail?.to).toEqual(['maria.lopez@example.es']);
    expect(mail?.raw).toContain('Subject: =?UTF-8?Q?C=C3=B3digo_para_recuperar_o_teu_contras');
    const code =
      /\b(\d{6})\b/.exec(mail?.raw.split('\r\n\r\n').slice(1).join('\n') ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    await verifyPasswordRecovery({
      client: app.api,
      throwOnError: true,
      body: {
        email: 'maria.lopez@example.es',
        recovery_code: code,
        new_password: 'bicicleta-otono-2026',
        repeat_password: 'bicicleta-otono-2026',
      },
    });
    expect(await logIn(app, '12345678Z', 'bicicleta-otono-2026')).toBeTruthy();
  });
});
