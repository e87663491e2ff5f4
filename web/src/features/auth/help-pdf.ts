import { publicAsset } from '../../config/public-asset';
import type { Locale } from '../../i18n/locales';

/** The help guide on the activities fee reduction, one PDF per language (web/public/assets). */
export function helpPdfPath(locale: Locale): string {
  return publicAsset(`assets/axuda-bonificacion-${locale}.pdf`);
}
