import { Progress } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useDocumentTitle } from '../../lib/page-title';
import { usePageHeading } from '../../lib/route-handle';
import { UpdateNotice } from './UpdateNotice';

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
      <Outlet />
      <UpdateNotice />
    </>
  );
}
