import type { Preview } from '@storybook/react-vite';
import { previewAnnotations } from '@portal/design-system/stories-support/preview-annotations.tsx';
import './storybook.css';

const preview: Preview = { ...previewAnnotations };

export default preview;
