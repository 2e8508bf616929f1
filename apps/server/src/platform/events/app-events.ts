import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What one module announces and others act on, so the announcer never imports its listeners (the
 * tenants and devices modules announce provisioning; the dashboards module seeds templates). Each
 * announcing module adds its events here by declaration merging, next to where it emits them:
 *
 *     declare module '../../platform/events/app-events.ts' {
 *       interface AppEvents { 'industry.created': { tenantId: number } }
 *     }
 */
export interface AppEvents {}

type Listener<E> = (event: E) => Promise<void> | void;

/**
 * In-process, awaited events: `emit` resolves once every listener has finished, in the order they
 * subscribed, so what a listener does (a template dashboard) exists when the announcing request
 * answers. Emit after the announcing transaction commits; a listener that throws fails the emit.
 */
export class EventHub {
  readonly #listeners = new Map<keyof AppEvents, Listener<never>[]>();

  on<K extends keyof AppEvents>(name: K, listener: Listener<AppEvents[K]>): void {
    const list = this.#listeners.get(name) ?? [];
    list.push(listener as Listener<never>);
    this.#listeners.set(name, list);
  }

  async emit<K extends keyof AppEvents>(name: K, event: AppEvents[K]): Promise<void> {
    for (const listener of this.#listeners.get(name) ?? []) await (listener as Listener<AppEvents[K]>)(event);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Events between modules (platform/events/app-events.ts). */
    events: EventHub;
  }
}

export const eventsPlugin = fp(
  async function events(app: FastifyInstance) {
    app.decorate('events', new EventHub());
  },
  { name: 'events' },
);
