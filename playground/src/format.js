// How the page writes what the servers send, as gpuasm's other front ends write it: a problem
// as `gpuasm check` prints it, a register's bits in the type the server gives it. No DOM, no
// packages: unit-tested under Node (test/format.test.mjs).

const severityName = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' };

/** A problems-list line, as `gpuasm check` prints a finding after its file name. */
export function problemText(d) {
  const code = d.code === undefined || d.code === null ? '' : ` [${d.code}]`;
  return `${d.range.start.line + 1}:${d.range.start.character + 1}: ${severityName[d.severity ?? 1]}: ${d.message}${code}`;
}

/**
 * An f32 as the server writes it (isa-db's formatDecimalF32: std::to_chars's shortest form —
 * the fewest digits that read back as the same float, fixed or scientific whichever is shorter,
 * fixed on a tie — with ".0" added when it has neither '.' nor 'e'; nan, inf, -inf).
 */
export function f32Text(f) {
  if (Number.isNaN(f)) return 'nan';
  if (!Number.isFinite(f)) return f < 0 ? '-inf' : 'inf';
  if (f === 0) return Object.is(f, -0) ? '-0.0' : '0.0';
  let p = 1;
  while (p < 9 && Math.fround(Number(f.toPrecision(p))) !== f) p++;
  const [mantissa, exponentText] = f.toExponential(p - 1).split('e');
  const exponent = Number(exponentText);
  const digits = mantissa.replace('-', '').replace('.', '');
  const sign = f < 0 ? '-' : '';
  const scientific = `${sign}${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ''}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  let fixed;
  if (exponent < 0) fixed = `0.${'0'.repeat(-exponent - 1)}${digits}`;
  else if (digits.length > exponent + 1) fixed = `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
  else fixed = digits + '0'.repeat(exponent + 1 - digits.length);
  const out = fixed.length + sign.length <= scientific.length ? sign + fixed : scientific;
  return /[.e]/.test(out) ? out : `${out}.0`;
}

/** A register's bits (hex text or boolean) in its type: bits and u32 in hex, s32, f32, bool. */
export function typedValue(value, type) {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const parsed = Number.parseInt(value, 16);
  if (Number.isNaN(parsed)) return String(value);
  const bits = parsed >>> 0;
  if (type === 's32') return String(bits | 0);
  if (type === 'f32') return f32Text(new Float32Array(new Uint32Array([bits]).buffer)[0]);
  return `0x${bits.toString(16)}`;
}
