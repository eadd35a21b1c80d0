// Unit tests of the values in their types (src/protocol.ts) that the registers view shows:
// docs/LANGUAGE.md, "Values in their types". Bits worked out by hand from IEEE 754 binary32
// (sign, 8 exponent bits biased by 127, 23 fraction bits), the expected text from the
// server's rule (isa-db DecimalFloat.h: the shortest decimal that reads back as the same f32,
// std::to_chars' fixed or exponent form whichever is shorter, ".0" on a whole number).
const test = require('node:test');
const assert = require('node:assert/strict');
const { formatF32, typedValue } = require('../../out/protocol.js');

test('f32: the shortest decimal that reads back as the same bits', () => {
  assert.equal(formatF32(0x3f000000), '0.5'); // exponent 126: 2^-1
  assert.equal(formatF32(0x3fc00000), '1.5'); // 2^0 × 1.1b
  assert.equal(formatF32(0x40000000), '2.0'); // 2^1, whole: ".0"
  assert.equal(formatF32(0x3e000000), '0.125'); // 2^-3
  assert.equal(formatF32(0x3dcccccd), '0.1'); // 0.1 rounded to nearest: 0x3dcccccd
  assert.equal(formatF32(0x3a83126f), '0.001'); // fixed and "1e-03" tie: fixed
  // 1e10 = 9765625 × 2^10 and 9765625 < 2^24: exact, exponent 33 (+127 = 0xa0), fraction 9765625 - 2^23.
  assert.equal(formatF32(0x501502f9), '1e+10');
  assert.equal(formatF32(0x4b800000), '16777216.0'); // 2^24: 8 digits beat "1.6777216e+07"
  assert.equal(formatF32(0xc1800000), '-16.0'); // sign, 2^4
});

test('f32: zeros, infinities and NaN', () => {
  assert.equal(formatF32(0x00000000), '0.0');
  assert.equal(formatF32(0x80000000), '-0.0');
  assert.equal(formatF32(0x7f800000), 'inf');
  assert.equal(formatF32(0xff800000), '-inf');
  assert.equal(formatF32(0x7fc00000), 'nan');
  assert.equal(formatF32(0xffffffff), 'nan');
});

test('typedValue: a register shown in the type the run gives it', () => {
  assert.equal(typedValue('0x3f000000', 'f32'), '0.5');
  assert.equal(typedValue('0xfffffff0', 's32'), '-16'); // 2^32 - 16
  assert.equal(typedValue('0x00000010', 's32'), '16');
  assert.equal(typedValue('0x7fffffff', 's32'), '2147483647');
  assert.equal(typedValue('0x80000000', 's32'), '-2147483648');
  assert.equal(typedValue('0x00000001', 'bool'), 'true');
  assert.equal(typedValue('0x00000000', 'bool'), 'false');
  // Bits, no type, predicates already true/false, text that is no number: shown as written.
  assert.equal(typedValue('0x000001f0', 'u32'), undefined);
  assert.equal(typedValue('0x000001f0', undefined), undefined);
  assert.equal(typedValue('true', 'bool'), undefined);
  assert.equal(typedValue('?', 'f32'), undefined);
});
