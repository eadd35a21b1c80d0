// The paths in the debug adapter's messages, translated between VS Code's names of a file and the
// file's place in the WebAssembly core's memory file system (src/wasmServer.ts). No VS Code here:
// the unit tests run it (test/unit/dapPaths.test.js).

/** Replaces each string value of a `path`, `program` or `stateFile` key that `map` has, anywhere in `value`. */
export function mapPaths(value: unknown, map: Map<string, string>): unknown {
  if (map.size === 0 || value === null || typeof value !== 'object') {
    return value;
  }
  if (Array.isArray(value)) {
    return value.map((item) => mapPaths(item, map));
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    out[key] = (key === 'path' || key === 'program' || key === 'stateFile') && typeof item === 'string' && map.has(item)
      ? map.get(item)
      : mapPaths(item, map);
  }
  return out;
}
