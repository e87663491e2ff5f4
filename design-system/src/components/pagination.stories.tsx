import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { storyText, type SampleText } from '../stories-support/sample-text.ts';
import { Pagination } from './pagination.tsx';

function Demo({
  t,
  initialPage = 1,
  pageCount = 5,
}: {
  t: SampleText;
  initialPage?: number;
  pageCount?: number;
}) {
  const [page, setPage] = React.useState(initialPage);
  const results = pageCount * 10 - 7;
  return (
    <Pagination
      page={page}
      pageCount={pageCount}
      onPageChange={setPage}
      label={t.pagination}
      firstLabel={t.first}
      previousLabel={t.previous}
      nextLabel={t.next}
      lastLabel={t.last}
      pageLabel={t.pageN}
      statusText={t.pageOf}
      resultsText={t.results(Math.max(results, 0))}
    />
  );
}

const meta: Meta<typeof Pagination> = {
  title: 'Navigation/Pagination',
  component: Pagination,
  render: (_args, ctx) => <Demo t={storyText(ctx)} />,
};
export default meta;
type Story = StoryObj<typeof Pagination>;

export const FirstPage: Story = {};
export const MiddlePage: Story = {
  render: (_args, ctx) => <Demo t={storyText(ctx)} initialPage={3} />,
};
export const LastPage: Story = {
  render: (_args, ctx) => <Demo t={storyText(ctx)} initialPage={5} />,
};
export const SinglePage: Story = {
  render: (_args, ctx) => <Demo t={storyText(ctx)} pageCount={1} />,
};
export const ManyPages: Story = {
  render: (_args, ctx) => <Demo t={storyText(ctx)} pageCount={42} initialPage={20} />,
};
export const Narrow: Story = {
  ...narrow,
  render: (_args, ctx) => <Demo t={storyText(ctx)} initialPage={2} />,
};
