import { paths } from '@/config/paths';

/** Where to go after signing in: `next` when it is a path of this app (never another site), else /app. */
export function nextPath(next: string | null | undefined): string {
  const app = paths.app.root.getHref();
  const login = paths.login.path;
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return app;
  if (next === login || next.startsWith(`${login}?`) || next.startsWith(`${login}/`)) return app;
  return next;
}
