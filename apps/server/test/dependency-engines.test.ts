import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The machines run Node 20.20 and the root package declares ">=20.19": a dependency that declares a
// newer Node may call an API 20 lacks on a path no other test walks. package-lock.json holds every
// installed package's `engines`, so the whole tree is checked without installing anything. Optional
// packages are left out: npm skips an optional package whose engines refuse the running Node (vite's
// rollup lists a native lzma build for Node 22 that way), and its dependent must work without it.

const ROOT = new URL('../../../', import.meta.url);
const lock = JSON.parse(readFileSync(new URL('package-lock.json', ROOT), 'utf8')) as {
  packages: Record<string, { version?: string; optional?: boolean; engines?: { node?: string } | string[] }>;
};
const declared = (JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { engines: { node: string } }).engines.node;

describe('dependency engines', () => {
  it('every installed package accepts the oldest Node the project declares', () => {
    const oldest = semver.minVersion(declared)!.version;
    const refusing = Object.entries(lock.packages).flatMap(([where, pkg]) => {
      const range = !Array.isArray(pkg.engines) ? pkg.engines?.node : undefined;
      return range && !pkg.optional && !semver.satisfies(oldest, range) ? [`${where}@${pkg.version} wants node ${range}`] : [];
    });
    expect(oldest).toBe('20.19.0');
    expect(refusing).toEqual([]);
  });
});
