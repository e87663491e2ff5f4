import { readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative, resolve } from 'node:path';
import { parse as parseMessage } from '@formatjs/icu-messageformat-parser';
import { z } from 'zod';
import { bicIsValid, checkIban, creditorIdProblem } from './lib/sepa-identifiers.js';
import { svgProblems } from './lib/svg-safety.js';

/**
 * The council file (COUNCIL_FILE): everything that names or describes the council running the
 * portal, read once at start. The files it names (logo, documents) sit beside it; the web app gets
 * its public part inlined into index.html (http/spa.ts), receipts, SMS and e-mails read it here.
 */
const perLanguage = <T extends z.ZodType>(value: T) =>
  z.object({ es: value, en: value, gl: value }, { error: 'needs es, en and gl' });
const text = z.string({ error: 'must be a text' }).trim().min(1, { error: 'must not be empty' });
const colour = z
  .string({ error: 'must be a colour' })
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a colour written #rrggbb' });
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time HH:MM' });
const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// address' });
const fileName = (kind: RegExp, what: string) =>
  z
    .string({ error: `must be a ${what} file name` })
    .regex(kind, { error: `must be a ${what} file name beside the council file` })
    .refine((name) => basename(name) === name, { error: 'must be a file beside the council file' });
const pdf = fileName(/\.pdf$/i, 'PDF');
/** A page's address in the portal: one segment of lower-case letters, digits and hyphens. */
const pagePath = z
  .string({ error: 'must be an address' })
  .regex(/^\/[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'must be an address like /concello' });

const councilSchema = z.strictObject({
  name: text,
  shortName: text,
  /** Alphanumeric SMS sender (at most 11 letters or digits); empty: the provider's number. */
  smsSender: z
    .string()
    .regex(/^[A-Za-z0-9 ]{0,11}$/, { error: 'must be at most 11 letters, digits or spaces' }),
  portalTitle: perLanguage(text),
  department: text,
  address: text,
  cif: z
    .string()
    .regex(/^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/, { error: 'must be a CIF like P3603500C' }),
  phones: z.array(text).min(1, { error: 'needs at least one phone' }),
  fax: z.string().trim(),
  email: z.email({ error: 'must be an e-mail address' }),
  sportsEmail: z.email({ error: 'must be an e-mail address' }),
  dpoEmail: z.email({ error: 'must be an e-mail address' }),
  hours: z.object({ from: time, to: time }),
  social: z.array(z.strictObject({ name: text, url: httpsUrl })),
  website: httpsUrl,
  logo: fileName(/\.(svg|png)$/i, 'SVG or PNG'),
  colours: z.strictObject({
    primary: colour,
    primaryHover: colour,
    header: colour,
    footer: colour,
  }),
  documents: z.strictObject({ reduction: perLanguage(pdf), help: perLanguage(pdf) }),
  /**
   * The addresses of the council's own pages in the portal: `info`, its contact page, which the
   * footer links to (Nigrán's "/nigran-info"). Left out, the neutral "/concello".
   */
  pages: z.strictObject({ info: pagePath.optional() }).optional(),
  /**
   * The council's own wording of its legal texts (privacy, legal notice, accessibility
   * statement): any paragraph of the bundled texts replaced by its message id, in the three
   * languages alike, and when the council last reviewed them. Left out, the bundled texts apply,
   * filled in with the details above.
   */
  /**
   * The council as the creditor of SEPA direct debits (docs/direct-debit.md): without it,
   * direct debit cannot be switched on. The address is structured (the EPC refuses free address
   * lines from November 2026): town and country at least.
   */
  sepa: z
    .strictObject({
      creditorId: text,
      creditorName: z.string().trim().min(1, { error: 'must not be empty' }).max(70, {
        error: "must be at most 70 characters (the bank file's limit)",
      }),
      iban: text,
      bic: text,
      address: z.strictObject({
        street: z.string().trim().max(70).optional(),
        postcode: z.string().trim().max(16).optional(),
        town: text.max(35, { error: 'must be at most 35 characters' }),
        country: z.string().regex(/^[A-Z]{2}$/, { error: 'must be a country code like ES' }),
      }),
    })
    .optional(),
  /**
   * The host names this council answers on when one deployment serves several councils
   * (COUNCILS_DIR, docs/many-councils.md), e.g. ["deportes.ordes.gal"]: lower-case, no port.
   * Not used when the deployment serves one council (COUNCIL_FILE).
   */
  hosts: z
    .array(
      z
        .string()
        .regex(
          /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
          {
            error: 'must be a host name in lower case, without port, like deportes.ordes.gal',
          },
        ),
    )
    .optional(),
  /**
   * The council's own card payments (docs/many-councils.md): its Redsys merchant code (FUC) and
   * terminal, and where its key is: an environment variable or a file in the council's folder,
   * never the key itself in this file (it is inlined into no page, but it is copied and shown).
   * Left out, the sandbox bank outside production, as without REDSYS_* for one council.
   */
  payments: z
    .strictObject({
      merchantCode: z.string().regex(/^\d{9}$/, { error: 'must be the 9-digit FUC' }),
      terminal: z
        .string()
        .regex(/^\d{1,3}$/, { error: 'must be 1 to 3 digits' })
        .optional(),
      secret: z.union(
        [
          z.strictObject({
            env: z.string().regex(/^[A-Z_][A-Z0-9_]*$/, {
              error: 'must be an environment variable name like REDSYS_SECRET_ORDES',
            }),
          }),
          z.strictObject({
            file: z.string().refine((name) => name !== '' && basename(name) === name, {
              error: "must be a file in the council's folder",
            }),
          }),
        ],
        {
          error:
            'must say where the key is, {"env": "REDSYS_SECRET_ORDES"} or {"file": "redsys.key"}, never the key itself',
        },
      ),
    })
    .optional(),
  legal: z
    .strictObject({
      reviewed: z.iso.date({ error: 'must be a date YYYY-MM-DD' }).optional(),
      texts: perLanguage(
        z.record(z.string().regex(/^legal\.[A-Za-z0-9.]+$/), text, {
          error: (issue) =>
            issue.code === 'invalid_key' ? 'must be a legal text id (legal.…)' : undefined,
        }),
      ).optional(),
    })
    .optional(),
});

