import type { ChildProcess } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { Mp4Fragmenter } from '@enviro/domain/cameras/mp4-fragments';
import { CameraError, classify, FFMPEG_MISSING_MESSAGE, inputArgs, inputVideoCodec, notH264, probedTooLittle, spawnFfmpeg, type CameraSource, type Probe } from './ffmpeg.ts';

/** What the live streams tell about a camera's health. */
export interface LiveHealth {
  /** A fragment arrived (at most one call per `frameReportMs` per camera). */
  frame(key: string, at: Date): void;
  /** The camera could not be read, or its stream died. */
  failed(key: string, error: CameraError): void;
}

export interface LiveStreamOptions {
  ffmpeg: string;
  /** How long a camera has to send its first fragment (connect, describe, first keyframe). */
  connectTimeoutMs: number;
  /** How long a running stream may go without a fragment before the child is killed. */
  stallTimeoutMs: number;
  /** A viewer this far behind (bytes queued) skips fragments until it catches up. */
  maxQueuedBytes: number;
  frameReportMs: number;
  /** Longest fragment: a GOP is cut into pieces this long, so the first one reaches the viewer sooner. */
  fragmentMs: number;
}

export const DEFAULT_LIVE_OPTIONS: LiveStreamOptions = { ffmpeg: 'ffmpeg', connectTimeoutMs: 10_000, stallTimeoutMs: 10_000, maxQueuedBytes: 4_000_000, frameReportMs: 10_000, fragmentMs: 250 };

/** A viewer's stream: the init segment, then whole fragments; `codec` for MediaSource. */
export interface LiveView {
  stream: PassThrough;
  codec: string;
}

interface Upstream {
  key: string;
  child: ChildProcess;
  fragmenter: Mp4Fragmenter;
  init: Buffer | null;
  /** The fragments since the latest keyframe: a viewer who joins gets them at once, so its decoder starts on that keyframe. */
  gop: Buffer[];
  codec: string;
  viewers: Set<PassThrough>;
  waiting: { resolve: (v: LiveView) => void; reject: (e: CameraError) => void }[];
  stderr: string;
  startedAt: number;
  lastDataAt: number;
  lastReportAt: number;
  bytes: number;
  fragments: number;
  watchdog: NodeJS.Timeout;
  ended: boolean;
}

/**
 * Live view (issue 32, docs/CAMERAS.md "Stream transport"): one ffmpeg child per camera reads its RTSP
 * stream and remuxes the H.264 into fragmented MP4 without transcoding (`-c copy`), in fragments of
 * at most a quarter second; every viewer of that camera gets the same bytes (the init segment, the
 * fragments since the latest keyframe, then each new fragment). The
 * child starts with the first viewer and is killed when the last one leaves. A camera that does not
 * answer, stalls or sends something else than H.264 ends its own child within the timeouts; nothing
 * waits on it, so other cameras and the server go on.
 */
export class LiveStreams {
  private readonly upstreams = new Map<string, Upstream>();
  private readonly options: LiveStreamOptions;
  /** Viewers too far behind, waiting for the next keyframe to resume. */
  private readonly lagging = new WeakSet<PassThrough>();

  constructor(
    options: Partial<LiveStreamOptions>,
    private readonly health: LiveHealth,
    private readonly log: { warn: (obj: object, msg: string) => void } = { warn: () => undefined },
  ) {
    this.options = { ...DEFAULT_LIVE_OPTIONS, ...options };
  }

  /**
   * A view of the camera `key`: joins its running stream, or starts one with `source`. Resolves once
   * the init segment is there; rejects with a CameraError naming why the camera cannot be watched.
   * `label` names the camera in errors (never its address).
   */
  async open(key: string, label: string, source: () => Promise<CameraSource>): Promise<LiveView> {
    const running = this.upstreams.get(key);
    if (running && !running.ended) {
      if (running.init) return this.attach(running);
      return new Promise((resolve, reject) => running.waiting.push({ resolve, reject }));
    }
    const src = await source();
    const upstream = this.upstreams.get(key);
    if (upstream && !upstream.ended) return this.open(key, label, source);
    return new Promise((resolve, reject) => this.start(key, label, src, [{ resolve, reject }]));
  }

  /** Viewers of the camera now. */
  viewers(key: string): number {
    return this.upstreams.get(key)?.viewers.size ?? 0;
  }

  /** Upstream connections open now (one per camera watched). */
  get upstreamCount(): number {
    return this.upstreams.size;
  }

  /** Figures of each running stream (bench, metrics). */
  stats(): { key: string; viewers: number; pid: number | undefined; bytes: number; fragments: number; startedAt: number; lastDataAt: number }[] {
    return [...this.upstreams.values()].map((u) => ({ key: u.key, viewers: u.viewers.size, pid: u.child.pid, bytes: u.bytes, fragments: u.fragments, startedAt: u.startedAt, lastDataAt: u.lastDataAt }));
  }

  /** Ends every stream (server shutdown, a camera's address changed). */
  close(key?: string): void {
    for (const u of [...this.upstreams.values()]) if (key === undefined || u.key === key) this.end(u, null);
  }

