import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { warmUp } from './app/warm-up';
import { applyCouncilTheme, council } from './config/council';
import { initialLocale } from './i18n/locales';
import { loadMessages } from './i18n/message-store';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
applyCouncilTheme(council.colours);
// the texts of the chosen language arrive before the first paint; the first render is a
// transition, so React works in short slices and a phone's main thread stays responsive
const locale = initialLocale();
const texts = loadMessages(locale, 'public');
warmUp(locale);
// only in `npm run dev:mock`: Vite replaces the flag, so production builds leave this out
const devMock: Promise<ReactNode> =
  import.meta.env.VITE_MOCK_API === 'true'
    ? import('./dev/install-mock-scenarios').then(({ installMockScenarios }) =>
        installMockScenarios(),
      )
    : Promise.resolve(null);
void Promise.all([texts, devMock]).then(([, banner]) =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        {/* above the page, in its flow: it covers nothing of it */}
        {banner}
        <App />
      </StrictMode>,
    ),
  ),
);
