import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { at, descendants, FILES, importsOf, moduleOf, parse } from './source-files.ts';

// How the server's modules depend on each other and where they are wired (docs/ARCHITECTURE.md,
// "How the server is put together"). A module may import another only along an edge listed here, so a new dependency is a
// decision made in this file, and the list itself must stay free of cycles.

/** Which modules each module may import (type imports included), and why. */
const ALLOWED_EDGES: Record<string, Record<string, string>> = {
  accounts: { tenants: "reads a session's tenant through the tenant helpers", users: 'signs in and verifies the users the users module owns' },
  alerts: {
    data: 'reads trends and the closed-slot feed',
    devices: 'reads calibration and maintenance windows, and devices through their helpers',
    entities: 'resolves stations and their restriction',
    tenants: 'names industries and finds whom to notify through the tenant helpers',
  },
  'audit-log': { tenants: 'names the tenants of the changes' },
  cameras: { entities: 'places cameras on stations and resolves their restriction', tenants: 'names the industries of the cameras' },
  'change-requests': {
    data: 'applies an approved correction as a version of the correction layer',
    documents: 'checks and names the documents attached to a request',
    devices: 'opens the MAINTENANCE window an approval agrees to; reads devices through their helpers',
    entities: 'resolves stations and their restriction',
    regulator: 'republishes an approved correction through the republish requests',
    tenants: 'names the industries of the requests',
  },
  compliance: {
    data: 'reads the closed-slot feed',
    devices: 'reads calibration records and windows, and devices through their helpers',
    entities: 'resolves stations and their restriction',
    tenants: 'names and counts industries through the tenant helpers',
  },
  consents: {
    alerts: "makes alert rules of a consent's limits",
    documents: "checks a consent's document",
    entities: 'resolves stations and their restriction',
    tenants: 'names the industries',
    users: 'mails the administrators of an industry',
  },
  corporates: { tenants: 'lists the tenants of a corporate' },
  dashboards: {
    alerts: 'the oversight overview counts exceedance episodes',
    data: 'reads the closed-slot feed for the oversight day maps',
    devices: 'the oversight overview and the widget catalogue read devices in service',
    entities: 'resolves stations and their restriction',
    tenants: "the oversight overview lists the industries; editing is refused to an expired tenant through the tenant helpers (a premium feature)",
  },
  'data-quality': {
    data: 'reads the closed-slot feed and the tenant catalogs',
    devices: 'reads calibration and maintenance windows, and devices through their helpers',
    entities: 'resolves stations and their restriction',
    tenants: 'names the industries through the tenant helpers',
  },
  data: { devices: 'marks calibration windows on trends', entities: 'resolves stations and their restriction' },
  devices: { documents: 'keeps calibration certificates', entities: 'mounts devices on stations', tenants: 'names the tenants of calibrations' },
  documents: { entities: "resolves a station's documents and its restriction" },
  energy: {
    alerts: 'raises budget alerts through its RaisedAlertService',
    data: "reads meters' kWh registers through the trends",
    devices: 'names the device of a meter station for its budget alerts, through the devices helpers',
    entities: 'resolves nodes, the tree and station restriction',
    reports: "writes BEE Form 1's summary as CSV, XLS or PDF through the report writers",
  },
  measurements: { data: 'the continuous average beside a manual result', entities: 'resolves stations and their restriction' },
  partners: { tenants: 'lists the industries a partner serves' },
  'open-data': {
    compliance: 'reads exceedance episodes, uptime and daily quarter sums as compliance computes them',
    data: 'reads the trends, catalogs and National AQI the portal shows',
    devices: 'reads calibration records',
    entities: 'resolves published stations, their parameters and limits',
    'public-portal': "names a board's industries as the portal lists them",
    tenants: 'names the publishing boards and the industries the portal opens',
  },
  'public-portal': { entities: 'resolves the public stations', tenants: 'lists the public boards and industries' },
  regulator: {
    data: 'reads the closed-slot feed',
    devices: "flags calibration and maintenance records, reads the stations' devices",
    entities: 'lists and names the stations it maps',
    tenants: 'names the boards and the industries that report to them',
  },
  reports: {
    alerts: 'report 3 lists exceedance episodes',
    compliance: 'reports 4, 6, 35 and 36 read uptime, compliance and availability',
    data: 'raw and trend reports read readings',
    devices: "reports 5 and 6 read calibrations; reads the stations' devices",
    documents: 'letterheads show the tenant logo',
    measurements: 'report 7 lists lab results beside the analysers',
    entities: 'resolves stations and their restriction',
    tenants: 'names the industries a report covers',
  },
  subscriptions: { tenants: "names the tenants it bills and moves their billing status through the tenants' helper (moveTenantStatus)" },
  telemetry: {
    devices: 'a CSV import checks the caller may change the device; ingestion reads devices and raises their last_data_at',
    entities: "ingestion raises its stations' last_data_at",
  },
  tenants: { entities: 'counts the stations a user limited to some may see' },
  'warranty-requests': {
    devices: 'reads the devices a request is about through their helpers',
    documents: 'checks and names the photos attached to a request',
    entities: 'resolves stations and their restriction',
    tenants: 'names the industries and partners',
  },
  users: { entities: 'checks the entities a user may be limited to', tenants: "reads the user's tenant (name, type, status)" },
};

interface Edge {
  from: string;
  to: string;
  where: string;
}

