/** Thrown when a packet is shorter or stranger than its format allows. */
export class MalformedPacketError extends Error {
  override name = 'MalformedPacketError';
}

/**
 * Reads little-endian fields from an untrusted buffer. Every read is bounds-checked and
 * throws MalformedPacketError, so a hostile packet can only ever fail its own query.
 */
export class ByteReader {
  private offset: number;
  constructor(
    private readonly buffer: Buffer,
    offset = 0,
  ) {
    this.offset = offset;
  }

  get remaining(): number {
    return this.buffer.length - this.offset;
  }

  private need(bytes: number): void {
    if (this.offset + bytes > this.buffer.length) throw new MalformedPacketError('packet ends early');
  }

  uint8(): number {
    this.need(1);
    return this.buffer.readUInt8(this.offset++);
  }

  int16(): number {
    this.need(2);
    const value = this.buffer.readInt16LE(this.offset);
    this.offset += 2;
    return value;
  }

  int32(): number {
    this.need(4);
    const value = this.buffer.readInt32LE(this.offset);
    this.offset += 4;
    return value;
  }

  float32(): number {
    this.need(4);
    const value = this.buffer.readFloatLE(this.offset);
    this.offset += 4;
    return value;
  }

  /** A NUL-terminated string (at most maxBytes long), decoded as UTF-8. */
  cstring(maxBytes = 1024): string {
    const end = this.buffer.indexOf(0, this.offset);
    if (end === -1 || end - this.offset > maxBytes) throw new MalformedPacketError('unterminated string');
    const text = this.buffer.toString('utf8', this.offset, end);
    this.offset = end + 1;
    return text;
  }

  rest(): Buffer {
    const slice = this.buffer.subarray(this.offset);
    this.offset = this.buffer.length;
    return slice;
  }
}
