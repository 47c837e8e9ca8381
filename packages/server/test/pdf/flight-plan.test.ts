import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import { newBalloon, newFlight } from '../services/builders.js';
import { readPdf } from './pdf-text.js';

// The operational flight plan names the balloon as the pilot reads it (issue 27): many operators label a balloon by
// its registration, and 'F-GVIN (F-GVIN)' read as two balloons. The registration is printed once; 'label
// (registration)' only when the label is something else.

describe(`flight plan PDF on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'operator'));
  });
  afterAll(() => t.close());

  const planText = async (balloon: { label: string; registration_number: string | null }) => {
    const { db } = t.database;
    const flight = await newFlight(db, { balloon_id: await newBalloon(db, balloon) });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/flights/${flight}/operational-flight-plan.pdf`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    return (await readPdf(response.rawPayload)).text;
  };
  const count = (text: string, part: string) => text.split(part).length - 1;

  it('prints the registration once when the label is the registration', async () => {
    const text = await planText({ label: 'F-GVIN', registration_number: 'F-GVIN' });
    expect(text).toMatch(/Ballon F-GVIN Volume/);
    expect(count(text, 'F-GVIN')).toBe(1);
  });

  it('prints the label alone when it already holds the registration, however written', async () => {
    const text = await planText({ label: 'Cameron F-HBAL', registration_number: 'f hbal' });
    expect(text).toMatch(/Ballon Cameron F-HBAL Volume/);
    expect(text.toLowerCase()).not.toContain('(f hbal)');
  });

  it("prints 'label (registration)' when they differ, and the label alone without a registration", async () => {
    expect(await planText({ label: 'Ultramagic N-210', registration_number: 'F-HCRM' })).toMatch(
      /Ballon Ultramagic N-210 \(F-HCRM\) Volume/,
    );
    expect(await planText({ label: 'Le Grand Bleu', registration_number: null })).toMatch(
      /Ballon Le Grand Bleu Volume/,
    );
  });
});
