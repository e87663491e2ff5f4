/**
 * The address of a file in web/public, by its path there ("assets/logo.svg"). The app is built for
 * the site's root, so these are the spec's addresses ("/assets/bonificacion.pdf"); Storybook builds
 * with relative addresses, so a Storybook published in a sub-folder still finds them.
 */
export const publicAsset = (path: string): string => `${import.meta.env.BASE_URL}${path}`;
