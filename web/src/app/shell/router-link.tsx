import type { RenderLink } from '@portal/design-system/components/text-link.tsx';
import { Link } from 'react-router';

/** Lets design-system pieces (header, footer, banner) navigate with the app's router. */
export const routerLink: RenderLink = ({ href, ...props }) => <Link to={href} {...props} />;
