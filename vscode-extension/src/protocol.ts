// The gpuasm/* requests of `gpuasm lsp` (docs/PROTOCOL.md, `gpuasm run --json --trace`) as the
// extension reads them.

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
