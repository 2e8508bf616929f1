/**
 * Follows the packets of one MQTT byte stream to learn each packet's declared size from its fixed
 * header, before the packet arrives: aedes's parser (mqtt-packet) has no size limit and buffers a
 * packet whole, however large it says it is, before anything can refuse it.
 */
export class PacketSizes {
  /** Body bytes of the current packet still to come. */
  private body = 0;
  /** Whether the next byte starts a packet (its type), or continues its Remaining Length. */
  private inLength = false;
  private length = 0;
  private lengthBytes = 0;

  /**
   * Reads a chunk of the stream; answers the declared size of the first packet over `limit`
   * (Infinity for a malformed length), or null when every packet begun so far is within it.
   */
  over(chunk: Buffer, limit: number): number | null {
    let i = 0;
    while (i < chunk.length) {
      if (this.body > 0) {
        const skipped = Math.min(this.body, chunk.length - i);
        this.body -= skipped;
        i += skipped;
        continue;
      }
      const byte = chunk[i++]!;
      if (!this.inLength) {
        this.inLength = true;
        this.length = 0;
        this.lengthBytes = 0;
        continue;
      }
      // Remaining Length: 7 bits a byte, least significant first, at most four bytes (MQTT 2.2.3).
      this.length += (byte & 0x7f) * 128 ** this.lengthBytes++;
      if (byte & 0x80) {
        if (this.lengthBytes === 4) return Infinity;
        continue;
      }
      if (this.length > limit) return this.length;
      this.inLength = false;
      this.body = this.length;
    }
    return null;
  }
}