export type CouncilFile = z.infer<typeof councilSchema>;
export interface Council extends CouncilFile {
  /** The folder the council file and its files are in. */
  dir: string;
}

/**
 * The largest files the council may give (councils/README.md): the file itself is inlined into
 * every page, the logo is on every page too, and nobody needs a 60 MB legal text or logo.
 */
export const COUNCIL_LIMITS = {
  file: 1024 * 1024,
  image: 512 * 1024,
  pdf: 5 * 1024 * 1024,
} as const;

/** The bundled council: what a fresh clone shows without COUNCIL_FILE. */
export const DEFAULT_COUNCIL_FILE = 'councils/nigran/council.json';

/** WCAG 2.1 relative luminance of #rrggbb (a formula, not worth a library). */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio between two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

// the design tokens put white text on each of these, and the brand colour is also the links'
// colour on the white page: every pair must reach WCAG AA for normal text
const WHITE = '#ffffff';
const MIN_CONTRAST = 4.5;

/**
 * Reads and checks the council file: the council, or one line per problem (like the environment's
 * problems), each naming the field.
 */
export function readCouncilFile(path: string): { council: Council | null; problems: string[] } {
  const where = `COUNCIL_FILE (${path})`;
  let raw: unknown;
  try {
    const size = statSync(path).size;
    if (size > COUNCIL_LIMITS.file) {
      return {
        council: null,
        problems: [`${where}: is ${inWords(size)}; the council file may be at most 1 MB`],
      };
    }
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'not JSON';
    return { council: null, problems: [`${where}: cannot be read (${reason})`] };
  }
  const parsed = councilSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      council: null,
      problems: parsed.error.issues.map(
        (issue) => `${where}: ${issue.path.join('.') || 'the file'} ${issue.message}`,
      ),
    };
  }
  const dir = dirname(resolve(path));
  const file = parsed.data;
  const problems: string[] = [];
  const texts = file.legal?.texts;
  if (texts) {
    const ids = (language: 'es' | 'en' | 'gl') => Object.keys(texts[language]).sort().join(',');
    for (const language of ['es', 'en', 'gl'] as const) {
      if (ids(language) !== ids('es')) {
        problems.push(
          `${where}: legal.texts.${language} must replace the same texts as legal.texts.es`,
        );
      }
      for (const [id, message] of Object.entries(texts[language])) {
        try {
          parseMessage(message);
        } catch (err) {
          problems.push(
            `${where}: legal.texts.${language}.${id} is not a valid message (${(err as Error).message})`,
          );
        }
      }
    }
  }
  const named: [string, string][] = [
    ['logo', file.logo],
    ...(['reduction', 'help'] as const).flatMap((kind) =>
      (['es', 'en', 'gl'] as const).map((lang): [string, string] => [
        `documents.${kind}.${lang}`,
        file.documents[kind][lang],
      ]),
    ),
  ];
  for (const [field, name] of named) {
    for (const problem of councilFileProblems(dir, name))
      problems.push(`${where}: ${field} "${name}" ${problem}`);
  }
  if (file.sepa) problems.push(...sepaProblems(file.sepa).map((p) => `${where}: ${p}`));
  for (const [field, value] of Object.entries(file.colours)) {
    const ratio = contrastRatio(value, WHITE);
    if (ratio < MIN_CONTRAST) {
      problems.push(
        `${where}: colours.${field} ${value} gives white text a contrast of ${ratio.toFixed(2)}:1; it needs ${MIN_CONTRAST}:1`,
      );
    }
  }
  return problems.length > 0
    ? { council: null, problems }
    : { council: { ...file, dir }, problems };
}

