import { defineMessages } from '../define.js';

/** Messages of the admin area. */
export const admin = defineMessages({
  complete_all_required_fields: {
    es: 'Por favor, completa todos los campos obligatorios.',
    en: 'Please fill in all required fields.',
    gl: 'Por favor, completa todos os campos obrigatorios.',
  },
  admin_account_exists: {
    es: 'Ya existe una cuenta con ese DNI.',
    en: 'An account with that DNI already exists.',
    gl: 'Xa existe unha conta con ese DNI.',
  },
  birth_date_not_removable: {
    es: 'Una fecha de nacimiento registrada se puede corregir, pero no borrar.',
    en: 'A date of birth on record can be corrected, but not removed.',
    gl: 'Unha data de nacemento rexistrada pódese corrixir, pero non borrar.',
  },
  cannot_delete_self: {
    es: 'No puedes eliminar tu propia cuenta.',
    en: 'You cannot delete your own account.',
    gl: 'Non podes eliminar a túa propia conta.',
  },
  landline_warning: {
    es: 'El teléfono {phone} no es un móvil: esta persona no podrá asociarse a ninguna cuenta, porque el código se envía por SMS. Si tiene móvil, guárdalo en su lugar.',
    en: 'The phone {phone} is not a mobile: this person can never be linked to an account, because the code goes by SMS. If they have a mobile, save that instead.',
    gl: 'O teléfono {phone} non é un móbil: esta persoa non poderá asociarse a ningunha conta, porque o código se envía por SMS. Se ten móbil, gárdao no seu lugar.',
  },
  not_squatted: {
    es: 'El teléfono de esta cuenta coincide con el de las inscripciones; no hay nada que liberar.',
    en: 'This account’s phone matches the enrolment records; there is nothing to release.',
    gl: 'O teléfono desta conta coincide co das inscricións; non hai nada que liberar.',
  },
  cannot_demote_self: {
    es: 'No puedes quitarte a ti mismo el rol de administrador.',
    en: 'You cannot remove the administrator role from yourself.',
    gl: 'Non podes quitarte a ti mesmo o rol de administrador.',
  },
  activity_exists: {
    es: 'Ya existe una actividad con ese nombre y fecha de inicio.',
    en: 'An activity with that name and start date already exists.',
    gl: 'Xa existe unha actividade con ese nome e data de inicio.',
  },
  activity_has_paid_items: {
    es: 'La actividad tiene pagos y no se puede eliminar.',
    en: 'The activity has payments and cannot be deleted.',
    gl: 'A actividade ten pagamentos e non se pode eliminar.',
  },
  has_paid_items: {
    es: 'No se puede quitar una actividad ya pagada.',
    en: 'A paid activity cannot be removed.',
    gl: 'Non se pode quitar unha actividade xa pagada.',
  },
  enrolment_has_paid_items: {
    es: 'La inscripción tiene actividades pagadas y no se puede eliminar.',
    en: 'The enrolment has paid activities and cannot be deleted.',
    gl: 'A inscrición ten actividades pagadas e non se pode eliminar.',
  },
  enrolment_exists: {
    es: 'Ya existe una inscripción con ese DNI.',
    en: 'An enrolment with that DNI already exists.',
    gl: 'Xa existe unha inscrición con ese DNI.',
  },
  unknown_activity: {
    es: 'La actividad elegida no existe. Recarga la lista de actividades.',
    en: 'The chosen activity does not exist. Reload the list of activities.',
    gl: 'A actividade escollida non existe. Recarga a lista de actividades.',
  },
  invalid_price: {
    es: 'El precio debe ser un número de 0 o más.',
    en: 'The price must be a number of 0 or more.',
    gl: 'O prezo debe ser un número de 0 ou máis.',
  },
  amount_too_high: {
    es: 'El importe no puede pasar de 100.000 €.',
    en: 'The amount cannot be more than €100,000.',
    gl: 'O importe non pode pasar de 100.000 €.',
  },
  invalid_mfa_code: {
    es: 'El código no es correcto.',
    en: 'The code is not correct.',
    gl: 'O código non é correcto.',
  },
  mfa_token_invalid: {
    es: 'El inicio de sesión ha caducado. Vuelve a escribir tu contraseña.',
    en: 'The login has expired. Enter your password again.',
    gl: 'O inicio de sesión caducou. Volve escribir o teu contrasinal.',
  },
  mfa_already_enabled: {
    es: 'Ya tienes configurado el segundo factor.',
    en: 'Your second factor is set up already.',
    gl: 'Xa tes configurado o segundo factor.',
  },
  mfa_setup_missing: {
    es: 'Empieza de nuevo la configuración del segundo factor.',
    en: 'Start setting up the second factor again.',
    gl: 'Comeza de novo a configuración do segundo factor.',
  },
  mfa_setup_required: {
    es: 'Configura antes el segundo factor de inicio de sesión.',
    en: 'Set up your second login factor first.',
    gl: 'Configura antes o segundo factor de inicio de sesión.',
  },
  mfa_not_enabled: {
    es: 'Esta cuenta no tiene segundo factor: no hay nada que quitar.',
    en: 'This account has no second factor: there is nothing to remove.',
    gl: 'Esta conta non ten segundo factor: non hai nada que quitar.',
  },
  cannot_reset_own_mfa: {
    es: 'No puedes quitar tu propio segundo factor.',
    en: 'You cannot remove your own second factor.',
    gl: 'Non podes quitar o teu propio segundo factor.',
  },
  reminder_days_invalid: {
    es: 'Los días de recordatorio deben ser números enteros distintos entre 1 y 60 (diez como máximo).',
    en: 'Reminder days must be different whole numbers from 1 to 60 (ten at most).',
    gl: 'Os días de recordatorio deben ser números enteiros distintos entre 1 e 60 (dez como máximo).',
  },
  reminder_channel_invalid: {
    es: 'Elige cómo se envían los recordatorios: SMS, correo electrónico o ambos.',
    en: 'Choose how reminders are sent: SMS, e-mail or both.',
    gl: 'Escolle como se envían os recordatorios: SMS, correo electrónico ou ambos.',
  },
  reminders_enabled_invalid: {
    es: 'Indica si los recordatorios están activados.',
    en: 'Say whether reminders are on.',
    gl: 'Indica se os recordatorios están activados.',
  },
  bizum_enabled_invalid: {
    es: 'Indica si se acepta Bizum.',
    en: 'Say whether Bizum is accepted.',
    gl: 'Indica se se acepta Bizum.',
  },
  joint_fit_invalid: {
    es: 'Elige qué pasa con las plazas que quedan cuando un grupo de hermanos no cabe: las ocupa la siguiente solicitud que quepa, o esperan al grupo.',
    en: 'Choose what happens to the places left when a group of siblings does not fit: the next application that fits takes them, or they wait for the group.',
    gl: 'Escolle que pasa coas prazas que quedan cando un grupo de irmáns non cabe: ocúpaas a seguinte solicitude que caiba, ou agardan polo grupo.',
  },
  global_discount_out_of_range: {
    es: 'El descuento debe estar entre 0 y 100%',
    en: 'The discount must be between 0 and 100%',
    gl: 'O desconto debe estar entre 0 e 100%',
  },
  global_discount_step: {
    es: 'El descuento admite como máximo un decimal (pasos de 0,1 %).',
    en: 'The discount allows at most one decimal place (steps of 0.1%).',
    gl: 'O desconto admite como máximo un decimal (pasos de 0,1 %).',
  },
  please_select_file: {
    es: 'Selecciona un archivo.',
    en: 'Please select a file.',
    gl: 'Selecciona un ficheiro.',
  },
  invalid_file_type: {
    es: 'El archivo debe ser un Excel con extensión .xlsx.',
    en: 'The file must be an Excel file ending in .xlsx.',
    gl: 'O ficheiro debe ser un Excel con extensión .xlsx.',
  },
  invalid_xlsx: {
    es: 'El archivo no es un Excel .xlsx válido o está dañado.',
    en: 'The file is not a valid .xlsx Excel file, or it is damaged.',
    gl: 'O ficheiro non é un Excel .xlsx válido ou está danado.',
  },
  xlsx_encrypted: {
    es: 'El archivo está protegido con contraseña. Ábrelo en Excel o Calc, quita la contraseña y guárdalo de nuevo como .xlsx.',
    en: 'The file is password-protected. Open it in Excel or Calc, remove the password and save it again as .xlsx.',
    gl: 'O ficheiro está protexido con contrasinal. Ábreo en Excel ou Calc, quita o contrasinal e gárdao de novo como .xlsx.',
  },
  xls_not_xlsx: {
    es: 'Es un Excel antiguo (.xls, Excel 97-2003) con otro nombre. Ábrelo y guárdalo como «Libro de Excel (.xlsx)».',
    en: 'This is an old Excel file (.xls, Excel 97-2003) with another name. Open it and save it as "Excel Workbook (.xlsx)".',
    gl: 'É un Excel antigo (.xls, Excel 97-2003) con outro nome. Ábreo e gárdao como «Libro de Excel (.xlsx)».',
  },
  ods_not_xlsx: {
    es: 'Es una hoja de LibreOffice/OpenOffice (.ods) con otro nombre. En Calc, usa «Guardar como» y elige «Excel 2007-365 (.xlsx)».',
    en: 'This is a LibreOffice/OpenOffice sheet (.ods) with another name. In Calc, use "Save As" and choose "Excel 2007-365 (.xlsx)".',
    gl: 'É unha folla de LibreOffice/OpenOffice (.ods) con outro nome. En Calc, usa «Gardar como» e escolle «Excel 2007-365 (.xlsx)».',
  },
  xlsb_not_xlsx: {
    es: 'Es un libro binario de Excel (.xlsb) con otro nombre. Ábrelo y guárdalo como «Libro de Excel (.xlsx)».',
    en: 'This is a binary Excel workbook (.xlsb) with another name. Open it and save it as "Excel Workbook (.xlsx)".',
    gl: 'É un libro binario de Excel (.xlsb) con outro nome. Ábreo e gárdao como «Libro de Excel (.xlsx)».',
  },
  csv_not_xlsx: {
    es: 'Es un archivo de texto (CSV) con otro nombre. Ábrelo en Excel o Calc y guárdalo como «Libro de Excel (.xlsx)».',
    en: 'This is a text (CSV) file with another name. Open it in Excel or Calc and save it as "Excel Workbook (.xlsx)".',
    gl: 'É un ficheiro de texto (CSV) con outro nome. Ábreo en Excel ou Calc e gárdao como «Libro de Excel (.xlsx)».',
  },
  xlsm_not_accepted: {
    es: 'El libro tiene macros (.xlsm), se llame como se llame. Guárdalo como «Libro de Excel (.xlsx)», sin macros.',
    en: 'The workbook has macros (.xlsm), whatever its name. Save it as "Excel Workbook (.xlsx)", without macros.',
    gl: 'O libro ten macros (.xlsm), chámese como se chame. Gárdao como «Libro de Excel (.xlsx)», sen macros.',
  },
  upload_formula_not_calculated: {
    es: 'La fórmula de esta celda no tiene resultado guardado (el archivo se guardó sin calcular sus fórmulas): ábrelo en Excel o Calc y guárdalo de nuevo.',
    en: 'This cell’s formula has no saved result (the file was saved without calculating its formulas): open it in Excel or Calc and save it again.',
    gl: 'A fórmula desta cela non ten resultado gardado (o ficheiro gardouse sen calcular as súas fórmulas): ábreo en Excel ou Calc e gárdao de novo.',
  },
  upload_formula_error: {
    es: 'Esta celda muestra un error de fórmula ({error}).',
    en: 'This cell shows a formula error ({error}).',
    gl: 'Esta cela mostra un erro de fórmula ({error}).',
  },
  upload_no_header: {
    es: 'No hay una fila de encabezados en las 10 primeras filas de ninguna hoja visible. La más parecida es la fila {row} de la hoja «{sheet}».',
    en: 'No header row in the first 10 rows of each visible sheet. The closest is row {row} of the sheet "{sheet}".',
    gl: 'Non hai unha fila de encabezados nas 10 primeiras filas de ningunha folla visible. A máis parecida é a fila {row} da folla «{sheet}».',
  },
  upload_template_example: {
    es: 'Esta fila es el ejemplo de la plantilla (12345678Z, maria.lopez@example.es) y no se ha importado. Bórrala.',
    en: 'This row is the template’s example (12345678Z, maria.lopez@example.es) and was not imported. Delete it.',
    gl: 'Esta fila é o exemplo do modelo (12345678Z, maria.lopez@example.es) e non se importou. Bórraa.',
  },
  file_too_large: {
    es: 'El archivo supera el tamaño máximo de {max} MB.',
    en: 'The file is larger than the {max} MB limit.',
    gl: 'O ficheiro supera o tamaño máximo de {max} MB.',
  },
  too_many_files: {
    es: 'Envía un solo archivo.',
    en: 'Send a single file.',
    gl: 'Envía un só ficheiro.',
  },
  xlsx_too_large_uncompressed: {
    es: 'El contenido del archivo es demasiado grande (más de {max} MB sin comprimir). Divídelo en varios archivos.',
    en: 'The file content is too large (over {max} MB uncompressed). Split it into several files.',
    gl: 'O contido do ficheiro é demasiado grande (máis de {max} MB sen comprimir). Divídeo en varios ficheiros.',
  },
  xlsx_too_many_entries: {
    es: 'El archivo tiene demasiadas partes internas (más de {max}). No parece una hoja de cálculo normal.',
    en: 'The file has too many internal parts (over {max}). It does not look like a normal spreadsheet.',
    gl: 'O ficheiro ten demasiadas partes internas (máis de {max}). Non parece unha folla de cálculo normal.',
  },
  xlsx_suspicious_compression: {
    es: 'El archivo está comprimido de forma sospechosa y no se procesa.',
    en: 'The file is compressed in a suspicious way and is not processed.',
    gl: 'O ficheiro está comprimido dun xeito sospeitoso e non se procesa.',
  },
  too_many_rows: {
    es: 'El archivo tiene más de {max} filas. Divídelo en varios archivos.',
    en: 'The file has more than {max} rows. Split it into several files.',
    gl: 'O ficheiro ten máis de {max} filas. Divídeo en varios ficheiros.',
  },
  upload_no_rows: {
    es: 'La hoja no tiene filas de datos debajo de los encabezados.',
    en: 'The sheet has no data rows below the headers.',
    gl: 'A folla non ten filas de datos debaixo dos encabezados.',
  },
  invalid_rows: {
    es: 'El archivo tiene filas con errores. No se ha importado nada.',
    en: 'The file has rows with errors. Nothing was imported.',
    gl: 'O ficheiro ten filas con erros. Non se importou nada.',
  },
  upload_missing_column: {
    es: 'Falta la columna «{column}».',
    en: 'The column "{column}" is missing.',
    gl: 'Falta a columna «{column}».',
  },
  upload_duplicate_column: {
    es: 'La columna «{column}» aparece más de una vez.',
    en: 'The column "{column}" appears more than once.',
    gl: 'A columna «{column}» aparece máis dunha vez.',
  },
  upload_required_cell: {
    es: 'Falta este dato.',
    en: 'This value is missing.',
    gl: 'Falta este dato.',
  },
  upload_text_too_long: {
    es: 'El texto es demasiado largo (máximo {max} caracteres).',
    en: 'The text is too long (at most {max} characters).',
    gl: 'O texto é demasiado longo (máximo {max} caracteres).',
  },
  upload_invalid_date: {
    es: 'Fecha no válida: usa una fecha de Excel, AAAA-MM-DD o DD/MM/AAAA.',
    en: 'Invalid date: use an Excel date, YYYY-MM-DD or DD/MM/YYYY.',
    gl: 'Data non válida: usa unha data de Excel, AAAA-MM-DD ou DD/MM/AAAA.',
  },
  upload_invalid_paid: {
    es: 'Escribe «sí» o «no», o deja la celda vacía.',
    en: 'Write "yes" or "no", or leave the cell empty.',
    gl: 'Escribe «si» ou «non», ou deixa a cela baleira.',
  },
  upload_conflicting_person: {
    es: 'El mismo DNI aparece en la fila {row} con otro valor en esta columna.',
    en: 'The same DNI appears in row {row} with a different value in this column.',
    gl: 'O mesmo DNI aparece na fila {row} con outro valor nesta columna.',
  },
  upload_conflicting_price: {
    es: 'La misma actividad aparece en la fila {row} con otro precio.',
    en: 'The same activity appears in row {row} with a different price.',
    gl: 'A mesma actividade aparece na fila {row} con outro prezo.',
  },
  upload_price_mismatch: {
    es: 'La actividad «{name}» ya existe con el precio {price} €. Cámbialo en el catálogo si es correcto; la importación no modifica precios.',
    en: 'The activity "{name}" already exists with the price €{price}. Change it in the catalogue if that is right; the import does not change prices.',
    gl: 'A actividade «{name}» xa existe co prezo {price} €. Cámbiao no catálogo se é correcto; a importación non modifica prezos.',
  },
  upload_more_errors: {
    es: 'Y {count} errores más.',
    en: 'And {count} more errors.',
    gl: 'E {count} erros máis.',
  },
});
