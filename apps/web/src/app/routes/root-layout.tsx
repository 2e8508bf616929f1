import { Box } from '@mantine/core';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AppHeader } from '@/components/layout/app-header';
import { isHeaderShown } from '@/components/layout/header-visibility';

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <Box mih="100vh">
      {isHeaderShown(pathname) && <AppHeader />}
      <Box component="main">
        <Outlet />
      </Box>
      <ScrollRestoration />
    </Box>
  );
}
