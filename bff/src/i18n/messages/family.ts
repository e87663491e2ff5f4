import { defineMessages } from '../define.js';

/** The family as one: household titles, the family's payment, discounts earned by paid members (issue 60). */
export const family = defineMessages({
  payment_one_form: {
    es: 'Elige una persona (person_activity_id) o a toda la familia (people), no las dos cosas.',
    en: 'Choose one person (person_activity_id) or the whole family (people), not both.',
    gl: 'Escolle unha persoa (person_activity_id) ou toda a familia (people), non as dúas cousas.',
  },
  payment_family_discount_needs_members: {
    es: 'El descuento familiar de {name} en «{activity}» se gana con la cuota de {members}: págalas juntas («Pagar por toda la familia»).',
    en: 'The family discount of {name} on “{activity}” is earned by the fee of {members}: pay them together (“Pay for the whole family”).',
    gl: 'O desconto familiar de {name} en «{activity}» gáñase coa cota de {members}: págaas xuntas («Pagar por toda a familia»).',
  },
  family_difference_member_refunded: {
    es: 'Se devolvió la cuota de {member}, que daba el descuento familiar: queda pendiente la diferencia.',
    en: 'The fee of {member}, which earned the family discount, was refunded: the difference is pending.',
    gl: 'Devolveuse a cota de {member}, que daba o desconto familiar: queda pendente a diferenza.',
  },
  payment_family_difference_settled: {
    es: 'La diferencia del descuento familiar de «{name}» ya está pagada o ya no está pendiente.',
    en: 'The family discount difference on “{name}” is already paid or no longer pending.',
    gl: 'A diferenza do desconto familiar de «{name}» xa está pagada ou xa non está pendente.',
  },
  payment_family_difference_in_checkout: {
    es: 'La diferencia del descuento familiar de «{name}» ya se está pagando desde otra cuenta de la familia. Si ese pago no termina, podrás pagarla en unos minutos.',
    en: 'The family discount difference on “{name}” is already being paid from another account of the family. If that payment does not go through, you can pay it in a few minutes.',
    gl: 'A diferenza do desconto familiar de «{name}» xa se está a pagar desde outra conta da familia. Se ese pagamento non remata, poderás pagala nuns minutos.',
  },
  receipt_family_difference_item: {
    es: '{activity}: diferencia del descuento familiar',
    en: '{activity}: family discount difference',
    gl: '{activity}: diferenza do desconto familiar',
  },
  receipt_line_family_difference: {
    es: 'Descuento familiar que ya no correspondía (lo daba {member}): {amount}',
    en: 'Family discount no longer earned (earned by {member}): {amount}',
    gl: 'Desconto familiar que xa non correspondía (dábao {member}): {amount}',
  },
  family_difference_member_withdrawn: {
    es: '{member}, que daba el descuento familiar, ya no está inscrito: queda pendiente la diferencia.',
    en: '{member}, who earned the family discount, is no longer enrolled: the difference is pending.',
    gl: '{member}, que daba o desconto familiar, xa non está inscrito: queda pendente a diferenza.',
  },

  circumstance_not_household: {
    es: 'Esta circunstancia se pide para cada persona por separado.',
    en: 'This circumstance is asked for each person separately.',
    gl: 'Esta circunstancia pídese para cada persoa por separado.',
  },
  not_household: {
    es: 'Esta solicitud es de una sola persona.',
    en: 'This request is for one person only.',
    gl: 'Esta solicitude é dunha soa persoa.',
  },
  household_last_person: {
    es: 'Es la última persona de la solicitud: recházala o retírala en su lugar.',
    en: 'This is the last person in the request: refuse or withdraw it instead.',
    gl: 'É a última persoa da solicitude: rexéitaa ou retíraa no seu lugar.',
  },
  household_person_unknown: {
    es: 'Esta persona no es de la familia que lo pidió.',
    en: 'This person is not one of the family that asked.',
    gl: 'Esta persoa non é da familia que o pediu.',
  },
});
