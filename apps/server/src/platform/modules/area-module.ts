import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The app decorators the modules' services live under (each module declares its own). */
type AreaKey = {
  [K in keyof FastifyInstance]: FastifyInstance[K] extends object ? (FastifyInstance[K] extends (...args: never[]) => unknown ? never : K) : never;
}[keyof FastifyInstance];

export interface AreaModule<K extends AreaKey, O> {
  /** The plugin's name: the area's folder name, which other modules list as a dependency. */
  name: string;
  /** Where the services go: `app[decorate]`, declared by the module for the typing of `app`. */
  decorate: K;
  /** The plugins and modules registered before this one whose decorations `build` uses. */
  dependencies: string[];
  /** Builds the area's services once; adds its workers, event listeners and ports. */
  build: (app: FastifyInstance, options: O) => FastifyInstance[K] | Promise<FastifyInstance[K]>;
  /** The area's route plugins, each given the services as its options. */
  routes: FastifyPluginAsyncZod<FastifyInstance[K] & object>[];
}

/**
 * A spec area's module (docs/ARCHITECTURE.md, "How the server is put together"): builds its
 * services once, decorates the app with them, and registers its routes with them. The one shape
 * every `<area>.module.ts` has, so a module file says only what is its own.
 */
export function areaModule<K extends AreaKey, O extends object = Record<never, never>>(area: AreaModule<K, O>) {
  return fp<O>(
    async (app: FastifyInstance, options: O) => {
      const services = await area.build(app, options);
      // Fastify types a decoration by its key; the services are that key's type by `build`'s signature.
      app.decorate(area.decorate, services as never);
      for (const routes of area.routes) await app.register(routes, services as FastifyInstance[K] & object);
    },
    { name: area.name, dependencies: area.dependencies },
  );
}
