import type { Decorator } from '@storybook/react-vite';
import { council, showCouncil, type Council } from '../../web/src/config/council.ts';

/** The councils main.ts inlined into the preview: the page's own, and the example one. */
const councils: Record<string, Council> = {
  nigran: { ...council },
  ejemplo: JSON.parse(
    document.getElementById('council-data-ejemplo')?.textContent ?? 'null',
  ) as Council,
};

/** The "Council" toolbar: the same screens and components with another council's details and colours. */
export const councilGlobal = {
  council: {
    description: 'Council (details and theme)',
    toolbar: {
      title: 'Council',
      icon: 'home' as const,
      items: [
        { value: 'nigran', title: 'Concello de Nigrán' },
        { value: 'ejemplo', title: 'Ayuntamiento de Villaejemplo' },
      ],
      dynamicTitle: true,
    },
  },
};

export const withCouncil: Decorator = (Story, context) => {
  const id = councils[context.globals.council as string]
    ? (context.globals.council as string)
    : 'nigran';
  showCouncil(councils[id] as Council);
  // a new mount per council: nothing keeps the previous one's details
  return (
    <div key={id} style={{ display: 'contents' }}>
      <Story />
    </div>
  );
};
