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
  reminder_sms_part: {
    es: '{activity} de {name}, {part}: {amount} hasta el {day}',
    en: '{activity} for {name}, {part}: {amount} by {day}',
    gl: '{activity} de {name}, {part}: {amount} ata o {day}',
  },
  reminder_parts_sms: {
    es: '{council}: tienes plazos por pagar: {parts}. Puedes pagar en {url}',
    en: '{council}: instalments still due: {parts}. You can pay at {url}',
    gl: '{council}: tes prazos por pagar: {parts}. Podes pagar en {url}',
  },
  reminder_sms_with_parts: {
    es: '{council}: quedan {whole_total} por pagar de las actividades de {names} hasta el {last_day}, y plazos: {parts}. Puedes pagar en {url}',
    en: '{council}: {whole_total} is still due for the activities of {names} until {last_day}, and instalments: {parts}. You can pay at {url}',
    gl: '{council}: quedan {whole_total} por pagar das actividades de {names} ata o {last_day}, e prazos: {parts}. Podes pagar en {url}',
  },
  reminder_mail_part_line: {
    es: '- {name}, {activity}, {part} (hasta el {day}): {amount}',
    en: '- {name}, {activity}, {part} (by {day}): {amount}',
    gl: '- {name}, {activity}, {part} (ata o {day}): {amount}',
  },
  reminder_parts_mail_subject: {
    es: 'Recordatorio: plazos pendientes hasta el {last_day}',
    en: 'Reminder: instalments due by {last_day}',
    gl: 'Recordatorio: prazos pendentes ata o {last_day}',
  },
  reminder_parts_mail_body: {
    es: 'Hola:\n\nTienes plazos de actividades deportivas municipales pendientes de pago:\n\n{lines}\n\nTotal de estos plazos: {total}\n\nCada plazo se puede pagar hasta su último día, incluido, en {url}\n\nSi no quieres recibir más recordatorios, entra en {unsubscribe}\n\n{council}',
    en: 'Hello,\n\nYou have instalments of municipal sports activities still to pay:\n\n{lines}\n\nTotal of these instalments: {total}\n\nYou can pay each instalment until its last day, inclusive, at {url}\n\nIf you do not want any more reminders, go to {unsubscribe}\n\n{council}',
    gl: 'Ola:\n\nTes prazos de actividades deportivas municipais pendentes de pagamento:\n\n{lines}\n\nTotal destes prazos: {total}\n\nPodes pagar cada prazo ata o seu último día, incluído, en {url}\n\nSe non queres recibir máis recordatorios, entra en {unsubscribe}\n\n{council}',
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
