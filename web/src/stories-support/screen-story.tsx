import type { Meta, StoryContext } from '@storybook/react-vite';
import { formatEuros, intlLocale } from '@portal/design-system/lib/format.ts';
import { createIntl } from 'react-intl';
import { configure, expect, within } from 'storybook/test';
import { catalogs } from '../i18n/catalogs';
import type { Locale } from '../i18n/locales';
import { forgetPublicConfig } from '../lib/public-config';
import { AppScreen, startSession, type StorySession } from './app-screen';
import { exampleAnswer } from './contract-examples';
import { contractHandlers, type Scenario } from './contract-handlers';

/**
 * How long a play waits for what a screen shows once its code and data have loaded. The web
 * suite and the built Storybook have the code at once; `npm run storybook` (Vite's dev server)
 * compiles a screen's modules the first time they are asked for, seconds on a loaded machine.
 */
export const LOADED = { timeout: 20_000 };

// every findBy… of the plays waits as long (Testing Library's default is 1 s; the web suite sets
// its own 5 s after loading the stories)
configure({ asyncUtilTimeout: LOADED.timeout });

export interface ScreenParameters {
  route: string;
  session: StorySession;
  /** The examples chosen (docs/qa-with-prism.md's table is checked against them). */
  scenario: Scenario;
}

const localeOf = (context: Pick<StoryContext, 'globals'>): Locale => {
  const value = context.globals.locale as string | undefined;
  return value === 'en' || value === 'gl' ? value : 'es';
};

/**
 * What every screen story file's default export spreads (with its title): the app at the story's
 * address, logged in as asked. Screens take no props, so they get no documentation page: each
 * file writes `tags: ['!autodocs']` in its default export too, where Storybook's index reads it (a
 * spread is not read, and the page of every story at once was 21,000 pixels long).
 */
export const screenMeta = {
  tags: ['!autodocs'],
  parameters: { layout: 'fullscreen' },
  beforeEach: ({ parameters }) => {
    startSession((parameters.screen as ScreenParameters).session);
    // each story asks for the council's settings anew, as a page that has asked nothing yet (the
    // answer is shared for some seconds: the story opened before chose other settings)
    forgetPublicConfig();
  },
  render: (_args, context) => (
    <AppScreen
      route={(context.parameters.screen as ScreenParameters).route}
      locale={localeOf(context)}
    />
  ),
} satisfies Meta;

/**
 * The resident of the examples: María (3) and Xoán (4), each with their own activities (the
 * contract's first example, the Prism mock's default, is Xoán alone: Prism cannot answer each
 * person with their own).
 */
export const family: Scenario = {
  'GET /user/persons/': 'two_people',
  'GET /user/activities/{person_activity_id}': ({ person_activity_id }) =>
    person_activity_id === '3' ? 'maria' : 'xoan',
};

/**
 * A screen story's parameters: where the app starts, who is logged in, and which contract
 * example each call answers with (MSW handlers read by msw-storybook-addon's loader).
 */
export function screen(
  route: string,
  { session = null, scenario = {} }: { session?: StorySession; scenario?: Scenario } = {},
) {
  return {
    screen: { route, session, scenario } satisfies ScreenParameters,
    msw: { handlers: contractHandlers({ ...family, ...scenario }) },
  };
}

/** The app's texts and number formats in the story's language (plays work in es, en and gl). */
export function intlOf(context: Pick<StoryContext, 'globals'>) {
  const locale = localeOf(context);
  return createIntl({
    locale: intlLocale(locale), // as the app's provider does
    messages: catalogs[locale],
  });
}

/** A text of the app in the story's language. */
export function textOf(context: Pick<StoryContext, 'globals'>) {
  const intl = intlOf(context);
  return (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
}

/** A pattern matching a text anywhere in an accessible name. */
export const containing = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Euros as the app shows them in the story's language. */
export function eurosOf(context: Pick<StoryContext, 'globals'>) {
  const locale = localeOf(context);
  // as toHaveTextContent reads the page: any space is a plain one
  return (amount: number) => formatEuros(amount, locale).replace(/\s/g, ' ');
}

/** The whole page: dialogs render outside the story's root. */
export const page = () => within(document.body);

/** What the app shows for a named error example: its detail (a list of details joined). */
export function serverMessage(call: string, name: string): string {
  const { detail } = exampleAnswer(call, name).body as { detail: string | { msg: string }[] };
  return typeof detail === 'string' ? detail : detail.map((item) => item.msg).join(' ');
}

/**
 * Waits until the message of the example the story's scenario answers `call` with shows (in
 * `scope`, else the page): one play function then serves every refusal of that call.
 */
export async function expectScenarioMessage(
  context: Pick<StoryContext, 'parameters'>,
  call: string,
  scope: ReturnType<typeof within> = page(),
) {
  const name = (context.parameters.screen as ScreenParameters).scenario[call];
  if (typeof name !== 'string')
    throw new Error(`the story's scenario names no example for ${call}`);
  await expectServerMessage(call, name, scope);
}

/** Waits until the server's message of that example shows (in `scope`, else the page). */
export async function expectServerMessage(
  call: string,
  name: string,
  scope: ReturnType<typeof within> = page(),
) {
  // the part of the screen that shows it may be the dev server's first request for its code
  await expect(await scope.findByText(serverMessage(call, name), {}, LOADED)).toBeVisible();
}
