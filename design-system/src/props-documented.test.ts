// @vitest-environment node
/**
 * Every prop of every component gets a one-line description: the doc comment Storybook's props
 * table shows (react-docgen-typescript reads the components in components/*.tsx with this
 * package's TypeScript project). A component is an exported function named in PascalCase; its
 * props are the members of its first parameter's type that this package declares (what it takes
 * from React or Radix is described there, and the props table leaves it out too).
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const packageDir = resolve(import.meta.dirname, '..');
const componentsDir = join(packageDir, 'src', 'components');
const componentFiles = readdirSync(componentsDir)
  .filter((name) => name.endsWith('.tsx') && !/\.(stories|test)\.tsx$/.test(name))
  .map((name) => join(componentsDir, name));

function componentProgram(): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(packageDir, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error('design-system/tsconfig.json could not be read');
  return ts.createProgram(componentFiles, config.options);
}

/** "Component.prop" for each prop of the package's own declaring without a doc comment. */
function undocumentedProps(program: ts.Program): { components: number; missing: string[] } {
  const checker = program.getTypeChecker();
  const ownFile = (node: ts.Node) => !node.getSourceFile().fileName.includes('/node_modules/');
  const missing: string[] = [];
  let components = 0;
  for (const fileName of componentFiles) {
    const source = program.getSourceFile(fileName);
    if (!source) throw new Error(`${fileName} is not in the program`);
    for (const statement of source.statements) {
      if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
      const exported = ts
        .getModifiers(statement)
        ?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      const name = statement.name.text;
      const props = statement.parameters[0];
      if (!exported || !/^[A-Z]/.test(name) || !props) continue;
      components += 1;
      const type = checker.getTypeAtLocation(props);
      for (const prop of checker.getPropertiesOfType(type)) {
        const declarations = prop.getDeclarations() ?? [];
        if (!declarations.some(ownFile)) continue;
        if (ts.displayPartsToString(prop.getDocumentationComment(checker)).trim() === '') {
          missing.push(`${name}.${prop.getName()}`);
        }
      }
    }
  }
  return { components, missing };
}

it('describes every prop of every design-system component', () => {
  const { components, missing } = undocumentedProps(componentProgram());
  expect(components).toBeGreaterThanOrEqual(40);
  expect(missing, 'props without a /** description */ on their declaration').toEqual([]);
}, 60_000);
