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
  /** The addresses of the council's own pages: `info`, its contact page (else /concello). */
  pages?: { info?: string };
  /**
   * The council's own wording of legal paragraphs (by message id, parsed by the server as the
   * build parses the app's messages) and when it reviewed them.
   */
  legal?: { reviewed?: string; texts?: Record<Locale, Record<string, MessageFormatElement[]>> };
}

const ELEMENT_ID = 'council-data';

/** The contact page's neutral address, which every council's portal has. */
export const COUNCIL_INFO_PATH = '/concello';

/** Where the council's contact page is: the address its file gives it, else /concello. */
export function councilInfoPath(of: Pick<Council, 'pages'> = council): string {
  return of.pages?.info ?? COUNCIL_INFO_PATH;
}

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
  // what the other council's file leaves out (its own pages, its legal wording) goes too
  for (const key of Object.keys(council) as (keyof Council)[]) {
    if (!(key in next)) delete council[key];
  }
  Object.assign(council, next);
  applyCouncilTheme(next.colours);
}
