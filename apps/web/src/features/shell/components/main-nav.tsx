import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { activeModule, type AppModule } from '@enviro/domain/app-modules';

/** The menu of the user's view; the active item follows SPEC 2's matching rules. */
export function MainNav({ modules, onNavigate }: { modules: readonly AppModule[]; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const active = activeModule(pathname, modules);
  return (
    <Stack component="nav" aria-label="Main menu" gap={2}>
      {modules.map((m) => (
        <NavLink
          key={m.key}
          component={Link}
          to={m.path}
          label={m.label}
          active={m.key === active?.key}
          aria-current={m.key === active?.key ? 'page' : undefined}
          onClick={onNavigate}
        />
      ))}
    </Stack>
  );
}
