import { Outlet } from 'react-router';
import { SubNavigation } from '../../components';
import { pathTo } from '../../lib/routes';

// Reference data (other-data), in French alphabetical order.
const links = [
  { label: 'Apporteurs', to: pathTo('business-providers') },
  { label: 'Ballons', to: pathTo('balloons') },
  { label: 'Équipiers', to: pathTo('teammates') },
  { label: 'Lieux de vol', to: pathTo('locations') },
  { label: 'Moyens de paiement', to: pathTo('payment-methods') },
  { label: 'Origines des réservations', to: pathTo('booking-origins') },
  { label: 'Pilotes', to: pathTo('pilots') },
  { label: 'Prestations', to: pathTo('prestations') },
  { label: 'Qualités des passagers', to: pathTo('passenger-types') },
  { label: 'Types de vol', to: pathTo('flight-types') },
];

export default function OtherDataLayout() {
  return (
    <>
      <SubNavigation label="Autres données" links={links} />
      <Outlet />
    </>
  );
}
