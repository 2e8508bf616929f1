import { paths } from '@/config/paths';
import { NotFound } from '@/features/shell';

/** Any /app path the router does not know: a not-found page inside the app, not the public home page. */
export function AppNotFoundRoute() {
  return <NotFound homeHref={paths.app.dashboard.getHref()} />;
}
