// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { recordPage, viewRoutes } from './view-routes';

afterEach(cleanup);

const Record = ({ id }: { id: number }) => <p>record {id}</p>;
const Routes = viewRoutes([
  { path: '/things/new', name: 'New thing', page: () => <p>new</p> },
  {
    path: '/things/:id',
    name: 'Thing',
    page: recordPage('thing', { href: '/things', label: 'Things' }, Record),
  },
]);

const at = (path: string) =>
  render(
    <Router hook={memoryLocation({ path }).hook}>
      <Routes />
    </Router>,
  );

describe('viewRoutes', () => {
  it('shows the first page whose address matches', () => {
    at('/things/new');
    expect(screen.getByText('new')).toBeTruthy();
  });

  it("reads a record's number from the address, and says when it is not one", () => {
    at('/things/12');
    expect(screen.getByText('record 12')).toBeTruthy();
    cleanup();
    at('/things/abc');
    expect(screen.getByRole('alert').textContent).toContain('“abc” is not a thing number');
  });
});
