import { resolve } from 'node:path';
import { councilForPage, DEFAULT_COUNCIL_FILE, loadCouncil } from '../../../bff/src/council.ts';

/**
 * The page as the server serves it: the bundled council inlined into index.html, made by the
 * server's own code (bff/src/council.ts). Runs before any module reads it.
 */
const council = loadCouncil(resolve(import.meta.dirname, '../../..', DEFAULT_COUNCIL_FILE));
const element = document.createElement('script');
element.id = 'council-data';
element.type = 'application/json';
element.textContent = JSON.stringify(councilForPage(council));
document.head.append(element);
