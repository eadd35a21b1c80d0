// The gpuasm/* requests of `gpuasm lsp` (docs/PROTOCOL.md, `gpuasm run --json --trace`) as the
// extension reads them.

/** The type a register's value is shown in: f32 and s32 in decimal, u32 (bits) in hex, bool as true/false. */
export type ValueType = 'f32' | 's32' | 'u32' | 'bool';

/** A register's value: 32 lanes of hex strings (R) or bools (P), or one value (UR, UP). */
export type RegisterValue = string[] | boolean[] | string | boolean;

export interface RunStop {
  reason: 'until' | 'end' | 'error';
  /** 1-based; absent when nothing ran. */
  line?: number;
  executed: number;
  message?: string;
}

export interface TraceEntry {
  /** 1-based line of the executed instruction. */
  line: number;
  writes: Record<string, RegisterValue>;
}

export interface RunResult {
  file?: string;
  stop: RunStop;
  activeMask: string;
  regs: Record<string, RegisterValue>;
  trace?: TraceEntry[];
  diagnostics?: unknown[];
  /** Per register an executed instruction wrote, the type the last one gives it (docs/LANGUAGE.md, "Values in their types"). */
  types?: Record<string, ValueType>;
}

export interface EncodingField {
  name: string;
  hi: number;
  lo: number;
  value: string;
}

export interface EncodedInstruction {
  /** 0-based. */
  line: number;
  text: string;
  variant: string;
  encoding: string;
  fields: EncodingField[];
}

export interface EncodingResult {
  instructions: EncodedInstruction[];
}

export const laneCount = 32;

/** The value of a register in one lane, as text ("0x0000001f", "true"). */
export function valueInLane(value: RegisterValue, lane: number): string {
  return String(Array.isArray(value) ? value[lane] : value);
}

/** Per-lane registers (R, P) carry one value per lane; uniform ones (UR, UP) one for the warp. */
export function isPerLane(value: RegisterValue): value is string[] | boolean[] {
  return Array.isArray(value);
}

/** Sorts register names by file (R, P, UR, UP) and number, as a register table reads best. */
export function compareRegisterNames(a: string, b: string): number {
  const key = (name: string): [number, number] => {
    const match = /^(UR|UP|R|P)(\d+)$/.exec(name);
    const files = ['R', 'P', 'UR', 'UP'];
    return match ? [files.indexOf(match[1]), Number(match[2])] : [files.length, 0];
  };
  const [fa, na] = key(a);
  const [fb, nb] = key(b);
  return fa !== fb ? fa - fb : na !== nb ? na - nb : a.localeCompare(b);
}

/** The 32 bits of a value as text ("0x3f000000", "16"), or undefined when it is no number. */
function bitsOf(text: string): number | undefined {
  const value = /^0x[0-9a-f]+$/i.test(text) ? Number.parseInt(text, 16) : /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
  return Number.isNaN(value) ? undefined : value >>> 0;
}

/** std::to_chars' exponent form ("1e+10", "1.5e-05"): at least two exponent digits, with its sign. */
function scientific(mantissaDigits: string, exponent: number): string {
  const mantissa = mantissaDigits.length > 1 ? `${mantissaDigits[0]}.${mantissaDigits.slice(1)}` : mantissaDigits;
  const magnitude = String(Math.abs(exponent)).padStart(2, '0');
  return `${mantissa}e${exponent < 0 ? '-' : '+'}${magnitude}`;
}

/** Plain decimal of digits × 10^(exponent - digits + 1) ("0.001", "1500"). */
function fixed(digits: string, exponent: number): string {
  if (exponent < 0) {
    return `0.${'0'.repeat(-exponent - 1)}${digits}`;
  }
  if (exponent + 1 >= digits.length) {
    return digits + '0'.repeat(exponent + 1 - digits.length);
  }
  return `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
}

/**
 * An f32 given by its bits as the server writes it (isa-db DecimalFloat.h, formatDecimalF32):
 * the shortest decimal that reads back as the same f32, fixed or exponent form whichever is
 * shorter, ".0" on a whole number; "nan", "inf", "-inf".
 */
export function formatF32(bits: number): string {
  const view = new DataView(new ArrayBuffer(4));
  view.setUint32(0, bits >>> 0);
  const value = view.getFloat32(0);
  if (Number.isNaN(value)) {
    return 'nan';
  }
  if (!Number.isFinite(value)) {
    return value < 0 ? '-inf' : 'inf';
  }
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (value === 0) {
    return `${sign}0.0`;
  }
  let exponential = '';
  for (let precision = 1; precision <= 9; ++precision) {
    exponential = Math.abs(value).toExponential(precision - 1);
    if (Math.fround(Number(exponential)) === Math.abs(value)) {
      break;
    }
  }
  const [mantissa, exponentText] = exponential.split('e');
  const digits = mantissa.replace('.', '').replace(/0+$/, '') || '0';
  const exponent = Number(exponentText);
  const plain = fixed(digits, exponent);
  const short = scientific(digits, exponent);
  const text = short.length < plain.length ? short : plain;
  return sign + (/[.e]/.test(text) ? text : `${text}.0`);
}

/**
 * A register's value in a lane as its type shows it (docs/LANGUAGE.md, "Values in their
 * types"): f32 as the shortest decimal, s32 in signed decimal, bool as true/false; undefined
 * when the type is u32 or unknown, or the value is no number (then the hex is shown as it is).
 */
export function typedValue(text: string, type: ValueType | undefined): string | undefined {
  if (type === undefined || type === 'u32' || text === 'true' || text === 'false') {
    return undefined;
  }
  const bits = bitsOf(text);
  if (bits === undefined) {
    return undefined;
  }
  switch (type) {
    case 'f32':
      return formatF32(bits);
    case 's32':
      return String(bits | 0);
    case 'bool':
      return bits !== 0 ? 'true' : 'false';
  }
}

/** A hex value without its leading zeros ("0x000001f0" → "0x1f0"); other text as it is. */
export function compactHex(text: string): string {
  return /^0x[0-9a-f]+$/i.test(text) ? `0x${text.slice(2).replace(/^0+(?=.)/, '')}` : text;
}

/**
 * The text a run shows after an executed line: the values it wrote in `lane`, each in the type
 * the run gives its register (`types`) or as compact hex, like the live values ("R1 = 0x1f0").
 */
export function writesText(entry: TraceEntry, lane: number, types?: Record<string, ValueType>): string {
  return Object.keys(entry.writes)
    .sort(compareRegisterNames)
    .map((name) => {
      const raw = valueInLane(entry.writes[name], lane);
      return `${name} = ${typedValue(raw, types?.[name]) ?? compactHex(raw)}`;
    })
    .join(', ');
}

/** The mark on the line a run stopped at: the line is where it is, so only what ran and why. */
export function runStopMark(result: RunResult): string {
  const { stop } = result;
  const after = `after ${stop.executed} instruction${stop.executed === 1 ? '' : 's'}`;
  return stop.reason === 'error' ? `error: ${stop.message ?? 'the run stopped'} (${after})` : `stopped here ${after}`;
}

/** "12 instructions executed". */
export function executedText(stop: RunStop): string {
  return `${stop.executed} instruction${stop.executed === 1 ? '' : 's'} executed`;
}
