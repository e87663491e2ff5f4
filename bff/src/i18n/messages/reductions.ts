import { defineMessages } from '../define.js';

/** Reductions by age, rules by fee group and late approvals of a fee in parts (issue 60). */
export const reductions = defineMessages({
  circumstance_age: {
    es: 'Esta circunstancia es para personas de {min} a {max} años: {name} no puede declararla.',
    en: 'This circumstance is for people aged {min} to {max}: {name} cannot declare it.',
    gl: 'Esta circunstancia é para persoas de {min} a {max} anos: {name} non pode declarala.',
  },
  circumstance_age_open: {
    es: 'Esta circunstancia es para personas de {min} años o más: {name} no puede declararla.',
    en: 'This circumstance is for people aged {min} or over: {name} cannot declare it.',
    gl: 'Esta circunstancia é para persoas de {min} anos ou máis: {name} non pode declarala.',
  },
  circumstance_age_no_birth_date: {
    es: 'Esta circunstancia depende de la edad: añade antes la fecha de nacimiento de {name}.',
    en: 'This circumstance depends on age: add {name}’s date of birth first.',
    gl: 'Esta circunstancia depende da idade: engade antes a data de nacemento de {name}.',
  },
  circumstance_by_age: {
    es: 'Esta reducción se aplica sola por la edad: no hace falta pedirla.',
    en: 'This reduction applies by itself by age: there is no need to ask for it.',
    gl: 'Esta redución aplícase soa pola idade: non fai falla pedila.',
  },
  circumstance_min_age: {
    es: 'La edad mínima debe ser un número entero de 0 a 130 años.',
    en: 'The minimum age must be a whole number from 0 to 130.',
    gl: 'A idade mínima debe ser un número enteiro de 0 a 130 anos.',
  },
  circumstance_min_age_required: {
    es: 'Una reducción por edad necesita la edad mínima (0 para desde el nacimiento).',
    en: 'A reduction by age needs its minimum age (0 for from birth).',
    gl: 'Unha redución por idade necesita a idade mínima (0 para desde o nacemento).',
  },
  circumstance_max_age: {
    es: 'La edad máxima debe ser un número entero de 0 a 130 años, y no menor que la mínima; vacía, sin límite.',
    en: 'The maximum age must be a whole number from 0 to 130, not below the minimum; empty for no limit.',
    gl: 'A idade máxima debe ser un número enteiro de 0 a 130 anos, e non menor ca mínima; baleira, sen límite.',
  },
  circumstance_ages_staff: {
    es: 'Las edades son para reducciones por edad o por declaración; una revisada por el personal no las lleva.',
    en: 'Ages are for reductions by age or by declaration; one staff review does not take them.',
    gl: 'As idades son para reducións por idade ou por declaración; unha revisada polo persoal non as leva.',
  },
  circumstance_age_household: {
    es: 'Una reducción por edad se aplica sola a cada persona por su edad; no puede ser para la familia.',
    en: 'A reduction by age applies by itself to each person by their age; it cannot be for the household.',
    gl: 'Unha redución por idade aplícase soa a cada persoa pola súa idade; non pode ser para a familia.',
  },
  fees_group_and_activity: {
    es: 'Una regla es de una actividad o de un grupo de cuotas, no de los dos.',
    en: 'A rule is for one activity or for one fee group, not both.',
    gl: 'Unha regra é dunha actividade ou dun grupo de cotas, non dos dous.',
  },
  fees_group_invalid: {
    es: 'El grupo de cuotas debe tener de 1 a 80 caracteres.',
    en: 'The fee group must have 1 to 80 characters.',
    gl: 'O grupo de cotas debe ter de 1 a 80 caracteres.',
  },
});
