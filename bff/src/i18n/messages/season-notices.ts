import { defineMessages } from '../define.js';

/**
 * The season's messages to families (services/season/notices.ts): each event names the person;
 * the events of one hour about one activity go as one message.
 */
export const seasonNotices = defineMessages({
  season_notice_offer: {
    es: 'Hay plaza para {person} en {activity}: paga {amount} antes del {until} o pasará a la siguiente persona.',
    en: 'There is a place for {person} in {activity}: pay {amount} before {until} or it passes to the next person.',
    gl: 'Hai praza para {person} en {activity}: paga {amount} antes do {until} ou pasará á seguinte persoa.',
  },
  season_notice_reminder: {
    es: 'La plaza de {person} en {activity} caduca el {until}: paga {amount}.',
    en: 'The place for {person} in {activity} expires on {until}: pay {amount}.',
    gl: 'A praza de {person} en {activity} caduca o {until}: paga {amount}.',
  },
  season_notice_waitlisted: {
    es: '{person} está en el puesto {position} de la lista de espera de {activity}.',
    en: '{person} is number {position} on the waitlist for {activity}.',
    gl: '{person} está no posto {position} da lista de espera de {activity}.',
  },
  season_notice_expired: {
    es: 'La plaza ofrecida a {person} en {activity} no se pagó a tiempo y pasa a la siguiente persona.',
    en: 'The place offered to {person} in {activity} was not paid in time and passes to the next person.',
    gl: 'A praza ofrecida a {person} en {activity} non se pagou a tempo e pasa á seguinte persoa.',
  },
  season_notice_waitlist_ended: {
    es: 'La lista de espera de {activity} ha terminado: no quedó plaza para {person}.',
    en: 'The waitlist for {activity} has ended: no place came free for {person}.',
    gl: 'A lista de espera de {activity} rematou: non quedou praza para {person}.',
  },
  season_notice_withdrawn: {
    es: 'Hemos retirado la solicitud de {person} en {activity}; si no lo esperabas, ponte en contacto con nosotros.',
    en: 'We have withdrawn the application for {person} in {activity}; if you did not expect this, please get in touch with us.',
    gl: 'Retiramos a solicitude de {person} en {activity}; se non o esperabas, ponte en contacto connosco.',
  },
  season_notice_sms: {
    es: '{council}: {events} {url}',
    en: '{council}: {events} {url}',
    gl: '{council}: {events} {url}',
  },
  season_notice_mail_subject: {
    es: '{activity}: novedades de tu solicitud',
    en: '{activity}: news about your application',
    gl: '{activity}: novidades da túa solicitude',
  },
  season_notice_mail_body: {
    es: 'Hola:\n\n{events}\n\nTienes todas tus solicitudes en {url}\n\n{council}',
    en: 'Hello,\n\n{events}\n\nAll your applications are at {url}\n\n{council}',
    gl: 'Ola:\n\n{events}\n\nTes todas as túas solicitudes en {url}\n\n{council}',
  },
  waitlist_end_before_close: {
    es: 'La lista de espera debe terminar después del cierre de la inscripción.',
    en: 'The waitlist must end after applications close.',
    gl: 'A lista de espera debe rematar despois do peche da inscrición.',
  },
  free_places_before_close: {
    es: 'Las plazas libres deben abrirse después del cierre de la inscripción.',
    en: 'Free places must open after applications close.',
    gl: 'As prazas libres deben abrirse despois do peche da inscrición.',
  },
  free_places_before_waitlist_end: {
    es: 'Las plazas libres se abren cuando termina la lista de espera: pon una fecha igual o posterior a su fin (o una fecha de inicio).',
    en: 'Free places open once the waitlist has ended: give a date on or after its end (or a start date).',
    gl: 'As prazas libres ábrense cando remata a lista de espera: pon unha data igual ou posterior ao seu remate (ou unha data de inicio).',
  },
  no_places_left: {
    es: 'No quedan plazas libres en esta actividad.',
    en: 'There are no free places left in this activity.',
    gl: 'Non quedan prazas libres nesta actividade.',
  },
});
