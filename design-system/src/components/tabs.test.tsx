import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx';

describe('Tabs', () => {
  it('switches panels with arrow keys', async () => {
    render(
      <Tabs defaultValue="pending">
        <TabsList aria-label="Pagos">
          <TabsTrigger value="pending">Pendientes</TabsTrigger>
          <TabsTrigger value="done">Realizados</TabsTrigger>
        </TabsList>
        <TabsContent value="pending">Lista pendiente</TabsContent>
        <TabsContent value="done">Lista realizada</TabsContent>
      </Tabs>,
    );
    const pending = screen.getByRole('tab', { name: 'Pendientes' });
    expect(pending).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Lista pendiente');
    await userEvent.click(pending);
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Realizados' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Lista realizada');
  });
});
