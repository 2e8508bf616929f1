import { copyFile, link, mkdir, readdir, realpath, rename, rm, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { precompressFiles } from './precompress.ts';

/** Each build is written to a folder of its own under this one (beside `dist`). */
export const BUILDS_DIR = 'builds';
/** The link the server serves from: it names the current build's folder. */
export const LINK_NAME = 'dist';
/**
 * Hashed assets of earlier builds stay this long in the builds after them, so a page opened before
 * a deploy still loads its lazy chunks; one a build makes again is fresh again.
 */
const CARRY_ASSETS_MS = 7 * 86_400_000;
/** A build folder younger than this may be another build still being written: never pruned. */
const PRUNE_AFTER_MS = 10 * 60_000;

/**
 * Builds that never break a running server: Vite writes into a fresh folder (`builds/<time>-<pid>`),
 * the build's text files get their compressed copies, the previous build's hashed assets are linked
 * in (an open page's lazy chunks stay there), and only then does `dist` switch to the new folder,
 * by renaming a new link over it (atomic: a request sees the old build or the new one, never a
 * half-written or empty folder). Builds older than the previous one are removed. So `npm start` of a
 * second instance, or a rebuild, leaves a server serving `dist` whole.
 */
export function publishBuild(): Plugin {
  let webRoot = '';
  let outDir = '';
  // Rollup closes the bundle after a failed build too: only a written one is published.
  let written = false;
  return {
    name: 'enviro-publish-build',
    apply: 'build',
    config(config) {
      webRoot = path.resolve(config.root ?? process.cwd());
      outDir = path.join(webRoot, BUILDS_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
      return { build: { outDir, emptyOutDir: true } };
    },
    writeBundle() {
      written = true;
    },
    // Sequential and last: Rollup runs other plugins' closeBundle hooks in parallel with this one.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!written) return;
        await precompressFiles(outDir);
        await publish(webRoot, outDir);
      },
    },
  };
}

/** Makes `build` (a finished build folder under `webRoot/builds`) the one `webRoot/dist` names. */
export async function publish(webRoot: string, build: string, nowMs = Date.now()): Promise<void> {
  const linkPath = path.join(webRoot, LINK_NAME);
  const previous = await realpath(linkPath).catch(() => undefined);
  if (previous) await carryAssets(path.join(previous, 'assets'), path.join(build, 'assets'), nowMs);
  await switchLink(linkPath, build, path.join(webRoot, BUILDS_DIR));
  await prune(path.join(webRoot, BUILDS_DIR), [build, previous], nowMs);
}

/** Hard-links (or copies) the earlier build's assets the new one lacks, unless they are old. */
async function carryAssets(from: string, to: string, nowMs: number): Promise<void> {
  const names = await readdir(from).catch(() => [] as string[]);
  await mkdir(to, { recursive: true });
  const present = new Set(await readdir(to));
  for (const name of names) {
    if (present.has(name)) continue;
    const source = path.join(from, name);
    const info = await stat(source);
    if (!info.isFile() || nowMs - info.mtimeMs > CARRY_ASSETS_MS) continue;
    await link(source, path.join(to, name)).catch(() => copyFile(source, path.join(to, name)));
  }
}

/**
 * Points `linkPath` at `build` by renaming a new link over it. A `dist` that is still a folder (a
 * build made before builds had folders of their own) is first moved among the builds.
 */
async function switchLink(linkPath: string, build: string, buildsDir: string): Promise<void> {
  const next = `${linkPath}.${process.pid}.next`;
  await rm(next, { force: true });
  await symlink(path.relative(path.dirname(linkPath), build), next);
  try {
    await rename(next, linkPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    await rename(linkPath, path.join(buildsDir, `before-${path.basename(build)}`));
    await rename(next, linkPath);
  }
}

/** Removes build folders other than `keep` that are old enough not to be a build in progress. */
async function prune(buildsDir: string, keep: (string | undefined)[], nowMs: number): Promise<void> {
  const kept = new Set(keep.filter((k): k is string => k !== undefined).map((k) => path.resolve(k)));
  for (const entry of await readdir(buildsDir, { withFileTypes: true })) {
    const dir = path.join(buildsDir, entry.name);
    if (!entry.isDirectory() || kept.has(dir)) continue;
    if (nowMs - (await stat(dir)).mtimeMs < PRUNE_AFTER_MS) continue;
    await rm(dir, { recursive: true, force: true });
  }
}
