import { cleanNotifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeFetch, INTERACTION_SUITE } from '../../components/test-utils';
import { resetSessionStoreForTests } from '../../session/store';
import { renderWithProviders } from '../../test/render';
import { sessionFixture } from '../../test/session';
import { CompanyDetailsAlert } from './CompanyDetailsAlert';
import EmailGlobalSettingsPage from './EmailGlobalSettingsPage';

// Issue 27: while the operator's details are empty the tickets name nobody to call; the settings page where they are
// entered and the booking's tickets tab say so, the tab with a way to the settings for those who may open them.

const EMPTY = "Les coordonnées de l'exploitant sont vides : elles manquent sur les billets.";

let fake: ReturnType<typeof fakeFetch>;
afterEach(() => {
  cleanup();
  fake.restore();
  act(() => cleanNotifications());
});

/** A settings store behind GET and PUT /api/settings, as the server keeps it. */
function serveSettings(stored: Record<string, string>) {
  fake = fakeFetch(async (call) => {
    if (call.url.pathname === '/api/me') return { body: sessionFixture({ role: 'admin' }) };
    if (call.url.pathname === '/api/outbox') return { body: [] };
    if (call.method === 'PUT') {
      const settings = (call.body as { settings: Record<string, string> }).settings;
      Object.assign(stored, settings);
      return { body: Object.entries(settings).map(([key, value]) => ({ key, value })) };
    }
    return { body: Object.entries(stored).map(([key, value]) => ({ key, value })) };
  });
}

describe("the operator's details warning", INTERACTION_SUITE, () => {
  it('is said on the settings page while they are empty, and no more once they are saved', async () => {
    resetSessionStoreForTests({ status: 'authenticated', me: sessionFixture({ role: 'admin' }) });
    serveSettings({ company_name: '' });
    const user = userEvent.setup();
    renderWithProviders(<EmailGlobalSettingsPage />);
    expect(await screen.findByText(EMPTY)).toBeInTheDocument();
    // Typed at once: the page is long, and typing key by key takes seconds on a busy machine.
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await screen.findByLabelText("Nom de l'exploitant");
    fill("Nom de l'exploitant", 'Ballons de Bourgogne');
    fill("Téléphone de l'exploitant", '03 80 22 45 67');
    fill("Adresse de l'exploitant", '12 rue des Tanneurs\n21200 Beaune');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText("Coordonnées de l'exploitant incomplètes : l'email manque sur les billets."),
    ).toBeInTheDocument();
    fill("Email de l'exploitant", 'contact@ballons.fr');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByText(/Coordonnées de l'exploitant/)).toBeNull());
    const put = fake.calls.filter((c) => c.method === 'PUT').at(-1);
    expect(put?.body).toMatchObject({
      settings: { company_address: '12 rue des Tanneurs\n21200 Beaune', company_email: 'contact@ballons.fr' },
    });
  });

  it('links the tickets tab to the settings for those who may open them, and tells the others who can', async () => {
    serveSettings({});
    resetSessionStoreForTests({
      status: 'authenticated',
      me: sessionFixture({ role: 'admin', capabilities: ['manage_settings'] }),
    });
    renderWithProviders(<CompanyDetailsAlert withLink />);
    expect(await screen.findByText(EMPTY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Renseigner les coordonnées de l'exploitant" })).toHaveAttribute(
      'href',
      '/settings/emails/global-settings',
    );
    cleanup();
    resetSessionStoreForTests({ status: 'authenticated', me: sessionFixture({ role: 'operator' }) });
    renderWithProviders(<CompanyDetailsAlert withLink />);
    expect(await screen.findByText(EMPTY)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Un administrateur peut les renseigner dans Paramètres › Emails.')).toBeInTheDocument();
  });

  it('says nothing when every detail is there', async () => {
    serveSettings({
      company_name: 'Ballons de Bourgogne',
      company_address: '12 rue des Tanneurs',
      company_phone: '03 80 22 45 67',
      company_email: 'contact@ballons.fr',
    });
    resetSessionStoreForTests({ status: 'authenticated', me: sessionFixture({ role: 'operator' }) });
    renderWithProviders(<CompanyDetailsAlert withLink />);
    await waitFor(() => expect(fake.calls.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Coordonnées|coordonnées/)).toBeNull();
  });
});
