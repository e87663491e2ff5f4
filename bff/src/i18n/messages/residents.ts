import { defineMessages } from '../define.js';

/** Messages of the residents area: account, managed people and the texts of the codes we send. */
export const residents = defineMessages({
  otp_sent: {
    es: 'Código enviado por SMS.',
    en: 'Code sent by SMS.',
    gl: 'Código enviado por SMS.',
  },
  invalid_code: {
    es: 'Código incorrecto o caducado.',
    en: 'Incorrect or expired code.',
    gl: 'Código incorrecto ou caducado.',
  },
  phone_mismatch: {
    es: 'Este DNI figura en las inscripciones del Concello con otro teléfono móvil. Regístrate con ese móvil o contacta con el Concello para actualizarlo.',
    en: "This DNI is on the council's enrolment records with another mobile phone. Register with that mobile, or contact the council to update it.",
    gl: 'Este DNI figura nas inscricións do Concello con outro teléfono móbil. Rexístrate con ese móbil ou contacta co Concello para actualizalo.',
  },
  account_exists: {
    es: 'Ya existe una cuenta con ese DNI. Inicia sesión o recupera tu contraseña.',
    en: 'An account with that DNI already exists. Log in or recover your password.',
    gl: 'Xa existe unha conta con ese DNI. Inicia sesión ou recupera o teu contrasinal.',
  },
  invalid_credentials: {
    es: 'DNI o contraseña incorrectos.',
    en: 'Incorrect ID or password.',
    gl: 'DNI ou contrasinal incorrectos.',
  },
  person_not_found: {
    es: 'No hay ninguna inscripción con ese DNI y teléfono.',
    en: 'There is no enrolment with that DNI and phone number.',
    gl: 'Non hai ningunha inscrición con ese DNI e teléfono.',
  },
  already_associated: {
    es: 'Esta persona ya está asociada a tu cuenta.',
    en: 'This person is already linked to your account.',
    gl: 'Esta persoa xa está asociada á túa conta.',
  },
  person_associated_success: {
    es: 'Persona asociada correctamente.',
    en: 'Person linked successfully.',
    gl: 'Persoa asociada correctamente.',
  },
  recovery_email_sent: {
    es: 'Si la dirección corresponde a una cuenta, recibirás un código por correo electrónico.',
    en: 'If the address belongs to an account, you will receive a code by e-mail.',
    gl: 'Se o enderezo corresponde a unha conta, recibirás un código por correo electrónico.',
  },
  password_changed: {
    es: 'Contraseña cambiada correctamente. Ya puedes iniciar sesión.',
    en: 'Password changed successfully. You can now log in.',
    gl: 'Contrasinal cambiado correctamente. Xa podes iniciar sesión.',
  },
  code_delivery_failed: {
    es: 'No hemos podido enviar el código. Inténtalo de nuevo en unos minutos.',
    en: 'We could not send the code. Please try again in a few minutes.',
    gl: 'Non puidemos enviar o código. Téntao de novo nuns minutos.',
  },
  residents_sms_register: {
    es: 'Tu código de verificación es {code}. Caduca en 10 minutos. No lo compartas con nadie.',
    en: 'Your verification code is {code}. It expires in 10 minutes. Do not share it with anyone.',
    gl: 'O teu código de verificación é {code}. Caduca en 10 minutos. Non o compartas con ninguén.',
  },
  residents_sms_associate_shared: {
    es: 'Otra cuenta pide gestionar también las actividades de {name}. Código: {code}. Caduca en 10 minutos. Dáselo solo a quien quieras que la gestione (el otro progenitor, por ejemplo).',
    en: 'Another account asks to manage the activities of {name} too. Code: {code}. It expires in 10 minutes. Give it only to whoever you want to manage them (the other parent, for instance).',
    gl: 'Outra conta pide xestionar tamén as actividades de {name}. Código: {code}. Caduca en 10 minutos. Dállo só a quen queiras que a xestione (o outro proxenitor, por exemplo).',
  },
  residents_sms_person_taken_over: {
    es: '{name} ha registrado su propio DNI en el portal de deportes y ahora gestiona sus actividades desde su cuenta. Ya no aparece en la tuya; sus inscripciones y pagos siguen con {name}.',
    en: '{name} has registered their own DNI on the sports portal and now manages their activities from their account. They no longer appear in yours; their enrolments and payments stay with {name}.',
    gl: '{name} rexistrou o seu propio DNI no portal de deportes e agora xestiona as súas actividades desde a súa conta. Xa non aparece na túa; as súas inscricións e pagamentos seguen con {name}.',
  },
  residents_sms_associate: {
    es: 'Código para gestionar las actividades de {name} desde otra cuenta: {code}. Caduca en 10 minutos. Si no lo has pedido, ignora este mensaje.',
    en: 'Code to manage the activities of {name} from another account: {code}. It expires in 10 minutes. If you did not ask for it, ignore this message.',
    gl: 'Código para xestionar as actividades de {name} desde outra conta: {code}. Caduca en 10 minutos. Se non o pediches, ignora esta mensaxe.',
  },
  residents_mail_recovery_subject: {
    es: 'Código para recuperar tu contraseña',
    en: 'Code to recover your password',
    gl: 'Código para recuperar o teu contrasinal',
  },
  residents_mail_recovery_body: {
    es: 'Hola:\n\nTu código para cambiar la contraseña es {code}. Caduca en 10 minutos.\n\nSi no has pedido cambiar la contraseña, ignora este mensaje: tu contraseña actual sigue siendo válida.',
    en: 'Hello,\n\nYour code to change your password is {code}. It expires in 10 minutes.\n\nIf you did not ask to change your password, ignore this message: your current password still works.',
    gl: 'Ola:\n\nO teu código para cambiar o contrasinal é {code}. Caduca en 10 minutos.\n\nSe non pediches cambiar o contrasinal, ignora esta mensaxe: o teu contrasinal actual segue sendo válido.',
  },
  email_code_sent: {
    es: 'Código enviado por correo electrónico.',
    en: 'Code sent by e-mail.',
    gl: 'Código enviado por correo electrónico.',
  },
  unchanged: {
    es: 'Es el dato que ya tiene tu cuenta.',
    en: 'That is what your account already has.',
    gl: 'É o dato que xa ten a túa conta.',
  },
  residents_mail_email_change_subject: {
    es: 'Código para cambiar tu correo electrónico',
    en: 'Code to change your e-mail address',
    gl: 'Código para cambiar o teu correo electrónico',
  },
  residents_mail_email_change_body: {
    es: 'Hola:\n\nTu código para usar esta dirección en el portal de actividades es {code}. Caduca en 10 minutos.\n\nSi no lo has pedido, ignora este mensaje: nada cambia.',
    en: 'Hello,\n\nYour code to use this address on the activities portal is {code}. It expires in 10 minutes.\n\nIf you did not ask for it, ignore this message: nothing changes.',
    gl: 'Ola:\n\nO teu código para usar este enderezo no portal de actividades é {code}. Caduca en 10 minutos.\n\nSe non o pediches, ignora esta mensaxe: nada cambia.',
  },
  residents_mail_email_confirm_subject: {
    es: 'Confirma tu correo electrónico',
    en: 'Confirm your e-mail address',
    gl: 'Confirma o teu correo electrónico',
  },
  residents_mail_email_confirm_body: {
    es: 'Hola:\n\nTu código para confirmar esta dirección en el portal de actividades es {code}. Caduca en 10 minutos. Escríbelo en «Mi cuenta»: con la dirección confirmada podrás recuperar tu contraseña por correo.\n\nSi no has creado una cuenta en el portal, ignora este mensaje: nada cambia.',
    en: 'Hello,\n\nYour code to confirm this address on the activities portal is {code}. It expires in 10 minutes. Enter it in "My account": with the address confirmed you can recover your password by e-mail.\n\nIf you did not create an account on the portal, ignore this message: nothing changes.',
    gl: 'Ola:\n\nO teu código para confirmar este enderezo no portal de actividades é {code}. Caduca en 10 minutos. Escríbeo en «A miña conta»: co enderezo confirmado poderás recuperar o teu contrasinal por correo.\n\nSe non creaches unha conta no portal, ignora esta mensaxe: nada cambia.',
  },
  email_taken: {
    es: 'Otra cuenta ya ha confirmado este correo electrónico. Cada cuenta necesita el suyo para recuperar la contraseña: usa otra dirección o contacta con el Concello.',
    en: 'Another account has already confirmed this e-mail address. Each account needs its own to recover its password: use another address or contact the council.',
    gl: 'Outra conta xa confirmou este correo electrónico. Cada conta necesita o seu para recuperar o contrasinal: usa outro enderezo ou contacta co Concello.',
  },
  no_email: {
    es: 'Tu cuenta no tiene correo electrónico. Añádelo con «Cambiar el correo electrónico».',
    en: 'Your account has no e-mail address. Add one with "Change the e-mail".',
    gl: 'A túa conta non ten correo electrónico. Engádeo con «Cambiar o correo electrónico».',
  },
  already_confirmed: {
    es: 'Tu correo electrónico ya está confirmado.',
    en: 'Your e-mail address is already confirmed.',
    gl: 'O teu correo electrónico xa está confirmado.',
  },
  residents_sms_phone_change: {
    es: 'Tu código para usar este móvil en el portal de actividades es {code}. Caduca en 10 minutos. No lo compartas con nadie.',
    en: 'Your code to use this mobile on the activities portal is {code}. It expires in 10 minutes. Do not share it with anyone.',
    gl: 'O teu código para usar este móbil no portal de actividades é {code}. Caduca en 10 minutos. Non o compartas con ninguén.',
  },
  residents_mail_contact_changed_subject: {
    es: 'Han cambiado los datos de contacto de tu cuenta',
    en: 'The contact details of your account have changed',
    gl: 'Cambiaron os datos de contacto da túa conta',
  },
  residents_mail_contact_changed_body: {
    es: 'Hola:\n\nEl {what} de tu cuenta del portal de actividades (DNI {dni}) ha cambiado a {value}.\n\nSi no has sido tú, cambia tu contraseña y contacta con el Concello.',
    en: 'Hello,\n\nThe {what} of your activities portal account (DNI {dni}) has changed to {value}.\n\nIf this was not you, change your password and contact the council.',
    gl: 'Ola:\n\nO {what} da túa conta do portal de actividades (DNI {dni}) cambiou a {value}.\n\nSe non fuches ti, cambia o teu contrasinal e contacta co Concello.',
  },
  residents_contact_email: {
    es: 'correo electrónico',
    en: 'e-mail address',
    gl: 'correo electrónico',
  },
  residents_contact_phone: {
    es: 'teléfono móvil',
    en: 'mobile phone',
    gl: 'teléfono móbil',
  },
});
