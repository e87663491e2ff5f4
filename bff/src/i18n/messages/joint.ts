import { defineMessages } from '../define.js';

/** Joint applications (siblings together) and applying at the desk: who is refused, and why. */
export const joint = defineMessages({
  joint_refused: {
    es: 'No se ha guardado la solicitud conjunta: alguna persona no puede solicitar.',
    en: 'The joint application was not saved: someone in it cannot apply.',
    gl: 'Non se gardou a solicitude conxunta: algunha persoa non pode solicitar.',
  },
  joint_one_or_many: {
    es: 'Indica una persona, o de 2 a 4 personas para una solicitud conjunta.',
    en: 'Give one person, or 2 to 4 people for a joint application.',
    gl: 'Indica unha persoa, ou de 2 a 4 persoas para unha solicitude conxunta.',
  },
  joint_repeated: {
    es: 'Esta persona ya está en la solicitud conjunta.',
    en: 'This person is already in the joint application.',
    gl: 'Esta persoa xa está na solicitude conxunta.',
  },
  joint_already_applied: {
    es: '{person} ya tiene una solicitud en esta actividad.',
    en: '{person} has already applied for this activity.',
    gl: '{person} xa ten unha solicitude nesta actividade.',
  },
  joint_already_enrolled: {
    es: '{person} ya está inscrito/a en esta actividad.',
    en: '{person} is already enrolled in this activity.',
    gl: '{person} xa está inscrito/a nesta actividade.',
  },
  joint_not_eligible_between: {
    es: 'Esta actividad es para nacidos entre {from} y {to}: {person} no lo es.',
    en: 'This activity is for people born between {from} and {to}: {person} is not.',
    gl: 'Esta actividade é para nados entre {from} e {to}: {person} non o é.',
  },
  joint_not_eligible_from: {
    es: 'Esta actividad es para nacidos en {from} o después: {person} no lo es.',
    en: 'This activity is for people born in {from} or later: {person} is not.',
    gl: 'Esta actividade é para nados en {from} ou despois: {person} non o é.',
  },
  joint_not_eligible_to: {
    es: 'Esta actividad es para nacidos en {to} o antes: {person} no lo es.',
    en: 'This activity is for people born in {to} or earlier: {person} is not.',
    gl: 'Esta actividade é para nados en {to} ou antes: {person} non o é.',
  },
  joint_not_eligible_no_birth_date: {
    es: 'Esta actividad tiene límites de edad y no consta la fecha de nacimiento de {person}. Pide al Concello que la añada.',
    en: 'This activity has age limits and the date of birth of {person} is not on record. Ask the council to add it.',
    gl: 'Esta actividade ten límites de idade e non consta a data de nacemento de {person}. Pídelle ao Concello que a engada.',
  },
  not_waiting: {
    es: 'Esta solicitud no está esperando plaza.',
    en: 'This application is not waiting for a place.',
    gl: 'Esta solicitude non está agardando praza.',
  },
  enrolment_waitlisted: {
    es: '{person} espera plaza en {activity} (lista de espera o sorteo): no se le puede inscribir a mano. Para darle plaza, ofrécesela en Plazas y sorteos.',
    en: '{person} is waiting for a place in {activity} (waitlist or draw): they cannot be enrolled by hand. To give them a place, offer it in Places and draws.',
    gl: '{person} agarda praza en {activity} (lista de espera ou sorteo): non se lle pode inscribir a man. Para darlle praza, ofrécella en Prazas e sorteos.',
  },
});