const EDGES: Edge[] = FILES.flatMap((file) => {
  const from = moduleOf(file);
  if (!from) return [];
  return importsOf(file).flatMap(({ target, node }) => {
    const to = moduleOf(target);
    return to && to !== from ? [{ from, to, where: `${at(file, node)} imports ${target}` }] : [];
  });
});

/** The cycles of a graph, each as a path that returns to its start (depth-first, one per back edge). */
function cycles(graph: Record<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, trail: string[]) => {
    state.set(node, 'open');
    for (const next of graph[node] ?? []) {
      if (state.get(next) === 'open') found.push([...trail.slice(trail.indexOf(next)), node, next]);
      else if (!state.has(next)) visit(next, [...trail, node]);
    }
    state.set(node, 'done');
  };
  for (const node of Object.keys(graph)) if (!state.has(node)) visit(node, []);
  return found;
}

describe('dependencies between modules', () => {
  it('are found', () => {
    expect(EDGES.length).toBeGreaterThan(20);
  });

  it('run only along the listed edges', () => {
    const unlisted = EDGES.filter((e) => ALLOWED_EDGES[e.from]?.[e.to] === undefined).map((e) => `${e.from} -> ${e.to}: ${e.where}`);
    expect(unlisted).toEqual([]);
  });

  it('every listed edge is still used', () => {
    const unused = Object.entries(ALLOWED_EDGES).flatMap(([from, tos]) => Object.keys(tos).filter((to) => !EDGES.some((e) => e.from === from && e.to === to)).map((to) => `${from} -> ${to}`));
    expect(unused).toEqual([]);
  });

  it('form no cycle', () => {
    expect(cycles(Object.fromEntries(Object.entries(ALLOWED_EDGES).map(([from, tos]) => [from, Object.keys(tos)])))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    expect(cycles({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] })).toEqual([['a', 'b', 'c', 'a']]);
  });
});

// Each module builds its services once, in its <area>.module.ts, and adds its background workers
// there; server.ts starts what the modules added. A service that runs in a caller's transaction
// builds itself over it (`in(trx)`).

/** `new X(…)` outside module files where X is a service, other than a class building itself. */
const SERVICE_BUILT_ELSEWHERE: Record<string, string> = {
  'modules/telemetry/ingest.ts': 'builds ingestion over the writer and token cache it owns; telemetry.module.ts calls it once',
};

/** Files other than module files that add a worker, and why. */
const WORKERS_ADDED_ELSEWHERE: Record<string, string> = {
  'platform/database/database.plugin.ts': 'the table upkeep of the database it opens',
  'demo/live-feed.ts': "the demo's live readings: the demo is no module, and server.ts has it add them only with demo data (SEED_DEMO=auto, DEMO_LIVE)",
};

function servicesBuiltOutsideModules(): string[] {
  return FILES.filter((f) => f.startsWith('modules/') && !f.endsWith('.module.ts')).flatMap((file) =>
    descendants(parse(file)).flatMap((node) => {
      if (!ts.isNewExpression(node) || !ts.isIdentifier(node.expression) || !node.expression.text.endsWith('Service')) return [];
      const own = ts.findAncestor(node, ts.isClassDeclaration)?.name?.text;
      return own === node.expression.text ? [] : [`${at(file, node)} new ${node.expression.text}`];
    }),
  );
}

/** Calls of `app.workers.add(…)` and of `start…Worker(…)`, where they are. */
function workerStarts(): { file: string; where: string }[] {
  return FILES.flatMap((file) =>
    descendants(parse(file)).flatMap((node) => {
      if (!ts.isCallExpression(node)) return [];
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.getText() : '';
      return (/^start[A-Z]\w*Worker$/.test(name) && name !== 'startPollingWorker') || /\.workers\.add$/.test(name) ? [{ file, where: `${at(file, node)} ${name}` }] : [];
    }),
  );
}

describe('module wiring', () => {
  it('services are built in module files only', () => {
    const built = servicesBuiltOutsideModules();
    const unexcused = built.filter((b) => !Object.keys(SERVICE_BUILT_ELSEWHERE).some((file) => b.startsWith(`${file}:`)));
    expect(unexcused).toEqual([]);
    expect(Object.keys(SERVICE_BUILT_ELSEWHERE).filter((file) => !built.some((b) => b.startsWith(`${file}:`)))).toEqual([]);
  });

  it('workers are added and started by module files (and the database plugin for its table upkeep, the demo for its live readings)', () => {
    const starts = workerStarts();
    expect(starts.length).toBeGreaterThan(7);
    const elsewhere = starts.filter((s) => !s.file.endsWith('.module.ts') && !Object.keys(WORKERS_ADDED_ELSEWHERE).includes(s.file)).map((s) => s.where);
    expect(elsewhere).toEqual([]);
  });

  it('server.ts starts the modules through the app, importing none of them', () => {
    expect(importsOf('server.ts').filter(({ target }) => moduleOf(target) !== undefined).map(({ target }) => target)).toEqual([]);
  });

  it('the product imports no tool', () => {
    const fromTools = FILES.flatMap((file) =>
      descendants(parse(file)).flatMap((node) =>
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && /(^|\/)tools\/|^@enviro\/(bench|simulator)/.test(node.moduleSpecifier.text)
          ? [`${at(file, node)} ${node.moduleSpecifier.text}`]
          : [],
      ),
    );
    expect(fromTools).toEqual([]);
  });
});
