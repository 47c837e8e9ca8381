import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { usePageTitle } from '../lib/page-title';
import { theme } from '../theme';
import { PageHeading } from './layout/PageHeading';

function BookingPage() {
  usePageTitle('Réservation 2026-00012');
  return null;
}

describe('page title', () => {
  it("shows a page's own title while it is shown, then the route's again", async () => {
    const router = createMemoryRouter(
      [
        {
          Component: () => (
            <>
              <PageHeading />
              <Outlet />
            </>
          ),
          children: [
            { path: '/bookings/12', handle: { title: 'Réservation' }, Component: BookingPage },
            { path: '/flights', handle: { title: 'Vols' }, Component: () => null },
          ],
        },
      ],
      { initialEntries: ['/bookings/12'] },
    );
    render(
      <MantineProvider theme={theme}>
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Réservation 2026-00012' })).toBeInTheDocument();
    await act(() => router.navigate('/flights'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Vols' })).toBeInTheDocument();
  });
});
