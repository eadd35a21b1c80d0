/**
 * tree-sitter grammar for gpuasm's assembly language: the instruction syntax of the GPU ISA
 * spec in ../isa-db/spec/ (spec-catalog §3, docs/LANGUAGE.md).
 *
 * The grammar knows operand *shapes* (registers by file, ranges, immediates, constant-memory
 * and register-indirect addresses, prefixes, selectors) but not which mnemonics or modifiers
 * exist: the instruction database decides legality. It is deliberately lenient where the
 * spec's own examples are sloppy (a dangling comma before ';', `cmem[…]`, placeholder names such
 * as `pu` used as operands) so that such lines parse and get a precise diagnostic from the
 * assembler instead of an ERROR node.
 *
 * Lines matter: a newline is a token, so a broken line produces an ERROR or MISSING node on
 * that line and never swallows the next one, and a single line is a complete document (the
 * language server may parse line by line).
 */

const HEX = /0[xX][0-9a-fA-F]+/;
const DEC = /[0-9]+/;

module.exports = grammar({
  name: 'gpuasm',

  extras: $ => [/[ \t\r\f]/, $.comment, $.unterminated_comment],

  rules: {
    source_file: $ => seq(
      repeat(seq(repeat($.instruction), $._newline)),
      repeat($.instruction),
    ),

    _newline: _ => /\n/,

    instruction: $ => seq(
      optional(field('guard', $.guard)),
      field('mnemonic', $.mnemonic),
      optional(field('operands', $.operand_list)),
      repeat(field('scheduling', $.scheduling_placeholder)),
      ';',
    ),

    // @P0  @!PT  @UP1  @!UPT
    guard: $ => seq(
      '@',
      optional(field('negated', '!')),
      field('predicate', choice($.predicate, $.uniform_predicate, $.identifier)),
    ),

    // IMAD.WIDE.U32, LEA.HI.X.SX32, MOV.64, IDP.4A.S8.U8: a name and dotted parts. Which parts
    // spell the mnemonic (IMAD.WIDE) and which are modifiers is the database's decision.
    mnemonic: $ => seq(
      field('name', $.identifier),
      repeat(seq(token.immediate('.'), field('modifier', alias(token.immediate(/[A-Za-z0-9_]+/), $.modifier)))),
    ),

    // A trailing comma before ';' is accepted (the spec's examples have it, 000:336) and reported
    // by the assembler, not by the parser.
    operand_list: $ => seq(
      field('operand', $.operand),
      repeat(seq(',', field('operand', $.operand))),
      optional(field('trailing_comma', ',')),
    ),

    // Prefixes: '-' negate, '~' bitwise not, '!' logical not; '|x|' absolute value.
    operand: $ => seq(
      optional(field('prefix', choice('-', '~', '!'))),
      field('value', choice($.absolute_value, $._value)),
    ),

    absolute_value: $ => seq('|', field('value', $._value), '|'),

    _value: $ => choice(
      $.register,
      $.register_range,
      $.register_indirect,
      $.constant_memory,
      $.integer,
      $.float,
      $.float_bits,
      $.identifier,
    ),

    // R7, RZ, UR4, URZ, P0, PT, UP1, UPT, PR, UPR — with an optional selector (.B1, .H0).
    register: $ => seq(
      field('name', choice($.gpr, $.uniform_gpr, $.predicate, $.uniform_predicate, $.predicate_set)),
      optional(seq(token.immediate('.'), field('selector', alias(token.immediate(/[A-Za-z0-9_]+/), $.selector)))),
    ),

    // Register names outrank an identifier of the same length (R0 is a register, not a name);
    // tree-sitter lets lexical precedence beat length, so 'R0X' lexes as R0 followed by junk.
    gpr: _ => token(prec(1, /R([0-9]+|Z)/)),
    uniform_gpr: _ => token(prec(1, /UR([0-9]+|Z)/)),
    predicate: _ => token(prec(1, /P([0-9]+|T)/)),
    uniform_predicate: _ => token(prec(1, /UP([0-9]+|T)/)),
    // Plain strings: they beat an identifier of the same length and lose to a longer one.
    predicate_set: _ => choice('PR', 'UPR'),

    // R[0:1], UR[0:3]: a 64- or 128-bit operand as a register range.
    register_range: $ => seq(
      field('file', $.register_file),
      token.immediate('['),
      field('first', $.integer),
      ':',
      field('last', $.integer),
      ']',
    ),

    // R[UR2], R[UR2+0x1], UR[UR4-0x2]: a register file indexed by a uniform register.
    register_indirect: $ => seq(
      field('file', $.register_file),
      token.immediate('['),
      field('base', $.register),
      optional(seq(field('sign', choice('+', '-')), field('offset', $.integer))),
      ']',
    ),

    register_file: _ => choice('R', 'UR'),

    // c[0x0][0x160], c[0x0][UR4+0x10], c[0x1][UR4-0x1]. The space name is kept as written
    // (the spec once writes `cmem`, 001:714); the assembler checks it.
    constant_memory: $ => seq(
      field('space', $.address_space),
      token.immediate('['),
      field('bank', $.integer),
      ']',
      token.immediate('['),
      choice(
        field('offset', $.integer),
        seq(field('base', $.register), optional(seq(field('sign', choice('+', '-')), field('offset', $.integer)))),
      ),
      ']',
      // A half selector on a constant-memory source (MUFU's {.hsel}): c[0x0][0x10].H1.
      optional(seq(token.immediate('.'), field('selector', alias(token.immediate(/[A-Za-z0-9_]+/), $.selector)))),
    ),

    address_space: _ => choice('c', 'cmem'),

    integer: _ => token(choice(HEX, DEC)),
    // 0.125, 1.5e3, 2. — decimal floats; plain integers in float slots are read as floats by
    // the assembler (docs/LANGUAGE.md).
    float: _ => token(/[0-9]+\.[0-9]*([eE][+-]?[0-9]+)?|[0-9]+[eE][+-]?[0-9]+/),
    // 0f3F800000: raw IEEE binary32 bits.
    float_bits: _ => token(prec(1, /0[fF][0-9a-fA-F]+/)),

    // $sched $req $wsb: scheduling placeholders of the spec's syntax forms (L-72).
    scheduling_placeholder: _ => /\$[A-Za-z_][A-Za-z0-9_]*/,

    identifier: _ => /[A-Za-z_][A-Za-z0-9_]*/,

    comment: _ => token(choice(
      seq('//', /[^\n]*/),
      seq('/*', /[^*]*\*+([^/*][^*]*\*+)*/, '/'),
    )),

    // A '/*' that is never closed comments out the rest of its line only (lower precedence
    // than a closed comment, which wins wherever it matches), so it cannot swallow the lines
    // after it; the syntax layer reports it.
    unterminated_comment: _ => token(prec(-1, seq('/*', /[^\n]*/))),
  },
});
