/**
 * How Storybook's props tables read the design system's components (react-docgen-typescript):
 * `stories/.storybook/main.ts` passes these options, and `props-documented.test.ts` reads the
 * components with the same ones, so the test sees the tables the designers see.
 */
export const docgenOptions = {
  shouldExtractLiteralValuesFromEnum: true,
  shouldRemoveUndefinedFromOptional: true,
  /** What React or Radix declares is theirs to describe: the tables show the package's own. */
  propFilter: (prop: { parent?: { fileName: string } }) =>
    !prop.parent?.fileName.includes('node_modules'),
};
