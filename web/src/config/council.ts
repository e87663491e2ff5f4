import type { MessageFormatElement } from 'react-intl';
import type { Locale } from '../i18n/locales';

/** The council running the portal, as the server inlines it into index.html (COUNCIL_FILE). */
export interface Council {
  name: string;
  shortName: string;
  smsSender: string;
  portalTitle: Record<Locale, string>;
  department: string;
  address: string;
  cif: string;
  phones: string[];
  fax: string;
  email: string;
  sportsEmail: string;
  dpoEmail: string;
  hours: { from: string; to: string };
  social: { name: string; url: string }[];
  website: string;
  /** The logo's address, relative to the site's root ("council/logo.svg"). */
  logo: string;
  colours: { primary: string; primaryHover: string; header: string; footer: string };
  /**
   * The council's own wording of legal paragraphs (by message id, parsed by the server as the
   * build parses the app's messages) and when it reviewed them.
   */
  legal?: { reviewed?: string; texts?: Record<Locale, Record<string, MessageFormatElement[]>> };
}

const ELEMENT_ID = 'council-data';

function fromPage(): Council {
  const text = document.getElementById(ELEMENT_ID)?.textContent;
  if (!text) {
    throw new Error(`index.html has no #${ELEMENT_ID}: the BFF (or Vite in development) adds it`);
  }
  return JSON.parse(text) as Council;
}

/**
 * The council's details, read from the page once as the app starts: one built app serves any
 * council, with no request before the first paint. (Storybook swaps it with `showCouncil`.)
 */
export const council: Council = fromPage();

/** The council's colours on the design tokens (the server checked their contrast at start). */
export function applyCouncilTheme(
  colours: Council['colours'],
  root: HTMLElement = document.documentElement,
): void {
  const tokens: Record<string, string> = {
    '--color-primary': colours.primary,
    '--color-link': colours.primary,
    '--color-primary-hover': colours.primaryHover,
    '--color-link-hover': colours.primaryHover,
    '--color-header': colours.header,
    '--color-footer': colours.footer,
  };
  for (const [token, value] of Object.entries(tokens)) root.style.setProperty(token, value);
}

/** Storybook's council switch: another council's details and colours, in place. */
export function showCouncil(next: Council): void {
  Object.assign(council, next);
  applyCouncilTheme(next.colours);
}
