// The page's text of what the servers send (src/format.js) under Node's test runner. Expected
// values are written by hand from the formats' definitions: `gpuasm check`'s line
// (LINE:COL: SEVERITY: MESSAGE [CODE], 1-based), and the f32 text of std::to_chars's shortest
// form (docs/LANGUAGE.md, "Values in their types"): the shorter of fixed and scientific, so
// 0.0001 is 1e-04 (5 characters against 6).
//   node --test playground/test/format.test.mjs
import assert from 'node:assert/strict';
import test from 'node:test';
import { f32Text, problemText, typedValue } from '../src/format.js';

const bitsOf = (f) => new Uint32Array(new Float32Array([f]).buffer)[0];
const hex = (n) => `0x${n.toString(16).padStart(8, '0')}`;

test('a problem reads as gpuasm check prints it: 1-based line and column, severity, code', () => {
  const d = { range: { start: { line: 0, character: 5 }, end: { line: 0, character: 9 } }, severity: 1, message: '.SAT is not a modifier of IADD', code: 'unknown-modifier' };
  assert.equal(problemText(d), '1:6: error: .SAT is not a modifier of IADD [unknown-modifier]');
  assert.equal(problemText({ ...d, severity: 2, code: undefined }), '1:6: warning: .SAT is not a modifier of IADD');
  assert.equal(problemText({ ...d, severity: undefined }), '1:6: error: .SAT is not a modifier of IADD [unknown-modifier]');
});

test('bits and u32 in compact hex, s32 in signed decimal, predicates as true/false', () => {
  assert.equal(typedValue('0x000001f0', 'u32'), '0x1f0');
  assert.equal(typedValue('0x00000000', undefined), '0x0');
  assert.equal(typedValue('0xfffffff0', 's32'), '-16');
  assert.equal(typedValue('0x7fffffff', 's32'), '2147483647');
  assert.equal(typedValue(true, 'bool'), 'true');
  assert.equal(typedValue(false, 'bool'), 'false');
  assert.equal(typedValue('garbage', 'u32'), 'garbage');
});

test('f32: the shortest digits that read back, fixed or scientific, .0 on whole numbers', () => {
  const cases = [
    [0.5, '0.5'], [2, '2.0'], [-16, '-16.0'], [1.5, '1.5'], [0.03125, '0.03125'], [15.5, '15.5'],
    [-0.515625, '-0.515625'], [0.1, '0.1'], [3.1415927, '3.1415927'], [123456, '123456.0'],
    [1e20, '1e+20'], [1e-5, '1e-05'], [1.5e-7, '1.5e-07'], [-2.5e10, '-2.5e+10'], [0.0001, '1e-04'], [12345678, '12345678.0'],
  ];
  for (const [value, text] of cases) assert.equal(typedValue(hex(bitsOf(value)), 'f32'), text, `${value}`);
  assert.equal(typedValue('0x80000000', 'f32'), '-0.0');
  assert.equal(typedValue('0x00000000', 'f32'), '0.0');
  assert.equal(typedValue('0x7f800000', 'f32'), 'inf');
  assert.equal(typedValue('0xff800000', 'f32'), '-inf');
  assert.equal(typedValue('0xffffffff', 'f32'), 'nan');
  assert.equal(f32Text(Math.fround(16777216)), '16777216.0');
});
