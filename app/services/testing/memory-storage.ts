/** Test support for code that uses localStorage (tests run in Node, not a browser). */

/** A Map-backed Storage that, like a browser, throws QuotaExceededError past `capacity` bytes (UTF-16). */
export class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  constructor(private capacity = Infinity) {}
  get length() {
    return this.map.size;
  }
  get bytes() {
    let n = 0;
    for (const [k, v] of this.map) n += (k.length + v.length) * 2;
    return n;
  }
  clear() {
    this.map.clear();
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  setItem(k: string, v: string) {
    const old = this.map.get(k);
    const after = this.bytes - (old === undefined ? 0 : (k.length + old.length) * 2) + (k.length + v.length) * 2;
    if (after > this.capacity) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.map.set(k, v);
  }
}
