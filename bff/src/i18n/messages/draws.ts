import { defineMessages } from '../define.js';

/** The draw's public value (services/season/draws.ts). */
export const draws = defineMessages({
  public_value_missing: {
    es: 'Falta el valor público del sorteo; introdúzcalo cuando se publique y después realice el sorteo.',
    en: 'The draw’s public value is missing; enter it once it is published, then run the draw.',
    gl: 'Falta o valor público do sorteo; introdúzao cando se publique e despois realice o sorteo.',
  },
  public_value_too_early: {
    es: 'El valor público se introduce después del cierre de las solicitudes.',
    en: 'The public value is entered after applications close.',
    gl: 'O valor público introdúcese despois do peche das solicitudes.',
  },
  public_value_entered: {
    es: 'El valor público de este sorteo ya se introdujo y no puede cambiarse.',
    en: 'This draw’s public value has already been entered and cannot change.',
    gl: 'O valor público deste sorteo xa se introduciu e non pode cambiarse.',
  },
  public_value_no_source: {
    es: 'Este sorteo no nombró ninguna fuente de valor público.',
    en: 'This draw named no source of a public value.',
    gl: 'Este sorteo non nomeou ningunha fonte de valor público.',
  },
  public_value_source_fixed: {
    es: 'La fuente del valor público no puede cambiar una vez abiertas las solicitudes.',
    en: 'The public value’s source cannot change once applications have opened.',
    gl: 'A fonte do valor público non pode cambiar unha vez abertas as solicitudes.',
  },
  public_value_description_required: {
    es: 'Nombre la fuente del valor público (de 3 a 300 caracteres), p. ej. «Número premiado del cupón diario de la ONCE del 16 de diciembre de 2026».',
    en: 'Name the public value’s source (3 to 300 characters), e.g. “The ONCE daily coupon’s winning number of 16 December 2026”.',
    gl: 'Nomee a fonte do valor público (de 3 a 300 caracteres), p. ex. «Número premiado do cupón diario da ONCE do 16 de decembro de 2026».',
  },
  public_value_required: {
    es: 'Escriba el valor público tal como lo publicó la fuente.',
    en: 'Type the public value as its source published it.',
    gl: 'Escriba o valor público tal como o publicou a fonte.',
  },
  public_value_invalid: {
    es: 'El valor público no es válido: como mucho {max} caracteres, sin caracteres de control (drand: 64 caracteres hexadecimales).',
    en: 'The public value is not valid: at most {max} characters, no control characters (drand: 64 hexadecimal characters).',
    gl: 'O valor público non é válido: como moito {max} caracteres, sen caracteres de control (drand: 64 caracteres hexadecimais).',
  },
  public_value_not_drand: {
    es: 'Ese valor no es el que drand publicó para la ronda del sorteo.',
    en: 'That value is not the one drand published for the draw’s round.',
    gl: 'Ese valor non é o que drand publicou para a rolda do sorteo.',
  },
  drand_round_pending: {
    es: 'drand aún no ha publicado la ronda {round} (se publica el {at}).',
    en: 'drand has not yet published round {round} (due on {at}).',
    gl: 'drand aínda non publicou a rolda {round} (publícase o {at}).',
  },
  duplicates_unreviewed: {
    es: 'Hay {count} posibles duplicados sin revisar entre los solicitantes; únelos o márcalos como personas diferentes antes del sorteo.',
    en: '{count} likely duplicates among the applicants are still unreviewed; merge them or mark them as different people before the draw.',
    gl: 'Hai {count} posibles duplicados sen revisar entre os solicitantes; úneos ou márcaos como persoas diferentes antes do sorteo.',
  },
  drand_unavailable: {
    es: 'No se pudo leer el valor de drand. Inténtelo de nuevo en unos minutos.',
    en: 'The value could not be read from drand. Try again in a few minutes.',
    gl: 'Non se puido ler o valor de drand. Ténteo de novo nuns minutos.',
  },
  reserved_over_capacity: {
    es: 'Las plazas reservadas no pueden ser más que las plazas ({capacity}).',
    en: 'Reserved places cannot be more than the places ({capacity}).',
    gl: 'As prazas reservadas non poden ser máis que as prazas ({capacity}).',
  },
  reserved_circumstance_required: {
    es: 'Elija la circunstancia para la que se reservan las plazas.',
    en: 'Choose the circumstance the places are reserved for.',
    gl: 'Escolla a circunstancia para a que se reservan as prazas.',
  },
  reserved_circumstance_unknown: {
    es: 'Esa circunstancia no existe.',
    en: 'That circumstance does not exist.',
    gl: 'Esa circunstancia non existe.',
  },
  reserved_places_fixed: {
    es: 'Las plazas reservadas no pueden cambiar una vez abiertas las solicitudes.',
    en: 'Reserved places cannot change once applications have opened.',
    gl: 'As prazas reservadas non poden cambiar unha vez abertas as solicitudes.',
  },
  applications_not_open_for_group: {
    es: 'La inscripción para el grupo «{group}» abre el {opens}.',
    en: 'Applications for the group “{group}” open on {opens}.',
    gl: 'A inscrición para o grupo «{group}» abre o {opens}.',
  },
  applications_not_open_no_group: {
    es: 'La inscripción abre para todos el {opens}; antes, solo para los grupos con prioridad.',
    en: 'Applications open for everyone on {opens}; before that, only for the priority groups.',
    gl: 'A inscrición abre para todos o {opens}; antes, só para os grupos con prioridade.',
  },
  priority_groups_fixed: {
    es: 'La actividad ya tiene solicitudes: sus grupos de prioridad no pueden cambiar.',
    en: 'The activity already has applications: its priority groups cannot change.',
    gl: 'A actividade xa ten solicitudes: os seus grupos de prioridade non poden cambiar.',
  },
  priority_groups_too_many: {
    es: 'Como mucho 5 grupos de prioridad.',
    en: 'At most 5 priority groups.',
    gl: 'Como moito 5 grupos de prioridade.',
  },
  priority_mode_required: {
    es: 'Elija cómo tienen prioridad los grupos: en el sorteo o con plazos anteriores.',
    en: 'Choose how the groups take precedence: at the draw, or with earlier windows.',
    gl: 'Escolla como teñen prioridade os grupos: no sorteo ou con prazos anteriores.',
  },
  priority_mode_first_come: {
    es: 'Por orden de llegada los grupos solo pueden tener plazos anteriores.',
    en: 'First come, groups can only have earlier windows.',
    gl: 'Por orde de chegada os grupos só poden ter prazos anteriores.',
  },
  priority_group_name_required: {
    es: 'Ponga nombre al grupo.',
    en: 'Name the group.',
    gl: 'Poña nome ao grupo.',
  },
  priority_circumstance_unknown: {
    es: 'Esa circunstancia no existe.',
    en: 'That circumstance does not exist.',
    gl: 'Esa circunstancia non existe.',
  },
  priority_group_everyone_last: {
    es: 'Solo el último grupo puede ser «todos» (sin circunstancias).',
    en: 'Only the last group can be “everyone” (no circumstances).',
    gl: 'Só o último grupo pode ser «todos» (sen circunstancias).',
  },
  priority_window_after_open: {
    es: 'El plazo de un grupo no puede abrir después que el de la actividad.',
    en: 'A group’s window cannot open after the activity’s.',
    gl: 'O prazo dun grupo non pode abrir despois que o da actividade.',
  },
  priority_windows_order: {
    es: 'Cada grupo abre a la vez o después que el anterior.',
    en: 'Each group opens at the same time as the one before, or later.',
    gl: 'Cada grupo abre á vez ou despois que o anterior.',
  },
});
