import { BalloonMark } from '../../components/Logo/Logo';

/**
 * What shows while the first screen's code and the session load: the same markup as the boot screen index.html
 * paints before any script (its .boot style lives there), so that a phone on a slow network sees the app at once
 * and nothing moves when React takes the page over. Keep both the same.
 */
export function BootScreen() {
  return (
    <div className="boot">
      <BalloonMark size={32} />
      <span>Chargement...</span>
    </div>
  );
}
