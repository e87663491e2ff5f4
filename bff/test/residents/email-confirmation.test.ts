import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isUniqueViolation } from '../../src/data/engines.js';
import { t, type Locale } from '../../src/i18n/index.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createAccount, dniWithLetter } from '../admin/factory.js';
import {
  auditActions,
  bearer,
  confirmEmail,
  errorOf,
  lastCode,
  logIn,
  outboxCount,
  PASSWORD,
  signUp,
  userByDni,
} from './helpers.js';

const NEW_PASSWORD = 'bicicleta-otono-2026';
const dni = (n: number) => dniWithLetter(10_000_000 + n);

/** The account's stored e-mail state, as the tables hold it. */
async function emailState(app: TestApp, dni: string) {
  const user = await userByDni(app, dni);
  return { email: user?.email, confirmed: user?.email_confirmed_at !== null };
}

/** An e-mail is used for password recovery only once a code sent to it came back (issue 47, 4). */
describe('confirmed recovery e-mail', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());
  // every test starts with the sending limits of the one before it spent
  beforeEach(() => app.clock.advance(2 * 3600_000));

  const me = (token: string) => app.fetch('/api/user/me', { headers: bearer(token) });
  const askConfirmation = (token: string, lang: Locale = 'es') =>
    app.json(
      '/api/user/me/email/confirm',
      'POST',
      {},
      { ...bearer(token), 'Accept-Language': lang },
    );
  const verify = (token: string, email: string, code: string, lang: Locale = 'es') =>
    app.json(
      '/api/user/me/email/verify',
      'POST',
      { email, code },
      { ...bearer(token), 'Accept-Language': lang },
    );
  const askRecovery = (email: string) => app.json('/api/user/password-recovery', 'POST', { email });
  const recover = (email: string, code: string) =>
    app.json('/api/user/password-recovery/verify', 'POST', {
      email,
      recovery_code: code,
      new_password: NEW_PASSWORD,
      repeat_password: NEW_PASSWORD,
    });
  const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

  it("an attacker who registered the victim's address first cannot take the victim's recovery", async () => {
    const victimEmail = 'victima@example.es';
    // the attacker registers first, with the victim's address; its confirmation code goes to the
    // victim, who ignores it
    await signUp(app, { dni: dni(1), phone: '610000001', email: victimEmail });
    await expect.poll(() => outboxCount(app, victimEmail)).toBe(1);
    const attackerHash = (await userByDni(app, dni(1)))?.password_hash;

    // nobody confirmed the address: recovery answers as for an unknown one and sends nothing
    const unconfirmed = await askRecovery(victimEmail);
    const unknown = await askRecovery('nadie@example.es');
    expect(unconfirmed.status).toBe(202);
    expect(await unconfirmed.text()).toBe(await unknown.text());
    expect(await outboxCount(app, victimEmail)).toBe(1);
    expect(await auditActions(app)).not.toContain('password_recovery_requested');

    // the victim registers with their own address and confirms it with the code sent there
    const victimToken = await signUp(app, {
      dni: dni(2),
      phone: '610000002',
      email: victimEmail,
    });
    // the newest code there is the victim's (its e-mail leaves in the background)
    await expect.poll(() => outboxCount(app, victimEmail)).toBe(2);
    await confirmEmail(app, victimToken, victimEmail);
    expect(await emailState(app, dni(2))).toEqual({ email: victimEmail, confirmed: true });
    expect(await emailState(app, dni(1))).toEqual({ email: victimEmail, confirmed: false });

    // the victim's recovery resets the victim's account, and not the attacker's
    app.clock.advance(2 * 3600_000);
    expect((await askRecovery(victimEmail)).status).toBe(202);
    const code = await vi.waitFor(async () => {
      const sent = await app.deps.repos.outbox.list(victimEmail);
      const mail = sent.find((m) => m.subject === t('es', 'residents_mail_recovery_subject'));
      if (!mail) throw new Error('no recovery e-mail yet');
      return /\b(\d{6})\b/.exec(mail.body)?.[1] ?? '';
    });
    expect((await recover(victimEmail, code)).status).toBe(200);
    expect(await logIn(app, dni(2), NEW_PASSWORD)).toBeTruthy();
    expect((await userByDni(app, dni(1)))?.password_hash).toBe(attackerHash);
    expect(await logIn(app, dni(1), PASSWORD)).toBeTruthy();
  });

  it('confirms the address with the code sent after registration; wrong codes change nothing', async () => {
    const token = await signUp(app, { dni: dni(3), phone: '610000003', email: 'ana@example.es' });
    const before = await me(token);
    expect(await before.json()).toMatchObject({ email: 'ana@example.es', email_confirmed: false });
    const code = await vi.waitFor(() => lastCode(app, 'ana@example.es'));
    const mail = (await app.deps.repos.outbox.list('ana@example.es'))[0];
    expect(mail?.subject).toBe(t('es', 'residents_mail_email_confirm_subject'));

    const rowBefore = await userByDni(app, dni(3));
    const wrong = await verify(token, 'ana@example.es', otherCode(code), 'gl');
    expect(await errorOf(wrong)).toMatchObject({
      status: 400,
      code: 'invalid_code',
      detail: t('gl', 'invalid_code'),
    });
    // the code is bound to the address it went to
    const elsewhere = await verify(token, 'outra@example.es', code);
    expect(await errorOf(elsewhere)).toMatchObject({ status: 400, code: 'invalid_code' });
    const malformed = await verify(token, 'ana@example.es', 'abc');
    expect(malformed.status).toBe(422);
    expect(await userByDni(app, dni(3))).toEqual(rowBefore);
    expect(await outboxCount(app, 'ana@example.es')).toBe(1);

    const done = await verify(token, 'ana@example.es', code);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ email: 'ana@example.es', email_confirmed: true });
    expect(await emailState(app, dni(3))).toEqual({
      email: 'ana@example.es',
      confirmed: true,
    });
    expect(await auditActions(app)).toContain('email_confirmed');
    // confirming is no change: no notice to the address
    expect(await outboxCount(app, 'ana@example.es')).toBe(1);
    // single use
    expect((await verify(token, 'ana@example.es', code)).status).toBe(400);
    // recovery now answers there
    expect((await askRecovery('ANA@example.es')).status).toBe(202);
    await expect.poll(() => outboxCount(app, 'ana@example.es')).toBe(2);
  });

  it('sends another code when asked; nothing to confirm answers 409', async () => {
    const token = await signUp(app, { dni: dni(4), phone: '610000004', email: 'bea@example.es' });
    await expect.poll(() => outboxCount(app, 'bea@example.es')).toBe(1);
    // the first send's cooldown is over
    app.clock.advance(61_000);
    const sent = await askConfirmation(token, 'en');
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({
      detail: t('en', 'email_code_sent'),
      code: 'email_code_sent',
      expires_in: 600,
    });
    expect(await outboxCount(app, 'bea@example.es')).toBe(2);
    const mail = (await app.deps.repos.outbox.list('bea@example.es'))[0];
    expect(mail?.subject).toBe(t('en', 'residents_mail_email_confirm_subject'));
    // at once again: the resend cooldown, as for every code
    expect((await askConfirmation(token)).status).toBe(429);
    await confirmEmail(app, token, 'bea@example.es');

    const confirmed = await askConfirmation(token, 'gl');
    expect(await errorOf(confirmed)).toMatchObject({
      status: 409,
      code: 'already_confirmed',
      detail: t('gl', 'already_confirmed'),
    });
    const without = await signUp(app, { dni: dni(5), phone: '610000005' });
    expect(await (await me(without)).json()).toMatchObject({ email: null, email_confirmed: false });
    expect(await errorOf(await askConfirmation(without, 'en'))).toMatchObject({
      status: 409,
      code: 'no_email',
      detail: t('en', 'no_email'),
    });
    expect((await app.json('/api/user/me/email/confirm', 'POST', {})).status).toBe(401);
  });

  it('confirms an address stored with capitals (older rows), as it reads it back', async () => {
    const token = await signUp(app, { dni: dni(15), phone: '610000015' });
    await app.exec(sql`UPDATE users SET email = ${'Mixta@Example.ES'} WHERE dni = ${dni(15)}`);
    expect((await askConfirmation(token)).status).toBe(200);
    const code = await lastCode(app, 'Mixta@Example.ES');
    const done = await verify(token, 'Mixta@Example.ES', code);
    expect(await done.json()).toMatchObject({ email: 'mixta@example.es', email_confirmed: true });
  });

  it('a confirmation code for one account does not confirm another', async () => {
    const first = await signUp(app, { dni: dni(6), phone: '610000006', email: 'casa@example.es' });
    // each account's code arrives before the next (they leave in the background)
    await expect.poll(() => outboxCount(app, 'casa@example.es')).toBe(1);
    const second = await signUp(app, {
      dni: dni(7),
      phone: '610000007',
      email: 'casa@example.es',
    });
    await expect.poll(() => outboxCount(app, 'casa@example.es')).toBe(2);
    const codes = (await app.deps.repos.outbox.list('casa@example.es')).map(
      (m) => /\b(\d{6})\b/.exec(m.body)?.[1] ?? '',
    );
    // the newest code is the second account's; the first account cannot use it
    const stolen = await verify(first, 'casa@example.es', codes[0] ?? '');
    if (codes[0] !== codes[1]) expect(stolen.status).toBe(400);
    expect(await emailState(app, dni(6))).toMatchObject({ confirmed: false });
    expect((await verify(second, 'casa@example.es', codes[0] ?? '')).status).toBe(200);
  });

  it('answers 409 email_taken to whoever proves an address another account has confirmed', async () => {
    const owner = await signUp(app, {
      dni: dni(8),
      phone: '610000008',
      email: 'compartido@example.es',
    });
    await confirmEmail(app, owner, 'compartido@example.es');
    const other = await signUp(app, {
      dni: dni(9),
      phone: '610000009',
      email: 'compartido@example.es',
    });
    await expect.poll(() => outboxCount(app, 'compartido@example.es')).toBe(2);
    // the send says nothing: whoever cannot read that mailbox learns nothing
    app.clock.advance(61_000);
    expect((await askConfirmation(other)).status).toBe(200);
    const code = await lastCode(app, 'compartido@example.es');
    const ownerBefore = await userByDni(app, dni(8));
    const otherBefore = await userByDni(app, dni(9));
    const taken = await verify(other, 'compartido@example.es', code, 'gl');
    expect(await errorOf(taken)).toMatchObject({
      status: 409,
      code: 'email_taken',
      detail: t('gl', 'email_taken'),
    });
    // the code was used: it proved the mailbox, it cannot be tried again
    expect((await verify(other, 'compartido@example.es', code)).status).toBe(400);
    expect(await userByDni(app, dni(8))).toEqual(ownerBefore);
    expect(await userByDni(app, dni(9))).toEqual(otherBefore);

    // the same through a change of address: the code proves it, the address stays the owner's
    const third = await signUp(app, { dni: dni(10), phone: '610000010' });
    app.clock.advance(61_000);
    const start = await app.json(
      '/api/user/me/email',
      'POST',
      { email: 'compartido@example.es', password: PASSWORD },
      bearer(third),
    );
    expect(start.status).toBe(200);
    const changeCode = await lastCode(app, 'compartido@example.es');
    const change = await verify(third, 'compartido@example.es', changeCode);
    expect(await errorOf(change)).toMatchObject({ status: 409, code: 'email_taken' });
    expect(await emailState(app, dni(10))).toEqual({ email: null, confirmed: false });
    expect(await app.deps.repos.users.findByConfirmedEmail('compartido@example.es')).toMatchObject({
      dni: dni(8),
    });
  });

  it('the database itself refuses a second account with one confirmed address', async () => {
    await signUp(app, { dni: dni(11), phone: '610000011', email: 'unico@example.es' });
    await signUp(app, { dni: dni(12), phone: '610000012' });
    // an address stored with capitals (older rows, or written by hand) is the same address
    await app.exec(sql`UPDATE users SET email = ${'UNICO@Example.ES'} WHERE dni = ${dni(12)}`);
    const confirm = (dni: string) =>
      app.exec(
        sql`UPDATE users SET email_confirmed_at = ${'2026-11-21T10:00:00.000Z'} WHERE dni = ${dni}`,
      );
    await confirm(dni(11));
    const second = await confirm(dni(12)).catch((err: unknown) => err);
    expect(isUniqueViolation(second)).toBe(true);
  });

  it('a new address through the code flow is confirmed; one typed by staff is not', async () => {
    const token = await signUp(app, { dni: dni(13), phone: '610000013' });
    app.clock.advance(61_000);
    await app.json(
      '/api/user/me/email',
      'POST',
      { email: 'nueva@example.es', password: PASSWORD },
      bearer(token),
    );
    const done = await verify(token, 'nueva@example.es', await lastCode(app, 'nueva@example.es'));
    expect(await done.json()).toMatchObject({ email: 'nueva@example.es', email_confirmed: true });

    // staff type addresses for residents at the desk: a typo or a wrong one must not receive
    // that resident's recovery codes, so it counts as unconfirmed until a code comes back
    const admin = await createAccount(app, 'admin');
    const created = await app.json(
      '/api/admin/users/',
      'POST',
      {
        dni: dni(14),
        phone: '610000014',
        email: 'mostrador@example.es',
        password: PASSWORD,
        repeat_password: PASSWORD,
      },
      admin.headers,
    );
    expect(created.status).toBe(201);
    expect(await emailState(app, dni(14))).toEqual({
      email: 'mostrador@example.es',
      confirmed: false,
    });
    expect((await askRecovery('mostrador@example.es')).status).toBe(202);
    expect(await outboxCount(app, 'mostrador@example.es')).toBe(0);

    // staff changing a confirmed address makes it unconfirmed; writing the same one keeps it
    const id = (await userByDni(app, dni(13)))?.id ?? 0;
    const put = (email: string) =>
      app.json(
        `/api/admin/users/${id}`,
        'PUT',
        { dni: dni(13), phone: '610000013', email },
        admin.headers,
      );
    expect((await put('NUEVA@example.es')).status).toBe(200);
    expect(await emailState(app, dni(13))).toMatchObject({ confirmed: true });
    expect((await put('otra.mas@example.es')).status).toBe(200);
    expect(await emailState(app, dni(13))).toEqual({
      email: 'otra.mas@example.es',
      confirmed: false,
    });
  });

  it('mails the confirmation after a registration without spending the address’s code sends', async () => {
    // 15 residents registering from one desk: 15 SMS and 15 e-mails, past the 20 sends an address
    // gets an hour if the e-mails counted against it too
    for (let n = 900; n < 915; n++) {
      const email = `desk${n}@example.es`;
      await signUp(app, { dni: dni(n), phone: `6${String(n).padStart(8, '0')}`, email });
      await vi.waitFor(() => lastCode(app, email));
    }
  });
});
