import nigran from '../../../councils/nigran/council.json';

/**
 * The page as the server serves it: the bundled council inlined into index.html (see
 * bff/src/council.ts, councilForPage). Runs before any module reads it.
 */
const { documents: _documents, ...shown } = nigran;
const element = document.createElement('script');
element.id = 'council-data';
element.type = 'application/json';
element.textContent = JSON.stringify({ ...shown, logo: `council/${nigran.logo}` });
document.head.append(element);
