import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import {
  AdminApi,
  identity,
  loginToken,
  madridToday,
  OPEN_CONFIG,
  seedStorage,
  type ActivityRow,
} from './support/api';
import { openGateway, payInGateway, TEST_CARD } from './support/gateway';
import { latestCode } from './support/outbox';

/**
 * Journey 1: a resident registers, links a family member with the SMS code, pays two of the
 * member's activities with the reduction in the sandbox gateway (a denied card first), and sees
 * them under Completed; mixing two people and the passed deadline block payment.
 */
test.describe('resident journey', () => {
  const resident = { ...identity(11), password: 'vecina-segura-2026' };
  const child = identity(12);
  let admin: AdminApi;
  let swimming: ActivityRow;
  let padel: ActivityRow;
  let yoga: ActivityRow;

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    admin = await AdminApi.login(request);
    await admin.setConfig(OPEN_CONFIG);
    swimming = await admin.createActivity('Natación infantil J1', 40, '2027-01-10');
    padel = await admin.createActivity('Pádel J1', 60);
    yoga = await admin.createActivity('Yoga J1', 30);
    // the family member, enrolled by the council in three activities
    await admin.createEnrolment({
      first_name: 'Uxía',
      last_name: 'Pereira Outeiro',
      dni: child.dni,
      phone: child.phone,
      activity_ids: [swimming.id, padel.id, yoga.id],
    });
    // the resident's own enrolment: same DNI and phone, linked at registration
    await admin.createEnrolment({
      first_name: 'Carmen',
      last_name: 'Outeiro Lago',
      dni: resident.dni,
      phone: resident.phone,
      activity_ids: [yoga.id],
    });
  });

  test.afterAll(async () => {
    await admin.setConfig(OPEN_CONFIG);
  });

  const row = (page: Page, activity: ActivityRow, dni: string) =>
    page.getByRole('checkbox', { name: `Seleccionar ${activity.name} de ${dni}` });

  test('registers, links a family member, pays two activities with the reduction', async ({
    page,
  }) => {
    await test.step('registers with the SMS code and lands on the dashboard', async () => {
      await page.goto('/registrarse');
      await page
        .getByRole('region', { name: /almacenamiento/ })
        .getByRole('button')
        .click();
      await page.getByLabel('DNI o NIE').fill(resident.dni);
      await page.getByLabel('Teléfono móvil').fill(resident.phone);
      await page.getByLabel('Contraseña', { exact: true }).fill(resident.password);
      await page.getByLabel('Repite la contraseña').fill(resident.password);
      await page.getByRole('button', { name: 'Continuar' }).click();
      await expect(
        page.getByText(`Código enviado por SMS al teléfono ${resident.phone}`),
      ).toBeVisible();
      await expectAccessible(page, 'registration code step (es)');
      await page
        .getByLabel('Código recibido por SMS')
        .fill(await latestCode(page.request, resident.phone));
      await page.getByRole('button', { name: 'Verificar' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Mis actividades' })).toBeVisible();
      await expect(page.getByText('Registro verificado correctamente')).toBeVisible();
      // the resident's own enrolment was linked at once
      await expect(row(page, yoga, resident.dni)).toBeVisible();
    });

    await test.step('links the family member with the SMS code', async () => {
      await page.getByRole('button', { name: 'Asociar una persona' }).click();
      await page.getByLabel('DNI o NIE de la persona').fill(child.dni);
      await page.getByLabel('Teléfono de la inscripción').fill(child.phone);
      await page.getByRole('button', { name: 'Enviar código' }).click();
      await expect(page.getByText('Se ha enviado un código por SMS')).toBeVisible();
      await page
        .getByLabel('Código de verificación')
        .fill(await latestCode(page.request, child.phone));
      await expectAccessible(page, 'add person, verify step (es)');
      await page.getByRole('button', { name: 'Verificar y asociar' }).click();
      await expect(page.getByText('Persona asociada correctamente.')).toBeVisible();
      await expect(page.getByRole('rowheader', { name: 'Uxía Pereira Outeiro' })).toBeVisible();
    });

    await test.step('sees the pending activities of both people', async () => {
      for (const activity of [swimming, padel, yoga]) {
        await expect(row(page, activity, child.dni)).toBeEnabled();
      }
      await expect(row(page, yoga, resident.dni)).toBeEnabled();
      await expect(page.getByText('No hay pagos pendientes.')).toHaveCount(0);
    });

    await test.step('mixing two people is one payment for the family', async () => {
      await row(page, yoga, resident.dni).check();
      await row(page, swimming, child.dni).check();
      await expect(
        page.getByText(/Pagas por toda la familia: 2 personas en un solo pago/),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pagar con tarjeta' })).not.toHaveAttribute(
        'aria-disabled',
        'true',
      );
      await expectAccessible(page, 'dashboard, two people selected (es)');
      await row(page, yoga, resident.dni).uncheck();
      await expect(page.getByText(/Pagas por toda la familia/)).toHaveCount(0);
    });

    await test.step('two activities: the total, then the reduction after the declaration', async () => {
      await row(page, padel, child.dni).check();
      // 75 % of 40 + 75 % of 60, the server's figures
      await expect(page.getByText(/Total seleccionado/)).toBeVisible();
      await expect(page.getByText(/75,00\s€/).first()).toBeVisible();
      await page.getByRole('checkbox', { name: /Aplicar la bonificación/ }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('Declaro que cumplo los requisitos')).toBeVisible();
      await expect(
        dialog.getByRole('link', { name: /documento de la bonificación/ }),
      ).toHaveAttribute('href', '/assets/bonificacion.pdf');
      await expectAccessible(page, 'discount modal (es)');
      // Escape closes it with the box off
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(
        page.getByRole('checkbox', { name: /Aplicar la bonificación/ }),
      ).not.toBeChecked();
      await page.getByRole('checkbox', { name: /Aplicar la bonificación/ }).click();
      await dialog.getByRole('button', { name: 'Aceptar' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('checkbox', { name: /Aplicar la bonificación/ })).toBeChecked();
      // (40 + 60) × (1 − 0.5)
      await expect(page.getByText(/50,00\s€/).first()).toBeVisible();
      await expect(page.getByText(/75,00\s€/)).toHaveCount(0);
    });

    await test.step('a denied card ends on /pago-ko with nothing paid', async () => {
      const gateway = await openGateway(page, 'Pagar con tarjeta');
      await expect(gateway.getByText(/50,00\s€/).first()).toBeVisible();
      await payInGateway(gateway, { cvv: TEST_CARD.denyCvv, axeLabel: 'sandbox gateway (es)' });
      await expect(gateway).toHaveURL(/\/pago-ko$/);
      await expect(
        gateway.getByRole('heading', { level: 1, name: 'Pago no realizado' }),
      ).toBeVisible();
      await expectAccessible(gateway, '/pago-ko (es)');
      await gateway.close();
      await page.reload();
      await expect(row(page, swimming, child.dni)).toBeEnabled();
      await expect(row(page, padel, child.dni)).toBeEnabled();
      await page.getByRole('tab', { name: 'Pagos realizados' }).click();
      await expect(page.getByText('No hay pagos realizados.')).toBeVisible();
      await page.getByRole('tab', { name: 'Pagos pendientes' }).click();
    });

    await test.step('pays in the sandbox gateway and sees them under Completed', async () => {
      await row(page, swimming, child.dni).check();
      await row(page, padel, child.dni).check();
      await page.getByRole('checkbox', { name: /Aplicar la bonificación/ }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Aceptar' }).click();
      const gateway = await openGateway(page, 'Pagar con tarjeta');
      await expect(gateway.getByText(/50,00\s€/).first()).toBeVisible();
      await payInGateway(gateway);
      await expect(gateway).toHaveURL(/\/pago-ok$/);
      await expect(gateway.getByRole('heading', { level: 1, name: 'Pago recibido' })).toBeVisible();
      await gateway.getByRole('link', { name: 'Volver a mis actividades' }).click();
      await expect(gateway).toHaveURL(/\/dashboard$/);
      await gateway.getByRole('tab', { name: 'Pagos realizados' }).click();
      const completed = gateway.getByRole('tabpanel');
      await expect(completed.getByRole('rowheader', { name: swimming.name })).toBeVisible();
      await expect(completed.getByRole('rowheader', { name: padel.name })).toBeVisible();
      await expect(completed.getByRole('row')).toHaveCount(3); // header + the two
      await gateway.getByRole('tab', { name: 'Pagos pendientes' }).click();
      await expect(row(gateway, swimming, child.dni)).toHaveCount(0);
      await expect(row(gateway, yoga, child.dni)).toBeVisible();
      await gateway.close();
    });
  });

  test('after the deadline the checkboxes are disabled and the expired notice shows', async ({
    page,
  }) => {
    await admin.setConfig({ deadline_date: madridToday() });
    await seedStorage(page, { token: await loginToken(page.request, resident), consent: true });
    await page.goto('/dashboard');
    await expect(page.getByText('El plazo de pago ha finalizado.')).toBeVisible();
    await expect(page.getByText(/Fecha límite de pago/)).toBeVisible();
    await expect(row(page, yoga, child.dni)).toBeDisabled();
    await expect(row(page, yoga, resident.dni)).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Pagar con tarjeta' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(page.getByText('Ya no se puede pagar: el plazo ha finalizado.')).toBeVisible();
    await expectAccessible(page, 'dashboard after the deadline (es)');
  });
});