/** One line per problem of the creditor data: its identifier's check digits, its IBAN and BIC. */
function sepaProblems(sepa: NonNullable<CouncilFile['sepa']>): string[] {
  const problems: string[] = [];
  const idProblem = creditorIdProblem(sepa.creditorId);
  if (idProblem) problems.push(`sepa.creditorId ${sepa.creditorId} ${idProblem}`);
  const iban = checkIban(sepa.iban);
  if ('problem' in iban) {
    const problem = iban.problem;
    const why =
      problem.code === 'iban_not_sepa'
        ? `is of ${problem.country}, outside SEPA`
        : problem.reason === 'length'
          ? `has ${problem.actual} characters; an IBAN of ${problem.country} has ${problem.expected}`
          : problem.reason === 'checksum'
            ? 'has wrong check digits'
            : 'is not a valid IBAN';
    problems.push(`sepa.iban ${why}`);
  }
  if (!bicIsValid(sepa.bic)) problems.push(`sepa.bic ${sepa.bic} is not a valid BIC`);
  return problems;
}

/**
 * What is wrong with a file the council file names: missing, not a plain file, somewhere else
 * through a link (it is served from the council's folder, so it must really be there), too large,
 * or an SVG that could run code or fetch something.
 */
function councilFileProblems(dir: string, name: string): string[] {
  let real: string;
  try {
    real = realpathSync(join(dir, name));
  } catch {
    return ['is not beside it'];
  }
  const inside = relative(realpathSync(dir), real);
  if (inside.startsWith('..') || isAbsolute(inside))
    return [`resolves outside the council's folder (to ${real})`];
  const stat = statSync(real);
  if (!stat.isFile()) return ['is not a file'];
  const type = councilFileType(name);
  const limit = type === 'application/pdf' ? COUNCIL_LIMITS.pdf : COUNCIL_LIMITS.image;
  if (stat.size > limit) {
    const what =
      type === 'application/pdf' ? 'a PDF may be at most 5 MB' : 'an image may be at most 512 KB';
    return [`is ${inWords(stat.size)}; ${what}`];
  }
  return type === 'image/svg+xml' ? svgProblems(readFileSync(real, 'utf8')) : [];
}

