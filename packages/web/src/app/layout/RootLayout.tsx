import { Progress } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { UpdateNotice } from '../../components/UpdateNotice';
import { useDocumentTitle } from '../../lib/page-title';
import { usePageHeading } from '../../lib/route-handle';
import { markFirstScreenShown } from '../page-route';
import { BootScreen } from './BootScreen';

/** Around every page: scroll to top on each navigation, tab title, loading bar, new-version notice. */
export function RootLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  const { title } = usePageHeading();
  useDocumentTitle(title);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation, keyed by the location.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.key]);
  useEffect(markFirstScreenShown, []);

  return (
    <>
      {navigation.state === 'loading' && (
        <Progress
          value={100}
          animated
          size={3}
          radius={0}
          pos="fixed"
          top={0}
          left={0}
          right={0}
          style={{ zIndex: 1000 }}
          aria-label="Chargement de la page"
        />
      )}
      {/* A first screen outside the app's frame (sign-in) keeps the boot screen until its page is in. */}
      <Suspense fallback={<BootScreen />}>
        <Outlet />
      </Suspense>
      <UpdateNotice />
    </>
  );
}
