import type { PublicPlanning } from '@app/domain';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeAnswer, type FakeCall, fakeFetch } from '../../components/test-utils';
import { renderWithProviders } from '../../test/render';
import PublicPlanningPage from './PublicPlanningPage';

// The public planning widget (issue 11 point 3) against a fake server answering as routes/public.ts does: the coming
// flights by day, the location filter passed on from the page's address, a request sent without cookie nor
// anti-forgery token (the page is framed on another site), and the outcomes in French.

let fake: ReturnType<typeof fakeFetch>;
let inits: RequestInit[] = [];
afterEach(() => {
  cleanup();
  fake.restore();
  inits = [];
});

const planning: PublicPlanning = {
  from: '2026-11-23',
  to: '2027-02-23',
  location: { id: 4, label: 'Vézelay' },
  show: { location: true, prestation: true, availability: true },
  flights: [
    {
      id: 70,
      scheduled_date: '2026-12-05',
      scheduled_time: '07:30',
      location: { id: 4, label: 'Vézelay' },
      prestation: { id: 1, label: 'Vol découverte' },
      seats_left: 3,
      is_full: false,
    },
    {
      id: 71,
      scheduled_date: '2026-12-05',
      scheduled_time: '18:00',
      location: { id: 4, label: 'Vézelay' },
      prestation: null,
      seats_left: 0,
      is_full: true,
    },
  ],
  is_truncated: false,
};

function serve(post: (call: FakeCall) => FakeAnswer, get: () => FakeAnswer = () => ({ body: planning })) {
  fake = fakeFetch((call) => (call.method === 'GET' ? get() : post(call)));
  const faked = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    inits.push(init ?? {});
    return faked(input, init);
  }) as typeof fetch;
}

async function fileRequest(name = 'Roux') {
  const user = userEvent.setup();
  const row = await screen.findByRole('listitem', { name: 'Vol de 07h30' });
  await user.click(within(row).getByRole('button', { name: "Demander l'inscription" }));
  const dialog = await screen.findByRole('dialog', { name: "Demande d'inscription" });
  await user.type(within(dialog).getByRole('textbox', { name: 'Numéro de réservation' }), 'R-42');
  await user.type(within(dialog).getByRole('textbox', { name: 'Nom du passager référent' }), name);
  await user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
  return dialog;
}

describe('PublicPlanningPage', { timeout: 20_000 }, () => {
  it('lists the coming flights by day for the location of its address, a full flight not offered', async () => {
    serve(() => ({}));
    renderWithProviders(<PublicPlanningPage />, { route: '/widget/planning?location_id=4' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Planning des vols · Vézelay' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Samedi 5 décembre 2026' })).toBeTruthy();
    const morning = screen.getByRole('listitem', { name: 'Vol de 07h30' });
    expect(within(morning).getByText('Vézelay · Vol découverte')).toBeTruthy();
    expect(within(morning).getByText('3 places restantes')).toBeTruthy();
    const evening = screen.getByRole('listitem', { name: 'Vol de 18h00' });
    expect(within(evening).getByText('Complet')).toBeTruthy();
    expect(within(evening).getByRole('button', { name: "Demander l'inscription" })).toHaveProperty('disabled', true);
    expect(fake.calls[0]!.url.pathname + fake.calls[0]!.url.search).toBe('/api/public/planning?location_id=4');
    // Anonymous: the '*' CORS answer is readable only by a request without credentials.
    expect(inits[0]!.credentials).toBe('omit');
  });

  it('sends the request without cookie nor anti-forgery token and gives the one answer', async () => {
    serve(() => ({ status: 202, body: { message: 'reçu' } }));
    renderWithProviders(<PublicPlanningPage />, { route: '/widget/planning' });
    const dialog = await fileRequest();
    expect(await within(dialog).findByText(/Votre demande a bien été transmise/)).toBeTruthy();
    const post = fake.calls.find((call) => call.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/public/registration-requests');
    expect(post.body).toEqual({ flight_id: 70, booking_number: 'R-42', last_name: 'Roux' });
    const postInit = inits.find((init) => init.method === 'POST')!;
    expect(postInit.credentials).toBe('omit');
    expect((postInit.headers as Record<string, string>)['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('shows the server’s French reason when it refuses, and a plain message when it fails', async () => {
    const reason = "Ce vol n'est plus proposé : choisissez-en un autre.";
    serve(() => ({
      status: 422,
      body: { message: 'Les données envoyées sont invalides.', errors: { flight_id: [reason] } },
    }));
    renderWithProviders(<PublicPlanningPage />, { route: '/widget/planning' });
    const dialog = await fileRequest();
    expect(await within(dialog).findByText(reason)).toBeTruthy();
    act(() => fake.restore());
    serve(() => ({ status: 500, body: { message: 'Une erreur interne est survenue.' } }));
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    expect(
      await within(dialog).findByText("L'envoi de la demande a échoué. Réessayez dans quelques instants."),
    ).toBeTruthy();
  });

  it('says when the public planning is switched off', async () => {
    serve(
      () => ({}),
      () => ({ status: 404, body: { message: "Le planning public n'est pas activé." } }),
    );
    renderWithProviders(<PublicPlanningPage />, { route: '/widget/planning' });
    expect(await screen.findByText("Le planning public n'est pas disponible.")).toBeTruthy();
  });
});