/** A size as the limits are written (rounded up, so a byte too many never reads as the limit). */
const inWords = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.ceil(bytes / 1024)} KB`
    : `${(Math.ceil((bytes / (1024 * 1024)) * 10) / 10).toFixed(1)} MB`;

/** The council of a file that must be right (development tools): its problems as the error. */
export function loadCouncil(path: string): Council {
  const { council, problems } = readCouncilFile(path);
  if (!council) throw new Error(problems.join('\n'));
  return council;
}

/** The MIME type of a file the council file names. */
export function councilFileType(name: string): string {
  const ext = extname(name).toLowerCase();
  return ext === '.svg' ? 'image/svg+xml' : ext === '.png' ? 'image/png' : 'application/pdf';
}

/**
 * What the web app gets, inlined into index.html: everything a page shows, the logo as its address
 * (served by http/spa.ts under /council/). The documents keep the spec's addresses.
 */
export function councilForPage(council: Council) {
  const {
    dir: _dir,
    documents: _documents,
    payments: _payments,
    hosts: _hosts,
    logo,
    legal,
    sepa,
    ...shown
  } = council;
  return {
    ...shown,
    logo: `council/${logo}`,
    // the mandate form names the creditor; the council's own account stays for the bank's file
    ...(sepa ? { sepa: { creditorId: sepa.creditorId, creditorName: sepa.creditorName } } : {}),
    ...(legal ? { legal: legalForPage(legal) } : {}),
  };
}

/**
 * The council's own legal wording as the web app's messages are: parsed ahead of time (its build
 * ships no ICU parser, web/build/precompile-messages.ts), so `{council}` and the like work in it.
 */
function legalForPage(legal: NonNullable<Council['legal']>) {
  const texts = legal.texts;
  return {
    ...(legal.reviewed ? { reviewed: legal.reviewed } : {}),
    ...(texts
      ? {
          texts: Object.fromEntries(
            (['es', 'en', 'gl'] as const).map((language) => [
              language,
              Object.fromEntries(
                Object.entries(texts[language]).map(([id, message]) => [id, parseMessage(message)]),
              ),
            ]),
          ),
        }
      : {}),
  };
}

/** JSON safe inside a <script> element: no "</script>" or "<!--" can end it early. */
const scriptSafe = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The element the web app reads the council from (web/src/config/council.ts). */
export function councilDataScript(council: Council, id = 'council-data'): string {
  return `<script id="${id}" type="application/json">${scriptSafe(councilForPage(council))}</script>`;
}

/**
 * The built index.html with the council in it: its public details as JSON the app reads before
 * its first render (no request before first paint, no rebuild per council), its logo as the
 * icon, its colour for the browser's bar and its portal's title until the app sets the page's.
 */
export function pageWithCouncil(html: string, council: Council): string {
  const head = [
    councilDataScript(council),
    `<link rel="icon" type="${councilFileType(council.logo)}" href="/council/${escapeHtml(council.logo)}" />`,
  ].join('\n    ');
  return html
    .replace(
      /<meta name="theme-color" content="[^"]*"/,
      `<meta name="theme-color" content="${council.colours.header}"`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(council.portalTitle.es)}</title>`)
    .replace(/<\/head>|^/, (end) => `    ${head}\n  ${end}`);
}

/**
 * Where the browser asks for the council's files: every file under /council/<name>, and the
 * documents at the spec's addresses too (/assets/bonificacion.pdf…).
 */
export function councilFileAddresses(council: Council): Map<string, string> {
  const { reduction, help } = council.documents;
  const addresses = new Map<string, string>([
    ['/assets/bonificacion.pdf', reduction.es],
    ['/assets/bonificacion-gl.pdf', reduction.gl],
    ['/assets/bonificacion-en.pdf', reduction.en],
    ['/assets/axuda-bonificacion-es.pdf', help.es],
    ['/assets/axuda-bonificacion-en.pdf', help.en],
    ['/assets/axuda-bonificacion-gl.pdf', help.gl],
  ]);
  for (const name of [council.logo, ...Object.values(reduction), ...Object.values(help)]) {
    addresses.set(`/council/${name}`, name);
  }
  return addresses;
}