  /**
   * Starts the camera's child. The quick probe trusts the SDP; a camera whose SDP lacks the H.264
   * parameter sets ends that child at once, and the stream starts again with a full probe for the
   * same waiting viewers.
   */
  private start(key: string, label: string, source: CameraSource, waiting: Upstream['waiting'], probe: Probe = 'quick'): void {
    const args = [...inputArgs(source, this.options.connectTimeoutMs, probe), '-fflags', 'nobuffer', '-map', '0:v:0', '-an', '-c:v', 'copy', '-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-frag_duration', String(this.options.fragmentMs * 1000), 'pipe:1'];
    const child = spawnFfmpeg(this.options.ffmpeg, args);
    const now = Date.now();
    const u: Upstream = {
      key,
      child,
      fragmenter: new Mp4Fragmenter(),
      init: null,
      gop: [],
      codec: 'avc1.42E01E',
      viewers: new Set(),
      waiting,
      stderr: '',
      startedAt: now,
      lastDataAt: now,
      lastReportAt: 0,
      bytes: 0,
      fragments: 0,
      ended: false,
      watchdog: setInterval(() => {
        const silent = Date.now() - u.lastDataAt;
        if (!u.init && silent > this.options.connectTimeoutMs + 2000) {
          this.end(u, new CameraError('TIMEOUT', `${label} sent no video within ${Math.round(this.options.connectTimeoutMs / 1000)} s: check that it is on and streams H.264`));
        } else if (u.init && silent > this.options.stallTimeoutMs) {
          this.end(u, new CameraError('TIMEOUT', `${label} stopped sending video for ${Math.round(silent / 1000)} s`));
        }
      }, 1000),
    };
    u.watchdog.unref();
    this.upstreams.set(key, u);
    child.stderr!.on('data', (d: Buffer) => {
      if (u.stderr.length < 20_000) u.stderr += d.toString('utf8');
      const codec = !u.init ? inputVideoCodec(u.stderr) : null;
      if (codec && codec !== 'h264') this.end(u, notH264(codec, label));
    });
    child.stdout!.on('data', (d: Buffer) => {
      if (u.ended) return;
      let pieces;
      try {
        pieces = u.fragmenter.push(d);
      } catch (e) {
        return this.end(u, new CameraError('FAILED', `${label}: ${(e as Error).message}`));
      }
      for (const piece of pieces) {
        const bytes = Buffer.from(piece.bytes.buffer, piece.bytes.byteOffset, piece.bytes.byteLength);
        u.lastDataAt = Date.now();
        u.bytes += bytes.length;
        if (piece.kind === 'init') {
          u.init = bytes;
          u.codec = avcCodec(bytes) ?? u.codec;
          for (const w of u.waiting.splice(0)) w.resolve(this.attach(u));
          continue;
        }
        u.fragments += 1;
        if (piece.keyframe) u.gop = [bytes];
        else if (u.gop.length > 0) u.gop.push(bytes);
        for (const viewer of u.viewers) {
          // A viewer far behind stops receiving (its queue drains) and resumes on the next keyframe, holding no memory.
          const behind = this.lagging.has(viewer);
          if (viewer.writableLength > this.options.maxQueuedBytes) this.lagging.add(viewer);
          else if (behind && piece.keyframe) this.lagging.delete(viewer);
          if (!this.lagging.has(viewer)) viewer.write(bytes);
        }
        if (u.lastDataAt - u.lastReportAt >= this.options.frameReportMs) {
          u.lastReportAt = u.lastDataAt;
          this.health.frame(key, new Date(u.lastDataAt));
        }
      }
    });
    child.on('error', (e: NodeJS.ErrnoException) => this.end(u, e.code === 'ENOENT' ? new CameraError('FFMPEG_MISSING', FFMPEG_MISSING_MESSAGE) : new CameraError('FAILED', `${label}: ${e.message}`)));
    child.on('close', () => {
      if (!u.ended && !u.init && probe === 'quick' && probedTooLittle(u.stderr)) {
        // Not ended: its waiting viewers move to the full probe's child.
        u.ended = true;
        clearInterval(u.watchdog);
        this.upstreams.delete(u.key);
        return this.start(key, label, source, u.waiting.splice(0), 'full');
      }
      if (!u.ended) this.end(u, u.init ? new CameraError('FAILED', `${label} ended its stream`) : classify(u.stderr, label));
    });
  }

  private attach(u: Upstream): LiveView {
    const stream = new PassThrough();
    stream.write(u.init!);
    for (const fragment of u.gop) stream.write(fragment);
    u.viewers.add(stream);
    const leave = () => {
      u.viewers.delete(stream);
      if (u.viewers.size === 0 && u.waiting.length === 0) this.end(u, null);
    };
    stream.once('close', leave);
    stream.once('error', leave);
    return { stream, codec: u.codec };
  }

  /** Ends the upstream: kills the child, ends its viewers, and rejects those waiting with `error`. */
  private end(u: Upstream, error: CameraError | null): void {
    if (u.ended) return;
    u.ended = true;
    clearInterval(u.watchdog);
    if (this.upstreams.get(u.key) === u) this.upstreams.delete(u.key);
    if (u.child.exitCode === null && u.child.signalCode === null) {
      u.child.kill('SIGTERM');
      setTimeout(() => {
        if (u.child.exitCode === null && u.child.signalCode === null) u.child.kill('SIGKILL');
      }, 2000).unref();
    }
    const err = error ?? new CameraError('FAILED', 'the stream was closed');
    for (const w of u.waiting.splice(0)) w.reject(err);
    for (const viewer of u.viewers) viewer.end();
    u.viewers.clear();
    if (error) {
      this.log.warn({ camera: u.key, kind: error.kind }, error.message);
      this.health.failed(u.key, error);
    }
  }
}

/** The RFC 6381 codec of the init segment's H.264 track (`avc1.PPCCLL` from its avcC box). */
export function avcCodec(init: Buffer): string | null {
  const at = init.indexOf('avcC', 0, 'latin1');
  if (at < 0 || at + 8 > init.length) return null;
  const hex = (b: number) => b.toString(16).padStart(2, '0').toUpperCase();
  return `avc1.${hex(init[at + 5]!)}${hex(init[at + 6]!)}${hex(init[at + 7]!)}`;
}
