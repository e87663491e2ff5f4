/**
 * Screen stories get no documentation page: Storybook's index reads each story file's tags as
 * written (a spread of screenMeta is not read), and the page that showed every story of a file at
 * once was 21,000 pixels long. Read the files as the index does.
 */
import { loadCsf } from 'storybook/internal/csf-tools';
import { expect, it } from 'vitest';

const files = import.meta.glob<string>('../features/**/*.stories.tsx', {
  query: '?raw',
  import: 'default',
  eager: true,
});

it('gives no screen story file a documentation page', () => {
  const sources = Object.entries(files);
  expect(sources.length).toBeGreaterThanOrEqual(10);
  const withDocs = sources.filter(([path, source]) => {
    const csf = loadCsf(source, { fileName: path, makeTitle: (title) => title }).parse();
    return !(csf.meta.tags ?? []).includes('!autodocs');
  });
  expect(
    withDocs.map(([path]) => path),
    'screen story files whose index entry has a docs page',
  ).toEqual([]);
});
