import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { bookingPrestation, PrestationToSpecifyTag } from './PrestationToSpecify';

// Issue 27: an imported booking whose product matched no prestation reads 'Prestation à préciser' where its
// prestation would be (pending list, booking summary, the shop import's dialog).

describe('PrestationToSpecifyTag', () => {
  it("reads 'Prestation à préciser' on a flagged booking", () => {
    renderWithProviders(<PrestationToSpecifyTag booking={{ prestation_to_specify: 1 }} />);
    expect(screen.getByText('Prestation à préciser')).toBeInTheDocument();
  });

  it.each([0, undefined])('says nothing when the flag is %s', (flag) => {
    renderWithProviders(<PrestationToSpecifyTag booking={{ prestation_to_specify: flag }} />);
    expect(screen.queryByText('Prestation à préciser')).toBeNull();
  });
});

describe('bookingPrestation', () => {
  it('is the prestation once chosen, the tag while to specify, nothing for a booking without either', () => {
    expect(bookingPrestation({ prestation: { id: 3, label: 'Vol découverte' }, prestation_to_specify: 0 })).toBe(
      'Vol découverte',
    );
    expect(bookingPrestation({ prestation: null, prestation_to_specify: 0 })).toBeNull();
    renderWithProviders(<>{bookingPrestation({ prestation: null, prestation_to_specify: 1 })}</>);
    expect(screen.getByText('Prestation à préciser')).toBeInTheDocument();
  });
});
