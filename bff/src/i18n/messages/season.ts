import { defineMessages } from '../define.js';

/** The season's enrolment: applications, draws, offers and adding a person. */
export const season = defineMessages({
  applications_not_open: {
    es: 'La inscripción en esta actividad no está abierta.',
    en: 'Applications for this activity are not open.',
    gl: 'A inscrición nesta actividade non está aberta.',
  },
  already_applied: {
    es: 'Esta persona ya tiene una solicitud en esta actividad.',
    en: 'This person has already applied for this activity.',
    gl: 'Esta persoa xa ten unha solicitude nesta actividade.',
  },
  idempotency_key_invalid: {
    es: 'La clave de la petición (Idempotency-Key) debe tener entre 1 y 100 letras, cifras, guiones o guiones bajos.',
    en: 'The request key (Idempotency-Key) must be 1 to 100 letters, digits, hyphens or underscores.',
    gl: 'A clave da petición (Idempotency-Key) debe ter entre 1 e 100 letras, cifras, guións ou guións baixos.',
  },
  idempotency_key_reused: {
    es: 'Esta solicitud ya se envió con otros datos. Vuelve a pulsar el botón para enviar la nueva.',
    en: 'This request was already sent with other details. Press the button again to send the new one.',
    gl: 'Esta solicitude xa se enviou con outros datos. Volve premer o botón para enviar a nova.',
  },
  already_enrolled: {
    es: 'Esta persona ya está inscrita en esta actividad.',
    en: 'This person is already enrolled in this activity.',
    gl: 'Esta persoa xa está inscrita nesta actividade.',
  },
  not_eligible_between: {
    es: 'Esta actividad es para nacidos entre {from} y {to}.',
    en: 'This activity is for people born between {from} and {to}.',
    gl: 'Esta actividade é para nados entre {from} e {to}.',
  },
  not_eligible_from: {
    es: 'Esta actividad es para nacidos en {from} o después.',
    en: 'This activity is for people born in {from} or later.',
    gl: 'Esta actividade é para nados en {from} ou despois.',
  },
  not_eligible_to: {
    es: 'Esta actividad es para nacidos en {to} o antes.',
    en: 'This activity is for people born in {to} or earlier.',
    gl: 'Esta actividade é para nados en {to} ou antes.',
  },
  not_eligible_no_birth_date: {
    es: 'Esta actividad tiene límites de edad y no consta la fecha de nacimiento de esta persona. Pide al Concello que la añada.',
    en: 'This activity has age limits and this person’s date of birth is not on record. Ask the council to add it.',
    gl: 'Esta actividade ten límites de idade e non consta a data de nacemento desta persoa. Pídelle ao Concello que a engada.',
  },
  already_paid: {
    es: 'Esta plaza ya está pagada; solo el Concello puede anularla con una devolución.',
    en: 'This place is already paid; only the council can cancel it, with a refund.',
    gl: 'Esta praza xa está pagada; só o Concello pode anulala cunha devolución.',
  },
  applications_open: {
    es: 'Las solicitudes siguen abiertas; el sorteo se hace después del cierre.',
    en: 'Applications are still open; the draw takes place after they close.',
    gl: 'As solicitudes seguen abertas; o sorteo faise despois do peche.',
  },
  draw_not_found: {
    es: 'No hay ningún sorteo para esa actividad.',
    en: 'There is no draw for that activity.',
    gl: 'Non hai ningún sorteo para esa actividade.',
  },
  already_drawn: {
    es: 'El sorteo de esta actividad ya se hizo.',
    en: 'This activity’s draw has already taken place.',
    gl: 'O sorteo desta actividade xa se fixo.',
  },
  not_a_lottery: {
    es: 'Esta actividad no reparte sus plazas por sorteo.',
    en: 'This activity does not give out its places by draw.',
    gl: 'Esta actividade non reparte as súas prazas por sorteo.',
  },
  activity_has_applications: {
    es: 'La actividad ya tiene solicitudes: no se puede cambiar cómo se reparten sus plazas.',
    en: 'The activity already has applications: how its places are given out cannot change.',
    gl: 'A actividade xa ten solicitudes: non se pode cambiar como se reparten as súas prazas.',
  },
  person_on_record: {
    es: 'Esta persona ya figura en los registros del Concello; vincúlala con su DNI y su móvil.',
    en: 'This person is already on the council’s records; link them with their DNI and mobile.',
    gl: 'Esta persoa xa figura nos rexistros do Concello; vincúlaa co seu DNI e o seu móbil.',
  },
  person_exists: {
    es: 'Ya gestionas a esta persona desde tu cuenta.',
    en: 'You already manage this person from your account.',
    gl: 'Xa xestionas esta persoa desde a túa conta.',
  },
  person_managed_elsewhere: {
    es: 'Esta persona ya está registrada y la gestiona otra cuenta. Podemos enviar un código al móvil de su ficha para que la gestionéis las dos cuentas.',
    en: 'This person is already registered and another account manages them. We can send a code to the mobile on their record so that both accounts manage them.',
    gl: 'Esta persoa xa está rexistrada e xestióna outra conta. Podemos enviar un código ao móbil da súa ficha para que a xestionedes as dúas contas.',
  },
  person_not_found_by_name: {
    es: 'No hay ninguna persona registrada con ese nombre y fecha de nacimiento.',
    en: 'There is no registered person with that name and date of birth.',
    gl: 'Non hai ningunha persoa rexistrada con ese nome e data de nacemento.',
  },
  persons_differ: {
    es: 'Las dos fichas tienen DNI distintos; son personas diferentes y no se pueden unir.',
    en: 'The two records have different DNIs; they are different people and cannot be merged.',
    gl: 'As dúas fichas teñen DNI distintos; son persoas diferentes e non se poden unir.',
  },
  different_same_person: {
    es: 'Elige dos fichas distintas para marcarlas como personas diferentes.',
    en: 'Choose two different records to mark as different people.',
    gl: 'Escolle dúas fichas distintas para marcalas como persoas diferentes.',
  },
  merge_same_person: {
    es: 'Elige dos fichas distintas para unirlas.',
    en: 'Choose two different records to merge.',
    gl: 'Escolle dúas fichas distintas para unilas.',
  },
  already_drawn_window: {
    es: 'El sorteo de esta actividad ya se hizo; su plazo de solicitudes no se puede volver a abrir.',
    en: 'This activity’s draw has already taken place; its application period cannot be reopened.',
    gl: 'O sorteo desta actividade xa se fixo; o seu prazo de solicitudes non se pode volver abrir.',
  },
  capacity_required: {
    es: 'Indica cuántas plazas tiene la actividad.',
    en: 'Say how many places the activity has.',
    gl: 'Indica cantas prazas ten a actividade.',
  },
  window_required: {
    es: 'Indica cuándo se abren y se cierran las solicitudes.',
    en: 'Say when applications open and close.',
    gl: 'Indica cando se abren e se pechan as solicitudes.',
  },
  window_order: {
    es: 'El cierre de las solicitudes debe ser posterior a su apertura.',
    en: 'Applications must close after they open.',
    gl: 'O peche das solicitudes debe ser posterior á súa apertura.',
  },
  birth_years_order: {
    es: 'El año de nacimiento máximo no puede ser anterior al mínimo.',
    en: 'The latest year of birth cannot be before the earliest.',
    gl: 'O ano de nacemento máximo non pode ser anterior ao mínimo.',
  },
  capacity_below_taken: {
    es: 'Ya hay {taken} plazas ofrecidas o pagadas; las plazas no pueden ser menos.',
    en: '{taken} places are already offered or paid; there cannot be fewer places.',
    gl: 'Xa hai {taken} prazas ofrecidas ou pagadas; as prazas non poden ser menos.',
  },
  invalid_birth_date: {
    es: 'Introduce una fecha de nacimiento válida.',
    en: 'Enter a valid date of birth.',
    gl: 'Introduce unha data de nacemento válida.',
  },
  dni_required_from_14: {
    es: 'A partir de los 14 años el DNI es obligatorio.',
    en: 'From 14 years of age the DNI is required.',
    gl: 'A partir dos 14 anos o DNI é obrigatorio.',
  },
});
