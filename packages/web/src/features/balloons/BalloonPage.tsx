import { Outlet } from 'react-router';

/** A balloon (other-data/balloons/{balloonId}); its only child is the summary. */
export default function BalloonPage() {
  return <Outlet />;
}
