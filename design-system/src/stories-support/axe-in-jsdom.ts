import type axe from 'axe-core';

/**
 * The rules Storybook's accessibility panel runs (addon-a11y 10 calls axe with axe's defaults:
 * every rule of WCAG 2.0, 2.1 and 2.2 at levels A and AA plus axe's best practices; `region`
 * off), for the stories' tests in jsdom. `label-content-name-mismatch` is named as well: axe
 * 4.13 still marked it experimental (left out of a run by tags) while the panel reports it.
 * jsdom computes no colours, so `color-contrast` is off here (lib/tokens.test.ts checks the
 * token pairs instead).
 */
export const STORYBOOK_PANEL_TAGS = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'wcag22a',
  'wcag22aa',
  'best-practice',
];

export const storyAxeOptions: axe.RunOptions = {
  runOnly: { type: 'tag', values: STORYBOOK_PANEL_TAGS },
  rules: {
    'label-content-name-mismatch': { enabled: true },
    'color-contrast': { enabled: false },
    region: { enabled: false },
  },
  resultTypes: ['violations'],
};

/**
 * jsdom has no canvas, and axe measures text on one to skip icon-font ligatures before it
 * compares a control's visible label with its accessible name (label-content-name-mismatch):
 * without a canvas that rule ends "incomplete" and finds nothing. jsdom draws no fonts, so no
 * text is a ligature: this 2D context measures every character alike and paints every pixel.
 */
export function installTextOnlyCanvas(): void {
  HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
    return {
      canvas: this,
      font: '',
      textAlign: 'left',
      textBaseline: 'top',
      measureText: (text: string) => ({ width: text.length * 10 }),
      fillText: () => {},
      clearRect: () => {},
      getImageData: (_x: number, _y: number, width: number, height: number) => ({
        data: new Uint8ClampedArray(Math.ceil(width) * Math.ceil(height) * 4).fill(1),
      }),
    };
  } as unknown as typeof HTMLCanvasElement.prototype.getContext;
}
