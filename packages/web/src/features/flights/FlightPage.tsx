import { Outlet, useParams } from 'react-router';
import { SubNavigation } from '../../app/layout/SubNavigation';
import { pathTo } from '../../app/routes';

/** single-flight: its children summary (single-flight-summary) and operating-plan. */
export default function FlightPage() {
  const flightId = useParams().flightId ?? '';
  return (
    <>
      <SubNavigation
        label="Sections du vol"
        links={[
          { label: 'Résumé', to: pathTo('single-flight-summary', { flightId }) },
          { label: 'Plan de vol opérationnel', to: pathTo('single-flight-operating-plan', { flightId }) },
        ]}
      />
      <Outlet />
    </>
  );
}
