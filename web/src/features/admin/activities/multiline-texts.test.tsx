import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parse } from 'yaml';
import { expect, it } from 'vitest';
import contractText from '../../../../../openapi.yaml?raw';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { activities } from '../test-support';
import { ActivitiesSection } from './activities-section';
import { MULTILINE_TEXT_KINDS, TEXT_KINDS } from './rules';

interface Schema {
  $ref?: string;
  'x-multiline'?: boolean;
  properties?: Record<string, Schema>;
}
const schemas = (parse(contractText) as { components: { schemas: Record<string, Schema> } })
  .components.schemas;
const resolved = (schema: Schema): Schema =>
  schema.$ref ? schemas[schema.$ref.split('/').pop()!]! : schema;
/** The activity's texts the contract marks multi-line, as an editor sends them. */
const multilineInContract = Object.entries(schemas.ActivityWrite!.properties!)
  .filter(([, schema]) => resolved(schema)['x-multiline'])
  .map(([name]) => name);

it('edits every text the contract marks multi-line in a TextArea, and only those', () => {
  expect(multilineInContract).toEqual(expect.arrayContaining(['description', 'schedule']));
  expect(TEXT_KINDS.filter((kind) => MULTILINE_TEXT_KINDS.has(kind))).toEqual(
    TEXT_KINDS.filter((kind) => multilineInContract.includes(kind)),
  );
});

it('sends the line breaks staff type in a description and a schedule, in every language', async () => {
  const api = mockApi({
    'GET /api/admin/activities-crud/': { body: activities },
    'POST /api/admin/activities-crud/': { status: 201, body: { ...activities[0], id: 9 } },
  });
  renderScreen(<ActivitiesSection version={0} onChanged={() => {}} />, { locale: 'es' });
  await screen.findByRole('table', { name: 'Actividades' });
  await userEvent.type(screen.getByLabelText('Nombre'), 'Natación infantil');
  await userEvent.type(screen.getByLabelText('Precio en euros'), '60');
  await userEvent.selectOptions(screen.getByLabelText('Reparto de plazas'), 'first_come');
  const multiline = [
    /^Descripción/,
    /^Horario/,
    /Descripción \(gallego\)/,
    /Horario \(inglés\)/,
  ].map((label) => screen.getAllByLabelText(label)[0]!);
  for (const field of multiline) expect(field.tagName).toBe('TEXTAREA');
  expect(screen.getAllByLabelText(/^Lugar/)[0]!.tagName).toBe('INPUT');
  await userEvent.type(multiline[0]!, 'Aprender a nadar.{Enter}Traer gorro.');
  await userEvent.type(multiline[1]!, 'Lunes, 17:00{Enter}Viernes, 18:00');
  await userEvent.type(multiline[2]!, 'Aprender a nadar.{Enter}Traer gorro.');
  await userEvent.type(multiline[3]!, 'Mondays, 17:00{Enter}Fridays, 18:00');
  // the form is not sent by Enter in a text of several lines: only by its button
  expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  await userEvent.type(screen.getByLabelText('Número de plazas'), '20');
  await userEvent.type(screen.getByLabelText(/Apertura de solicitudes/), '2026-12-01T09:00');
  await userEvent.type(screen.getByLabelText(/Cierre de solicitudes/), '2026-12-15T23:59');
  await userEvent.click(screen.getByRole('button', { name: 'Crear actividad' }));
  await screen.findByText('Actividad guardada correctamente.');
  expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
    description: 'Aprender a nadar.\nTraer gorro.',
    schedule: 'Lunes, 17:00\nViernes, 18:00',
    texts: {
      gl: { description: 'Aprender a nadar.\nTraer gorro.' },
      en: { schedule: 'Mondays, 17:00\nFridays, 18:00' },
    },
  });
});

it('writes no textarea of its own: every multi-line field is the design system’s TextArea', async () => {
  const { readdirSync, readFileSync, statSync } = await import('node:fs');
  const { join, resolve } = await import('node:path');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return files(path);
      return /\.tsx$/.test(name) && !/\.(test|stories)\.tsx$/.test(name) ? [path] : [];
    });
  const web = resolve(import.meta.dirname, '../../..');
  const own = files(web).filter((path) => readFileSync(path, 'utf8').includes('<textarea'));
  expect(own.map((path) => path.slice(web.length + 1))).toEqual([]);
});
