import { defineMessages } from '../define.js';

/** Payment reminders (SMS and e-mail) and residents' data rights (their account page). */
export const reminders = defineMessages({
  reminder_sms: {
    es: '{council}: quedan {total} por pagar de las actividades de {names}. Puedes pagar hasta el {last_day} en {url}',
    en: '{council}: {total} is still due for the activities of {names}. You can pay until {last_day} at {url}',
    gl: '{council}: quedan {total} por pagar das actividades de {names}. Podes pagar ata o {last_day} en {url}',
  },
  reminder_mail_subject: {
    es: 'Recordatorio: pagos pendientes hasta el {last_day}',
    en: 'Reminder: payments due by {last_day}',
    gl: 'Recordatorio: pagamentos pendentes ata o {last_day}',
  },
  reminder_mail_body: {
    es: 'Hola:\n\nTienes actividades deportivas municipales pendientes de pago:\n\n{lines}\n\nTotal pendiente: {total}\n\nPuedes pagar con tarjeta hasta el {last_day} (el plazo termina el {deadline}) en {url}\n\nSi no quieres recibir más recordatorios, entra en {unsubscribe}\n\n{council}',
    en: 'Hello,\n\nYou have municipal sports activities still to pay:\n\n{lines}\n\nTotal due: {total}\n\nYou can pay by card until {last_day} (the deadline is {deadline}) at {url}\n\nIf you do not want any more reminders, go to {unsubscribe}\n\n{council}',
    gl: 'Ola:\n\nTes actividades deportivas municipais pendentes de pagamento:\n\n{lines}\n\nTotal pendente: {total}\n\nPodes pagar con tarxeta ata o {last_day} (o prazo remata o {deadline}) en {url}\n\nSe non queres recibir máis recordatorios, entra en {unsubscribe}\n\n{council}',
  },
  reminder_mail_line: {
    es: '- {name}: {amount}',
    en: '- {name}: {amount}',
    gl: '- {name}: {amount}',
  },
  reminders_stopped: {
    es: 'No recibirás más recordatorios de pago.',
    en: 'You will not receive any more payment reminders.',
    gl: 'Non recibirás máis recordatorios de pagamento.',
  },
  invalid_unsubscribe_link: {
    es: 'Este enlace no es válido.',
    en: 'This link is not valid.',
    gl: 'Esta ligazón non é válida.',
  },
  account_deleted: {
    es: 'Tu cuenta se ha eliminado.',
    en: 'Your account has been deleted.',
    gl: 'A túa conta eliminouse.',
  },
  wrong_password: {
    es: 'La contraseña no es correcta.',
    en: 'The password is not correct.',
    gl: 'O contrasinal non é correcto.',
  },
  last_admin: {
    es: 'Eres el único administrador; nombra a otro antes de eliminar tu cuenta.',
    en: 'You are the only administrator; appoint another before deleting your account.',
    gl: 'Es o único administrador; nomea outro antes de eliminar a túa conta.',
  },
});
