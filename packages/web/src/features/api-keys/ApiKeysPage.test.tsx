import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeFetch, pageOf } from '../../components/test-utils';
import { renderWithProviders } from '../../test/render';
import ApiKeysPage from './ApiKeysPage';

// The keys' page points the partner's developer at what a key opens: the OpenAPI description the server serves.

let fake: ReturnType<typeof fakeFetch>;
afterEach(() => fake.restore());

describe('ApiKeysPage', { timeout: 20_000 }, () => {
  it('links the partners’ OpenAPI description, in a new tab', async () => {
    fake = fakeFetch(() => ({ body: pageOf([], 1, 0) }));
    renderWithProviders(<ApiKeysPage />);
    const link = await screen.findByRole('link', { name: "Description OpenAPI de l'API pour les partenaires" });
    expect(link).toHaveAttribute('href', '/api/openapi.json');
    expect(link).toHaveAttribute('target', '_blank');
  });
});
