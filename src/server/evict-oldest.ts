/**
 * Makes room in a full map of at most `maxKeys` keys: drops its oldest-inserted hundredth (a Map iterates in insertion
 * order). A hundredth at a time, not one key per insert: a deleted entry stays a hole at the front of V8's table until
 * the table is rebuilt, and each new iterator walks every hole first. Dropping one key per insert from a map of 200,000
 * walked tens of thousands of holes per insert, and more as the table grew (20 to 130 µs an insert, ADR 033 cut 5).
 */
export function evictOldest(map: Map<string, unknown>, maxKeys: number) {
  let toEvict = Math.max(1, Math.floor(maxKeys / 100));
  for (const key of map.keys()) {
    map.delete(key);
    if (--toEvict === 0) return;
  }
}
