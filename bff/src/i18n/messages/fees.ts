import { defineMessages } from '../define.js';

/** Fee rules, age bands, and a fee's breakdown on receipts and exports (issue 48). */
export const fees = defineMessages({
  fees_unknown_circumstance: {
    es: 'Esa circunstancia no existe: elige una de la lista del Concello.',
    en: 'That circumstance does not exist: choose one from the council’s list.',
    gl: 'Esa circunstancia non existe: escolle unha da lista do Concello.',
  },
  fees_unknown_activity: {
    es: 'Esa actividad no existe.',
    en: 'That activity does not exist.',
    gl: 'Esa actividade non existe.',
  },
  fees_rule_twice: {
    es: 'Ya hay otra regla para esta circunstancia en esta actividad (o en todo el Concello): deja solo una.',
    en: 'There is already another rule for this circumstance in this activity (or council-wide): keep only one.',
    gl: 'Xa hai outra regra para esta circunstancia nesta actividade (ou en todo o Concello): deixa só unha.',
  },
  fees_percent_or_price: {
    es: 'Indica un porcentaje de reducción o un precio fijo, solo uno de los dos.',
    en: 'Give either a percentage off or a fixed price, not both.',
    gl: 'Indica unha porcentaxe de redución ou un prezo fixo, só un dos dous.',
  },
  fees_percent_invalid: {
    es: 'El porcentaje debe estar entre 0 y 100, con un decimal como mucho (100 es gratis).',
    en: 'The percentage must be from 0 to 100, with one decimal at most (100 is free).',
    gl: 'A porcentaxe debe estar entre 0 e 100, cun decimal como moito (100 é de balde).',
  },
  fees_family_from_member: {
    es: 'Un descuento familiar empieza en el 2.º miembro de la familia o después (de 2 a 20).',
    en: 'A family discount starts from the 2nd family member or later (2 to 20).',
    gl: 'Un desconto familiar comeza no 2.º membro da familia ou despois (de 2 a 20).',
  },
  fees_family_twice: {
    es: 'Ya hay un descuento familiar desde ese miembro: deja solo uno.',
    en: 'There is already a family discount from that member: keep only one.',
    gl: 'Xa hai un desconto familiar desde ese membro: deixa só un.',
  },
  fees_tariff_price: {
    es: 'El precio de las edades de {from} a {to} años debe ser de 0 € o más.',
    en: 'The price for ages {from} to {to} must be €0 or more.',
    gl: 'O prezo das idades de {from} a {to} anos debe ser de 0 € ou máis.',
  },
  fees_tariff_price_open: {
    es: 'El precio desde los {from} años debe ser de 0 € o más.',
    en: 'The price from age {from} must be €0 or more.',
    gl: 'O prezo desde os {from} anos debe ser de 0 € ou máis.',
  },
  fees_tariff_order: {
    es: 'Un tramo no puede ir de los {from} a los {to} años: la edad final es menor que la inicial.',
    en: 'A band cannot go from age {from} to {to}: the last age is below the first.',
    gl: 'Un tramo non pode ir dos {from} aos {to} anos: a idade final é menor ca inicial.',
  },
  fees_tariff_gap: {
    es: 'Las edades de {from} a {to} años no tienen precio.',
    en: 'Ages {from} to {to} have no price.',
    gl: 'As idades de {from} a {to} anos non teñen prezo.',
  },
  fees_tariff_gap_one: {
    es: 'La edad de {from} años no tiene precio.',
    en: 'Age {from} has no price.',
    gl: 'A idade de {from} anos non ten prezo.',
  },
  fees_tariff_open_end: {
    es: 'Las edades desde los {from} años no tienen precio: deja el último tramo sin edad final.',
    en: 'Ages from {from} have no price: leave the last band without a last age.',
    gl: 'As idades desde os {from} anos non teñen prezo: deixa o último tramo sen idade final.',
  },
  fees_tariff_overlap: {
    es: 'Las edades de {from} a {to} años están en dos tramos.',
    en: 'Ages {from} to {to} are in two bands.',
    gl: 'As idades de {from} a {to} anos están en dous tramos.',
  },
  fees_tariff_overlap_one: {
    es: 'La edad de {from} años está en dos tramos.',
    en: 'Age {from} is in two bands.',
    gl: 'A idade de {from} anos está en dous tramos.',
  },
  fees_tariff_overlap_open: {
    es: 'Las edades desde los {from} años están en dos tramos.',
    en: 'Ages from {from} are in two bands.',
    gl: 'As idades desde os {from} anos están en dous tramos.',
  },
  fees_tariff_no_default: {
    es: 'Marca un tramo como el predeterminado: el que paga quien no tiene fecha de nacimiento.',
    en: 'Mark one band as the default: the one a person without a birth date pays.',
    gl: 'Marca un tramo como o predeterminado: o que paga quen non ten data de nacemento.',
  },
  fees_tariff_two_defaults: {
    es: 'Solo un tramo puede ser el predeterminado.',
    en: 'Only one band can be the default.',
    gl: 'Só un tramo pode ser o predeterminado.',
  },
  fees_age_on_invalid: {
    es: 'La fecha de referencia de la edad no es válida.',
    en: 'The date ages are counted on is not valid.',
    gl: 'A data de referencia da idade non é válida.',
  },
  upload_birth_date_future: {
    es: 'La fecha de nacimiento no puede ser posterior a hoy.',
    en: 'The birth date cannot be after today.',
    gl: 'A data de nacemento non pode ser posterior a hoxe.',
  },
  fee_line_price: {
    es: 'Precio: {price}',
    en: 'Price: {price}',
    gl: 'Prezo: {price}',
  },
  fee_line_band: {
    es: 'Tarifa de {from} a {to} años ({age} años): {price}',
    en: 'Price for ages {from} to {to} (aged {age}): {price}',
    gl: 'Tarifa de {from} a {to} anos ({age} anos): {price}',
  },
  fee_line_band_open: {
    es: 'Tarifa desde los {from} años ({age} años): {price}',
    en: 'Price from age {from} (aged {age}): {price}',
    gl: 'Tarifa desde os {from} anos ({age} anos): {price}',
  },
  fee_line_band_default: {
    es: 'Tarifa predeterminada, sin fecha de nacimiento: {price}',
    en: 'Default price, no birth date: {price}',
    gl: 'Tarifa predeterminada, sen data de nacemento: {price}',
  },
  fee_line_reduction_percent: {
    es: 'Reducción por {name} ({percent} %): −{amount}',
    en: 'Reduction for {name} ({percent}%): −{amount}',
    gl: 'Redución por {name} ({percent} %): −{amount}',
  },
  fee_line_reduction_price: {
    es: 'Reducción por {name} (precio fijo {price}): −{amount}',
    en: 'Reduction for {name} (fixed price {price}): −{amount}',
    gl: 'Redución por {name} (prezo fixo {price}): −{amount}',
  },
  fee_line_family: {
    es: 'Descuento familiar, miembro n.º {member} ({percent} %): −{amount}',
    en: 'Family discount, member no. {member} ({percent}%): −{amount}',
    gl: 'Desconto familiar, membro n.º {member} ({percent} %): −{amount}',
  },
  fee_line_registration: {
    es: 'Matrícula (sin reducción): +{amount}',
    en: 'Registration fee (never reduced): +{amount}',
    gl: 'Matrícula (sen redución): +{amount}',
  },
});
