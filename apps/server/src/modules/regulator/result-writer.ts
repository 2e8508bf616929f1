import type { PushResult } from './outbox.repository.ts';

/**
 * Writes push outcomes as they come, a batch at a time: one statement set for whatever finished while
 * the previous batch was being written, so 10,000 outcomes a minute cost a few hundred round trips,
 * and a record's outcome is never held back by a slower push. `write` settles once its outcome is written.
 */
export class ResultWriter {
  private queue: { result: PushResult; done: () => void; failed: (error: unknown) => void }[] = [];
  private writing = false;

  constructor(private readonly flush: (results: PushResult[]) => Promise<void>) {}

  write(result: PushResult): Promise<void> {
    return new Promise((done, failed) => {
      this.queue.push({ result, done, failed });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, 1000);
      try {
        await this.flush(batch.map((b) => b.result));
        for (const b of batch) b.done();
      } catch (error) {
        for (const b of batch) b.failed(error);
      }
    }
    this.writing = false;
  }
}
