import { defineMessages } from '../define.js';

export const common = defineMessages({
  internal_error: {
    es: 'Se ha producido un error inesperado. Inténtalo de nuevo en unos minutos.',
    en: 'An unexpected error occurred. Please try again in a few minutes.',
    gl: 'Produciuse un erro inesperado. Téntao de novo nuns minutos.',
  },
  server_busy: {
    es: 'El servicio está muy ocupado. Inténtalo de nuevo en unos segundos.',
    en: 'The service is very busy. Please try again in a few seconds.',
    gl: 'O servizo está moi ocupado. Téntao de novo nuns segundos.',
  },
  service_unavailable: {
    es: 'Servicio no disponible.',
    en: 'Service unavailable.',
    gl: 'Servizo non dispoñible.',
  },
  database_unavailable: {
    es: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
    en: 'The service is not available right now. Please try again in a few seconds.',
    gl: 'O servizo non está dispoñible neste momento. Téntao de novo nuns segundos.',
  },
  not_found: { es: 'No encontrado.', en: 'Not found.', gl: 'Non atopado.' },
  unknown_council: {
    es: 'Esta dirección no corresponde a ningún portal de esta instalación. Comprueba la dirección.',
    en: 'This address is not one of the portals served here. Please check the address.',
    gl: 'Este enderezo non corresponde a ningún portal desta instalación. Comproba o enderezo.',
  },
  council_unavailable: {
    es: 'Este portal no está disponible en este momento. Inténtalo de nuevo más tarde.',
    en: 'This portal is not available right now. Please try again later.',
    gl: 'Este portal non está dispoñible neste momento. Téntao de novo máis tarde.',
  },
  method_not_allowed: {
    es: 'Esta dirección no admite esa operación.',
    en: 'This address does not accept that operation.',
    gl: 'Este enderezo non admite esa operación.',
  },
  not_implemented: {
    es: 'El servidor no admite esa operación.',
    en: 'The server does not support that operation.',
    gl: 'O servidor non admite esa operación.',
  },
  not_authenticated: {
    es: 'La sesión ha caducado o no es válida. Inicia sesión de nuevo.',
    en: 'Your session has expired or is not valid. Please log in again.',
    gl: 'A sesión caducou ou non é válida. Inicia sesión de novo.',
  },
  forbidden: {
    es: 'No tienes permiso para esta acción.',
    en: 'You do not have permission for this action.',
    gl: 'Non tes permiso para esta acción.',
  },
  too_many_requests: {
    es: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
    en: 'Too many attempts. Please wait a few minutes and try again.',
    gl: 'Demasiados intentos. Agarda uns minutos e téntao de novo.',
  },
  payload_too_large: {
    es: 'La petición es demasiado grande.',
    en: 'The request is too large.',
    gl: 'A petición é demasiado grande.',
  },
  bad_request: {
    es: 'La petición no es válida.',
    en: 'The request is not valid.',
    gl: 'A petición non é válida.',
  },
  validation_error: {
    es: 'Revisa los datos enviados.',
    en: 'Please check the data you sent.',
    gl: 'Revisa os datos enviados.',
  },
  invisible_characters: {
    es: 'No puede contener caracteres de control ni invisibles (NUL, escapes, cambios de dirección del texto, espacios de anchura cero, rellenos) ni ser solo tildes o diacríticos sueltos.',
    en: 'It cannot contain control or invisible characters (NUL, escapes, text direction overrides, zero-width spaces, fillers), nor be only accent marks.',
    gl: 'Non pode conter caracteres de control nin invisibles (NUL, escapes, cambios de dirección do texto, espazos de largura cero, recheos) nin ser só tiles ou diacríticos soltos.',
  },
  mixed_script_name: {
    es: 'El nombre mezcla letras de alfabetos distintos que se parecen (por ejemplo, una «а» cirílica o una «ο» griega entre letras latinas). Escríbelo todo con el mismo alfabeto.',
    en: 'The name mixes look-alike letters from different alphabets (for example, a Cyrillic "а" or a Greek "ο" among Latin letters). Write it all in one alphabet.',
    gl: 'O nome mestura letras de alfabetos distintos que se parecen (por exemplo, unha «а» cirílica ou unha «ο» grega entre letras latinas). Escríbeo todo co mesmo alfabeto.',
  },
  unsupported_media_type: {
    es: 'Formato de petición no admitido.',
    en: 'Unsupported request format.',
    gl: 'Formato de petición non admitido.',
  },
  field_required: { es: 'Campo obligatorio.', en: 'Field required.', gl: 'Campo obrigatorio.' },
  field_not_allowed: {
    es: 'Este campo no se puede cambiar aquí.',
    en: 'This field cannot be changed here.',
    gl: 'Este campo non se pode cambiar aquí.',
  },
  field_invalid: {
    es: 'El valor no es válido.',
    en: 'The value is not valid.',
    gl: 'O valor non é válido.',
  },
  invalid_dni: {
    es: 'Introduce un DNI o NIE válido, con su letra (por ejemplo, 12345678Z).',
    en: 'Enter a valid DNI or NIE with its letter (for example, 12345678Z).',
    gl: 'Introduce un DNI ou NIE válido, coa súa letra (por exemplo, 12345678Z).',
  },
  invalid_phone: {
    es: 'Introduce un teléfono de 9 dígitos.',
    en: 'Enter a 9-digit phone number.',
    gl: 'Introduce un teléfono de 9 díxitos.',
  },
  invalid_mobile: {
    es: 'Introduce un móvil de 9 dígitos que empiece por 6 o 7.',
    en: 'Enter a 9-digit mobile number starting with 6 or 7.',
    gl: 'Introduce un móbil de 9 díxitos que comece por 6 ou 7.',
  },
  invalid_email: {
    es: 'Introduce una dirección de correo electrónico válida, como nombre@example.com.',
    en: 'Enter a valid e-mail address, like name@example.com.',
    gl: 'Introduce un enderezo de correo electrónico válido, como nome@example.com.',
  },
  invalid_date: {
    es: 'Introduce una fecha válida (AAAA-MM-DD).',
    en: 'Enter a valid date (YYYY-MM-DD).',
    gl: 'Introduce unha data válida (AAAA-MM-DD).',
  },
  invalid_number: {
    es: 'Introduce un número válido.',
    en: 'Enter a valid number.',
    gl: 'Introduce un número válido.',
  },
  password_too_short: {
    es: 'La contraseña debe tener al menos 8 caracteres.',
    en: 'Password must be at least 8 characters.',
    gl: 'O contrasinal debe ter polo menos 8 caracteres.',
  },
  password_too_long: {
    es: 'La contraseña puede tener como máximo 128 caracteres.',
    en: 'Password can be at most 128 characters.',
    gl: 'O contrasinal pode ter como máximo 128 caracteres.',
  },
  passwords_do_not_match: {
    es: 'Las contraseñas no coinciden.',
    en: 'Passwords do not match.',
    gl: 'Os contrasinais non coinciden.',
  },
  password_too_common: {
    es: 'Esa contraseña es demasiado común. Elige otra más difícil de adivinar.',
    en: 'That password is too common. Choose one that is harder to guess.',
    gl: 'Ese contrasinal é demasiado común. Escolle outro máis difícil de adiviñar.',
  },
  invalid_code_format: {
    es: 'El código tiene 6 dígitos.',
    en: 'The code has 6 digits.',
    gl: 'O código ten 6 díxitos.',
  },
});
