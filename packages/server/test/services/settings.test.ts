import { TICKET_TEMPLATE_BASES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/auth/api-tokens.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';

describe(`settings endpoints on ${engine}`, () => {
  let t: TestApp;
  let su: Record<string, string>;
  let admin: Record<string, string>;
  let operator: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    su = (await signIn(t, 'su')).headers;
    admin = (await signIn(t, 'admin')).headers;
    operator = (await signIn(t, 'operator')).headers;
  });
  afterAll(() => t.close());

  const get = (key: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/settings/${key}`, headers });
  const put = (key: string, value: unknown, headers: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: `/api/settings/${key}`, headers, payload: { value } });
  const putMany = (settings: unknown, headers: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: '/api/settings', headers, payload: { settings } });
  const stored = async (key: string) =>
    (await t.database.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;

  it('reads one setting as {key, value}, for any signed-in user', async () => {
    const res = await get('ofp_passenger_supplement', operator);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: 'ofp_passenger_supplement', value: '0' });
  });

  it('answers 404 for an unknown key', async () => {
    expect((await get('no_such_key', admin)).statusCode).toBe(404);
    expect((await put('no_such_key', '1', admin)).statusCode).toBe(404);
  });

  it('keeps the online-shop keys for su only', async () => {
    expect((await get('woocommerce_consumer_secret', admin)).statusCode).toBe(403);
    expect((await put('woocommerce_consumer_secret', 'cs_x', admin)).statusCode).toBe(403);
    expect((await putMany({ woocommerce_url: 'https://boutique.example' }, admin)).statusCode).toBe(403);
    expect(await stored('woocommerce_url')).toBe('');
    const write = await put('woocommerce_consumer_secret', ' cs_secret ', su);
    expect(write.statusCode).toBe(200);
    // Sealed at rest and never answered, even to su: a read says only that one is set (shop-settings.test.ts).
    expect(write.json()).toEqual({ key: 'woocommerce_consumer_secret', value: null, is_set: true });
    expect((await get('woocommerce_consumer_secret', su)).json()).toEqual({
      key: 'woocommerce_consumer_secret',
      value: null,
      is_set: true,
    });
    expect(await stored('woocommerce_consumer_secret')).toMatch(/^enc:v1:/);
  });

  it('refuses writes without manage_settings (operator: 403), or without a session (401)', async () => {
    expect((await put('planning_widgets_enabled', 1, operator)).statusCode).toBe(403);
    expect((await putMany({ planning_widgets_enabled: 1 }, operator)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/settings/ofp_passenger_supplement' });
    expect(anonymous.statusCode).toBe(401);
    expect(await stored('planning_widgets_enabled')).toBe('0');
  });

  it('validates each value by key: switches 0/1, a non-negative number, texts', async () => {
    expect((await put('planning_widgets_enabled', 1, admin)).json().value).toBe('1');
    expect((await put('planning_widgets_enabled', '0', admin)).json().value).toBe('0');
    expect((await put('planning_flightcard_show_pilot', false, admin)).json().value).toBe('0');
    const badSwitch = await put('planning_widgets_enabled', 2, admin);
    expect(badSwitch.statusCode).toBe(422);
    expect(badSwitch.json().errors).toEqual({ value: ['La valeur doit être 0 ou 1.'] });
    expect((await put('ofp_passenger_supplement', '7.5', admin)).json()).toEqual({
      key: 'ofp_passenger_supplement',
      value: '7.5',
    });
    expect((await put('ofp_passenger_supplement', 'beaucoup', admin)).statusCode).toBe(422);
    expect((await put('ofp_passenger_supplement', -3, admin)).statusCode).toBe(422);
    expect((await put('company_name', 'Montgolfières de Bourgogne', admin)).json().value).toBe(
      'Montgolfières de Bourgogne',
    );
    expect((await put('company_email', 'pas-un-email', admin)).statusCode).toBe(422);
    expect((await put('company_name', 12, admin)).statusCode).toBe(422);
    const noValue = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/company_name',
      headers: admin,
      payload: {},
    });
    expect(noValue.statusCode).toBe(422);
    expect(await stored('ofp_passenger_supplement')).toBe('7.5');
  });

  it('writes a batch in one go, or nothing when one value is invalid', async () => {
    const ok = await putMany(
      { planning_flightcard_show_location: 0, planning_flightcard_show_balloon: '0', ofp_passenger_supplement: 4 },
      admin,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual([
      { key: 'planning_flightcard_show_location', value: '0' },
      { key: 'planning_flightcard_show_balloon', value: '0' },
      { key: 'ofp_passenger_supplement', value: '4' },
    ]);
    const bad = await putMany(
      { planning_flightcard_show_location: 1, planning_flightcard_show_prestation: 'oui', nonsense: 1 },
      admin,
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'settings.planning_flightcard_show_prestation': ['La valeur doit être 0 ou 1.'],
      'settings.nonsense': ['Paramètre inconnu.'],
    });
    expect(await stored('planning_flightcard_show_location')).toBe('0');
    expect((await putMany({}, admin)).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin, payload: {} })).statusCode).toBe(
      422,
    );
  });

  it('keeps the mail signature to safe HTML and refuses control characters in one-line settings', async () => {
    const signature = await put('email_signature', '<p>Ballons <b>Bourgogne</b><script>alert(1)</script></p>', admin);
    expect(signature.statusCode).toBe(200);
    expect(await stored('email_signature')).toBe('<p>Ballons <b>Bourgogne</b></p>');
    const name = await put('mail_sender_name', 'Ballons\r\nBcc: x@y.z', admin);
    expect(name.statusCode).toBe(422);
    expect((await put('mail_sender_email', 'pas-une-adresse', admin)).statusCode).toBe(422);
    expect((await putMany({ widget_show_location: 0, ofp_pilot_bag_default: 12.5 }, admin)).statusCode).toBe(200);
    expect(await stored('ofp_pilot_bag_default')).toBe('12.5');
  });

  it("keeps the operator's address to a few clean lines and its website to a web address", async () => {
    const address = await put('company_address', '  12 rue des Tanneurs \r\n\r\n\t21200   Beaune  ', admin);
    expect(address.statusCode).toBe(200);
    expect(await stored('company_address')).toBe('12 rue des Tanneurs\n21200 Beaune');
    const fiveLines = await put('company_address', 'a\nb\nc\nd\ne', admin);
    expect(fiveLines.statusCode).toBe(422);
    expect(fiveLines.json().errors).toEqual({ value: ["L'adresse tient en 4 lignes au plus."] });
    expect((await put('company_address', 'x'.repeat(301), admin)).json().errors).toEqual({
      value: ['300 caractères au maximum.'],
    });
    expect((await put('company_address', 'Rue\u0007 du Bac', admin)).statusCode).toBe(422);
    expect(await stored('company_address')).toBe('12 rue des Tanneurs\n21200 Beaune');
    expect((await put('company_website', 'www.ballons-bourgogne.fr', admin)).statusCode).toBe(200);
    expect((await put('company_website', 'https://ballons.fr/vols?saison=ete', admin)).statusCode).toBe(200);
    for (const bad of ['pas un site', 'javascript:alert(1)', 'ftp://ballons.fr', 'ballons']) {
      const response = await put('company_website', bad, admin);
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().errors.value[0], bad).toMatch(/^L'adresse du site est invalide/);
    }
    expect(await stored('company_website')).toBe('https://ballons.fr/vols?saison=ete');
    expect((await putMany({ company_address: '', company_website: '' }, admin)).statusCode).toBe(200);
    expect(await stored('company_address')).toBe('');
  });

  it('lists the ticket template bases as {slug, label}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ticket-templates/bases', headers: operator });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(TICKET_TEMPLATE_BASES.map(({ slug, label }) => ({ slug, label })));
  });

  it('lets an API client read the planning day but not the settings', async () => {
    const { token } = await createApiClient(t.database.db, 'Site web');
    const authorization = `Bearer ${token}`;
    const day = await t.app.inject({
      method: 'POST',
      url: '/api/planning/day',
      headers: { authorization },
      payload: { day: '2026-07-14' },
    });
    expect(day.statusCode).toBe(200);
    expect(day.json()).toEqual({ items: [], pending_passengers: 0 });
    const setting = await t.app.inject({
      method: 'GET',
      url: '/api/settings/ofp_passenger_supplement',
      headers: { authorization },
    });
    expect(setting.statusCode).toBe(403);
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/search/passengers-for-flight',
      headers: { authorization },
      payload: { search: 'abc', flight_id: 1 },
    });
    expect(search.statusCode).toBe(403);
  });
});
