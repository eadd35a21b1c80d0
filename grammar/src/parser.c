#include <tree_sitter/parser.h>

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#endif

#define LANGUAGE_VERSION 14
#define STATE_COUNT 86
#define LARGE_STATE_COUNT 7
#define SYMBOL_COUNT 52
#define ALIAS_COUNT 1
#define TOKEN_COUNT 32
#define EXTERNAL_TOKEN_COUNT 0
#define FIELD_COUNT 21
#define MAX_ALIAS_SEQUENCE_LENGTH 11
#define PRODUCTION_ID_COUNT 36

enum {
  sym__newline = 1,
  anon_sym_SEMI = 2,
  anon_sym_AT = 3,
  anon_sym_BANG = 4,
  anon_sym_DOT = 5,
  aux_sym_mnemonic_token1 = 6,
  anon_sym_COMMA = 7,
  anon_sym_DASH = 8,
  anon_sym_TILDE = 9,
  anon_sym_PIPE = 10,
  sym_gpr = 11,
  sym_uniform_gpr = 12,
  sym_predicate = 13,
  sym_uniform_predicate = 14,
  anon_sym_PR = 15,
  anon_sym_UPR = 16,
  anon_sym_LBRACK = 17,
  anon_sym_COLON = 18,
  anon_sym_RBRACK = 19,
  anon_sym_PLUS = 20,
  anon_sym_R = 21,
  anon_sym_UR = 22,
  anon_sym_c = 23,
  anon_sym_cmem = 24,
  sym_integer = 25,
  sym_float = 26,
  sym_float_bits = 27,
  sym_scheduling_placeholder = 28,
  sym_identifier = 29,
  sym_comment = 30,
  sym_unterminated_comment = 31,
  sym_source_file = 32,
  sym_instruction = 33,
  sym_guard = 34,
  sym_mnemonic = 35,
  sym_operand_list = 36,
  sym_operand = 37,
  sym_absolute_value = 38,
  sym__value = 39,
  sym_register = 40,
  sym_predicate_set = 41,
  sym_register_range = 42,
  sym_register_indirect = 43,
  sym_register_file = 44,
  sym_constant_memory = 45,
  sym_address_space = 46,
  aux_sym_source_file_repeat1 = 47,
  aux_sym_source_file_repeat2 = 48,
  aux_sym_instruction_repeat1 = 49,
  aux_sym_mnemonic_repeat1 = 50,
  aux_sym_operand_list_repeat1 = 51,
  alias_sym_modifier = 52,
};

static const char * const ts_symbol_names[] = {
  [ts_builtin_sym_end] = "end",
  [sym__newline] = "_newline",
  [anon_sym_SEMI] = ";",
  [anon_sym_AT] = "@",
  [anon_sym_BANG] = "!",
  [anon_sym_DOT] = ".",
  [aux_sym_mnemonic_token1] = "selector",
  [anon_sym_COMMA] = ",",
  [anon_sym_DASH] = "-",
  [anon_sym_TILDE] = "~",
  [anon_sym_PIPE] = "|",
  [sym_gpr] = "gpr",
  [sym_uniform_gpr] = "uniform_gpr",
  [sym_predicate] = "predicate",
  [sym_uniform_predicate] = "uniform_predicate",
  [anon_sym_PR] = "PR",
  [anon_sym_UPR] = "UPR",
  [anon_sym_LBRACK] = "[",
  [anon_sym_COLON] = ":",
  [anon_sym_RBRACK] = "]",
  [anon_sym_PLUS] = "+",
  [anon_sym_R] = "R",
  [anon_sym_UR] = "UR",
  [anon_sym_c] = "c",
  [anon_sym_cmem] = "cmem",
  [sym_integer] = "integer",
  [sym_float] = "float",
  [sym_float_bits] = "float_bits",
  [sym_scheduling_placeholder] = "scheduling_placeholder",
  [sym_identifier] = "identifier",
  [sym_comment] = "comment",
  [sym_unterminated_comment] = "unterminated_comment",
  [sym_source_file] = "source_file",
  [sym_instruction] = "instruction",
  [sym_guard] = "guard",
  [sym_mnemonic] = "mnemonic",
  [sym_operand_list] = "operand_list",
  [sym_operand] = "operand",
  [sym_absolute_value] = "absolute_value",
  [sym__value] = "_value",
  [sym_register] = "register",
  [sym_predicate_set] = "predicate_set",
  [sym_register_range] = "register_range",
  [sym_register_indirect] = "register_indirect",
  [sym_register_file] = "register_file",
  [sym_constant_memory] = "constant_memory",
  [sym_address_space] = "address_space",
  [aux_sym_source_file_repeat1] = "source_file_repeat1",
  [aux_sym_source_file_repeat2] = "source_file_repeat2",
  [aux_sym_instruction_repeat1] = "instruction_repeat1",
  [aux_sym_mnemonic_repeat1] = "mnemonic_repeat1",
  [aux_sym_operand_list_repeat1] = "operand_list_repeat1",
  [alias_sym_modifier] = "modifier",
};

static const TSSymbol ts_symbol_map[] = {
  [ts_builtin_sym_end] = ts_builtin_sym_end,
  [sym__newline] = sym__newline,
  [anon_sym_SEMI] = anon_sym_SEMI,
  [anon_sym_AT] = anon_sym_AT,
  [anon_sym_BANG] = anon_sym_BANG,
  [anon_sym_DOT] = anon_sym_DOT,
  [aux_sym_mnemonic_token1] = aux_sym_mnemonic_token1,
  [anon_sym_COMMA] = anon_sym_COMMA,
  [anon_sym_DASH] = anon_sym_DASH,
  [anon_sym_TILDE] = anon_sym_TILDE,
  [anon_sym_PIPE] = anon_sym_PIPE,
  [sym_gpr] = sym_gpr,
  [sym_uniform_gpr] = sym_uniform_gpr,
  [sym_predicate] = sym_predicate,
  [sym_uniform_predicate] = sym_uniform_predicate,
  [anon_sym_PR] = anon_sym_PR,
  [anon_sym_UPR] = anon_sym_UPR,
  [anon_sym_LBRACK] = anon_sym_LBRACK,
  [anon_sym_COLON] = anon_sym_COLON,
  [anon_sym_RBRACK] = anon_sym_RBRACK,
  [anon_sym_PLUS] = anon_sym_PLUS,
  [anon_sym_R] = anon_sym_R,
  [anon_sym_UR] = anon_sym_UR,
  [anon_sym_c] = anon_sym_c,
  [anon_sym_cmem] = anon_sym_cmem,
  [sym_integer] = sym_integer,
  [sym_float] = sym_float,
  [sym_float_bits] = sym_float_bits,
  [sym_scheduling_placeholder] = sym_scheduling_placeholder,
  [sym_identifier] = sym_identifier,
  [sym_comment] = sym_comment,
  [sym_unterminated_comment] = sym_unterminated_comment,
  [sym_source_file] = sym_source_file,
  [sym_instruction] = sym_instruction,
  [sym_guard] = sym_guard,
  [sym_mnemonic] = sym_mnemonic,
  [sym_operand_list] = sym_operand_list,
  [sym_operand] = sym_operand,
  [sym_absolute_value] = sym_absolute_value,
  [sym__value] = sym__value,
  [sym_register] = sym_register,
  [sym_predicate_set] = sym_predicate_set,
  [sym_register_range] = sym_register_range,
  [sym_register_indirect] = sym_register_indirect,
  [sym_register_file] = sym_register_file,
  [sym_constant_memory] = sym_constant_memory,
  [sym_address_space] = sym_address_space,
  [aux_sym_source_file_repeat1] = aux_sym_source_file_repeat1,
  [aux_sym_source_file_repeat2] = aux_sym_source_file_repeat2,
  [aux_sym_instruction_repeat1] = aux_sym_instruction_repeat1,
  [aux_sym_mnemonic_repeat1] = aux_sym_mnemonic_repeat1,
  [aux_sym_operand_list_repeat1] = aux_sym_operand_list_repeat1,
  [alias_sym_modifier] = alias_sym_modifier,
};

static const TSSymbolMetadata ts_symbol_metadata[] = {
  [ts_builtin_sym_end] = {
    .visible = false,
    .named = true,
  },
  [sym__newline] = {
    .visible = false,
    .named = true,
  },
  [anon_sym_SEMI] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_AT] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_BANG] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_DOT] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_mnemonic_token1] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_COMMA] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_DASH] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_TILDE] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_PIPE] = {
    .visible = true,
    .named = false,
  },
  [sym_gpr] = {
    .visible = true,
    .named = true,
  },
  [sym_uniform_gpr] = {
    .visible = true,
    .named = true,
  },
  [sym_predicate] = {
    .visible = true,
    .named = true,
  },
  [sym_uniform_predicate] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_PR] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_UPR] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_LBRACK] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_COLON] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_RBRACK] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_PLUS] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_R] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_UR] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_c] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_cmem] = {
    .visible = true,
    .named = false,
  },
  [sym_integer] = {
    .visible = true,
    .named = true,
  },
  [sym_float] = {
    .visible = true,
    .named = true,
  },
  [sym_float_bits] = {
    .visible = true,
    .named = true,
  },
  [sym_scheduling_placeholder] = {
    .visible = true,
    .named = true,
  },
  [sym_identifier] = {
    .visible = true,
    .named = true,
  },
  [sym_comment] = {
    .visible = true,
    .named = true,
  },
  [sym_unterminated_comment] = {
    .visible = true,
    .named = true,
  },
  [sym_source_file] = {
    .visible = true,
    .named = true,
  },
  [sym_instruction] = {
    .visible = true,
    .named = true,
  },
  [sym_guard] = {
    .visible = true,
    .named = true,
  },
  [sym_mnemonic] = {
    .visible = true,
    .named = true,
  },
  [sym_operand_list] = {
    .visible = true,
    .named = true,
  },
  [sym_operand] = {
    .visible = true,
    .named = true,
  },
  [sym_absolute_value] = {
    .visible = true,
    .named = true,
  },
  [sym__value] = {
    .visible = false,
    .named = true,
  },
  [sym_register] = {
    .visible = true,
    .named = true,
  },
  [sym_predicate_set] = {
    .visible = true,
    .named = true,
  },
  [sym_register_range] = {
    .visible = true,
    .named = true,
  },
  [sym_register_indirect] = {
    .visible = true,
    .named = true,
  },
  [sym_register_file] = {
    .visible = true,
    .named = true,
  },
  [sym_constant_memory] = {
    .visible = true,
    .named = true,
  },
  [sym_address_space] = {
    .visible = true,
    .named = true,
  },
  [aux_sym_source_file_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_source_file_repeat2] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_instruction_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_mnemonic_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_operand_list_repeat1] = {
    .visible = false,
    .named = false,
  },
  [alias_sym_modifier] = {
    .visible = true,
    .named = true,
  },
};

enum {
  field_bank = 1,
  field_base = 2,
  field_file = 3,
  field_first = 4,
  field_guard = 5,
  field_last = 6,
  field_mnemonic = 7,
  field_modifier = 8,
  field_name = 9,
  field_negated = 10,
  field_offset = 11,
  field_operand = 12,
  field_operands = 13,
  field_predicate = 14,
  field_prefix = 15,
  field_scheduling = 16,
  field_selector = 17,
  field_sign = 18,
  field_space = 19,
  field_trailing_comma = 20,
  field_value = 21,
};

static const char * const ts_field_names[] = {
  [0] = NULL,
  [field_bank] = "bank",
  [field_base] = "base",
  [field_file] = "file",
  [field_first] = "first",
  [field_guard] = "guard",
  [field_last] = "last",
  [field_mnemonic] = "mnemonic",
  [field_modifier] = "modifier",
  [field_name] = "name",
  [field_negated] = "negated",
  [field_offset] = "offset",
  [field_operand] = "operand",
  [field_operands] = "operands",
  [field_predicate] = "predicate",
  [field_prefix] = "prefix",
  [field_scheduling] = "scheduling",
  [field_selector] = "selector",
  [field_sign] = "sign",
  [field_space] = "space",
  [field_trailing_comma] = "trailing_comma",
  [field_value] = "value",
};

static const TSFieldMapSlice ts_field_map_slices[PRODUCTION_ID_COUNT] = {
  [1] = {.index = 0, .length = 1},
  [2] = {.index = 1, .length = 1},
  [3] = {.index = 2, .length = 2},
  [4] = {.index = 4, .length = 1},
  [5] = {.index = 5, .length = 1},
  [6] = {.index = 6, .length = 1},
  [7] = {.index = 7, .length = 1},
  [8] = {.index = 8, .length = 2},
  [9] = {.index = 10, .length = 1},
  [10] = {.index = 11, .length = 2},
  [11] = {.index = 13, .length = 2},
  [12] = {.index = 15, .length = 2},
  [13] = {.index = 17, .length = 2},
  [14] = {.index = 19, .length = 2},
  [15] = {.index = 21, .length = 2},
  [16] = {.index = 23, .length = 2},
  [17] = {.index = 25, .length = 2},
  [18] = {.index = 27, .length = 3},
  [19] = {.index = 30, .length = 3},
  [20] = {.index = 33, .length = 1},
  [21] = {.index = 34, .length = 2},
  [22] = {.index = 36, .length = 3},
  [23] = {.index = 39, .length = 1},
  [24] = {.index = 40, .length = 3},
  [25] = {.index = 43, .length = 2},
  [26] = {.index = 45, .length = 4},
  [27] = {.index = 49, .length = 2},
  [28] = {.index = 51, .length = 3},
  [29] = {.index = 54, .length = 4},
  [30] = {.index = 58, .length = 3},
  [31] = {.index = 61, .length = 3},
  [32] = {.index = 64, .length = 4},
  [33] = {.index = 68, .length = 5},
  [34] = {.index = 73, .length = 4},
  [35] = {.index = 77, .length = 6},
};

static const TSFieldMapEntry ts_field_map_entries[] = {
  [0] =
    {field_name, 0},
  [1] =
    {field_predicate, 1},
  [2] =
    {field_modifier, 1, .inherited = true},
    {field_name, 0},
  [4] =
    {field_mnemonic, 0},
  [5] =
    {field_scheduling, 0},
  [6] =
    {field_operand, 0},
  [7] =
    {field_value, 0},
  [8] =
    {field_negated, 1},
    {field_predicate, 2},
  [10] =
    {field_modifier, 1},
  [11] =
    {field_modifier, 0, .inherited = true},
    {field_modifier, 1, .inherited = true},
  [13] =
    {field_guard, 0},
    {field_mnemonic, 1},
  [15] =
    {field_prefix, 0},
    {field_value, 1},
  [17] =
    {field_mnemonic, 0},
    {field_operands, 1},
  [19] =
    {field_operand, 0},
    {field_trailing_comma, 1},
  [21] =
    {field_operand, 0},
    {field_operand, 1, .inherited = true},
  [23] =
    {field_mnemonic, 0},
    {field_scheduling, 1, .inherited = true},
  [25] =
    {field_scheduling, 0, .inherited = true},
    {field_scheduling, 1, .inherited = true},
  [27] =
    {field_guard, 0},
    {field_mnemonic, 1},
    {field_operands, 2},
  [30] =
    {field_guard, 0},
    {field_mnemonic, 1},
    {field_scheduling, 2, .inherited = true},
  [33] =
    {field_value, 1},
  [34] =
    {field_name, 0},
    {field_selector, 2},
  [36] =
    {field_mnemonic, 0},
    {field_operands, 1},
    {field_scheduling, 2, .inherited = true},
  [39] =
    {field_operand, 1},
  [40] =
    {field_operand, 0},
    {field_operand, 1, .inherited = true},
    {field_trailing_comma, 2},
  [43] =
    {field_operand, 0, .inherited = true},
    {field_operand, 1, .inherited = true},
  [45] =
    {field_guard, 0},
    {field_mnemonic, 1},
    {field_operands, 2},
    {field_scheduling, 3, .inherited = true},
  [49] =
    {field_base, 2},
    {field_file, 0},
  [51] =
    {field_file, 0},
    {field_first, 2},
    {field_last, 4},
  [54] =
    {field_base, 2},
    {field_file, 0},
    {field_offset, 4},
    {field_sign, 3},
  [58] =
    {field_bank, 2},
    {field_offset, 5},
    {field_space, 0},
  [61] =
    {field_bank, 2},
    {field_base, 5},
    {field_space, 0},
  [64] =
    {field_bank, 2},
    {field_offset, 5},
    {field_selector, 8},
    {field_space, 0},
  [68] =
    {field_bank, 2},
    {field_base, 5},
    {field_offset, 7},
    {field_sign, 6},
    {field_space, 0},
  [73] =
    {field_bank, 2},
    {field_base, 5},
    {field_selector, 8},
    {field_space, 0},
  [77] =
    {field_bank, 2},
    {field_base, 5},
    {field_offset, 7},
    {field_selector, 10},
    {field_sign, 6},
    {field_space, 0},
};

static const TSSymbol ts_alias_sequences[PRODUCTION_ID_COUNT][MAX_ALIAS_SEQUENCE_LENGTH] = {
  [0] = {0},
  [9] = {
    [1] = alias_sym_modifier,
  },
};

static const uint16_t ts_non_terminal_alias_map[] = {
  0,
};

static const TSStateId ts_primary_state_ids[STATE_COUNT] = {
  [0] = 0,
  [1] = 1,
  [2] = 2,
  [3] = 3,
  [4] = 4,
  [5] = 5,
  [6] = 6,
  [7] = 7,
  [8] = 8,
  [9] = 9,
  [10] = 10,
  [11] = 11,
  [12] = 12,
  [13] = 13,
  [14] = 14,
  [15] = 15,
  [16] = 16,
  [17] = 17,
  [18] = 18,
  [19] = 19,
  [20] = 20,
  [21] = 21,
  [22] = 22,
  [23] = 23,
  [24] = 24,
  [25] = 25,
  [26] = 26,
  [27] = 27,
  [28] = 28,
  [29] = 29,
  [30] = 30,
  [31] = 31,
  [32] = 32,
  [33] = 33,
  [34] = 34,
  [35] = 35,
  [36] = 36,
  [37] = 37,
  [38] = 38,
  [39] = 39,
  [40] = 40,
  [41] = 41,
  [42] = 42,
  [43] = 43,
  [44] = 44,
  [45] = 45,
  [46] = 46,
  [47] = 47,
  [48] = 48,
  [49] = 49,
  [50] = 50,
  [51] = 51,
  [52] = 52,
  [53] = 53,
  [54] = 54,
  [55] = 55,
  [56] = 56,
  [57] = 57,
  [58] = 58,
  [59] = 59,
  [60] = 60,
  [61] = 61,
  [62] = 62,
  [63] = 63,
  [64] = 64,
  [65] = 65,
  [66] = 66,
  [67] = 67,
  [68] = 68,
  [69] = 69,
  [70] = 70,
  [71] = 71,
  [72] = 72,
  [73] = 73,
  [74] = 74,
  [75] = 75,
  [76] = 76,
  [77] = 77,
  [78] = 78,
  [79] = 79,
  [80] = 80,
  [81] = 81,
  [82] = 82,
  [83] = 83,
  [84] = 84,
  [85] = 85,
};

static bool ts_lex(TSLexer *lexer, TSStateId state) {
  START_LEXER();
  eof = lexer->eof(lexer);
  switch (state) {
    case 0:
      if (eof) ADVANCE(16);
      if (lookahead == '\n') ADVANCE(17);
      if (lookahead == '!') ADVANCE(20);
      if (lookahead == '$') ADVANCE(13);
      if (lookahead == '+') ADVANCE(51);
      if (lookahead == ',') ADVANCE(32);
      if (lookahead == '-') ADVANCE(33);
      if (lookahead == '.') ADVANCE(21);
      if (lookahead == '/') ADVANCE(4);
      if (lookahead == '0') ADVANCE(27);
      if (lookahead == ':') ADVANCE(49);
      if (lookahead == ';') ADVANCE(18);
      if (lookahead == '@') ADVANCE(19);
      if (lookahead == 'P') ADVANCE(23);
      if (lookahead == 'R') ADVANCE(52);
      if (lookahead == 'U') ADVANCE(22);
      if (lookahead == '[') ADVANCE(48);
      if (lookahead == ']') ADVANCE(50);
      if (lookahead == 'c') ADVANCE(56);
      if (lookahead == '|') ADVANCE(35);
      if (lookahead == '~') ADVANCE(34);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(14)
      if (('1' <= lookahead && lookahead <= '9')) ADVANCE(28);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(31);
      END_STATE();
    case 1:
      if (lookahead == '!') ADVANCE(20);
      if (lookahead == '$') ADVANCE(13);
      if (lookahead == '-') ADVANCE(33);
      if (lookahead == '.') ADVANCE(21);
      if (lookahead == '/') ADVANCE(4);
      if (lookahead == '0') ADVANCE(60);
      if (lookahead == ';') ADVANCE(18);
      if (lookahead == 'P') ADVANCE(72);
      if (lookahead == 'R') ADVANCE(53);
      if (lookahead == 'U') ADVANCE(70);
      if (lookahead == 'c') ADVANCE(57);
      if (lookahead == '|') ADVANCE(35);
      if (lookahead == '~') ADVANCE(34);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(2)
      if (('1' <= lookahead && lookahead <= '9')) ADVANCE(61);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 2:
      if (lookahead == '!') ADVANCE(20);
      if (lookahead == '$') ADVANCE(13);
      if (lookahead == '-') ADVANCE(33);
      if (lookahead == '/') ADVANCE(4);
      if (lookahead == '0') ADVANCE(60);
      if (lookahead == ';') ADVANCE(18);
      if (lookahead == 'P') ADVANCE(72);
      if (lookahead == 'R') ADVANCE(53);
      if (lookahead == 'U') ADVANCE(70);
      if (lookahead == 'c') ADVANCE(57);
      if (lookahead == '|') ADVANCE(35);
      if (lookahead == '~') ADVANCE(34);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(2)
      if (('1' <= lookahead && lookahead <= '9')) ADVANCE(61);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 3:
      if (lookahead == '!') ADVANCE(20);
      if (lookahead == '/') ADVANCE(4);
      if (lookahead == 'P') ADVANCE(74);
      if (lookahead == 'U') ADVANCE(71);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(3)
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 4:
      if (lookahead == '*') ADVANCE(82);
      if (lookahead == '/') ADVANCE(80);
      END_STATE();
    case 5:
      if (lookahead == '*') ADVANCE(5);
      if (lookahead == '/') ADVANCE(79);
      if (lookahead != 0) ADVANCE(6);
      END_STATE();
    case 6:
      if (lookahead == '*') ADVANCE(5);
      if (lookahead != 0) ADVANCE(6);
      END_STATE();
    case 7:
      if (lookahead == '/') ADVANCE(4);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(7)
      END_STATE();
    case 8:
      if (lookahead == '/') ADVANCE(4);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(7)
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(31);
      END_STATE();
    case 9:
      if (lookahead == '+' ||
          lookahead == '-') ADVANCE(10);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(67);
      END_STATE();
    case 10:
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(67);
      END_STATE();
    case 11:
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(68);
      END_STATE();
    case 12:
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(65);
      END_STATE();
    case 13:
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(69);
      END_STATE();
    case 14:
      if (eof) ADVANCE(16);
      if (lookahead == '\n') ADVANCE(17);
      if (lookahead == '!') ADVANCE(20);
      if (lookahead == '$') ADVANCE(13);
      if (lookahead == '+') ADVANCE(51);
      if (lookahead == ',') ADVANCE(32);
      if (lookahead == '-') ADVANCE(33);
      if (lookahead == '/') ADVANCE(4);
      if (lookahead == '0') ADVANCE(62);
      if (lookahead == ':') ADVANCE(49);
      if (lookahead == ';') ADVANCE(18);
      if (lookahead == '@') ADVANCE(19);
      if (lookahead == 'P') ADVANCE(72);
      if (lookahead == 'R') ADVANCE(53);
      if (lookahead == 'U') ADVANCE(70);
      if (lookahead == ']') ADVANCE(50);
      if (lookahead == 'c') ADVANCE(57);
      if (lookahead == '|') ADVANCE(35);
      if (lookahead == '~') ADVANCE(34);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(14)
      if (('1' <= lookahead && lookahead <= '9')) ADVANCE(64);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 15:
      if (eof) ADVANCE(16);
      if (lookahead == '\n') ADVANCE(17);
      if (lookahead == '/') ADVANCE(4);
      if (lookahead == '0') ADVANCE(63);
      if (lookahead == '@') ADVANCE(19);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(15)
      if (('1' <= lookahead && lookahead <= '9')) ADVANCE(64);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 16:
      ACCEPT_TOKEN(ts_builtin_sym_end);
      END_STATE();
    case 17:
      ACCEPT_TOKEN(sym__newline);
      END_STATE();
    case 18:
      ACCEPT_TOKEN(anon_sym_SEMI);
      END_STATE();
    case 19:
      ACCEPT_TOKEN(anon_sym_AT);
      END_STATE();
    case 20:
      ACCEPT_TOKEN(anon_sym_BANG);
      END_STATE();
    case 21:
      ACCEPT_TOKEN(anon_sym_DOT);
      END_STATE();
    case 22:
      ACCEPT_TOKEN(aux_sym_mnemonic_token1);
      if (lookahead == 'P') ADVANCE(24);
      if (lookahead == 'R') ADVANCE(54);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(31);
      END_STATE();
    case 23:
      ACCEPT_TOKEN(aux_sym_mnemonic_token1);
      if (lookahead == 'R') ADVANCE(44);
      if (lookahead == 'T') ADVANCE(40);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(41);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(31);
      END_STATE();
    case 24:
      ACCEPT_TOKEN(aux_sym_mnemonic_token1);
      if (lookahead == 'R') ADVANCE(46);
      if (lookahead == 'T') ADVANCE(42);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(43);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(31);
      END_STATE();
    case 25:
      ACCEPT_TOKEN(aux_sym_mnemonic_token1);
      if (lookahead == 'e') ADVANCE(26);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(31);
      END_STATE();
    case 26:
      ACCEPT_TOKEN(aux_sym_mnemonic_token1);
      if (lookahead == 'm') ADVANCE(58);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(31);
      END_STATE();
    case 27:
      ACCEPT_TOKEN(aux_sym_mnemonic_token1);
      if (lookahead == 'F' ||
          lookahead == 'f') ADVANCE(29);
      if (lookahead == 'X' ||
          lookahead == 'x') ADVANCE(30);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(28);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(31);
      END_STATE();
    case 28:
      ACCEPT_TOKEN(aux_sym_mnemonic_token1);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(28);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(31);
      END_STATE();
    case 29:
      ACCEPT_TOKEN(aux_sym_mnemonic_token1);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(68);
      if (('G' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('g' <= lookahead && lookahead <= 'z')) ADVANCE(31);
      END_STATE();
    case 30:
      ACCEPT_TOKEN(aux_sym_mnemonic_token1);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(30);
      if (('G' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('g' <= lookahead && lookahead <= 'z')) ADVANCE(31);
      END_STATE();
    case 31:
      ACCEPT_TOKEN(aux_sym_mnemonic_token1);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(31);
      END_STATE();
    case 32:
      ACCEPT_TOKEN(anon_sym_COMMA);
      END_STATE();
    case 33:
      ACCEPT_TOKEN(anon_sym_DASH);
      END_STATE();
    case 34:
      ACCEPT_TOKEN(anon_sym_TILDE);
      END_STATE();
    case 35:
      ACCEPT_TOKEN(anon_sym_PIPE);
      END_STATE();
    case 36:
      ACCEPT_TOKEN(sym_gpr);
      END_STATE();
    case 37:
      ACCEPT_TOKEN(sym_gpr);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(37);
      END_STATE();
    case 38:
      ACCEPT_TOKEN(sym_uniform_gpr);
      END_STATE();
    case 39:
      ACCEPT_TOKEN(sym_uniform_gpr);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(39);
      END_STATE();
    case 40:
      ACCEPT_TOKEN(sym_predicate);
      END_STATE();
    case 41:
      ACCEPT_TOKEN(sym_predicate);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(41);
      END_STATE();
    case 42:
      ACCEPT_TOKEN(sym_uniform_predicate);
      END_STATE();
    case 43:
      ACCEPT_TOKEN(sym_uniform_predicate);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(43);
      END_STATE();
    case 44:
      ACCEPT_TOKEN(anon_sym_PR);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(31);
      END_STATE();
    case 45:
      ACCEPT_TOKEN(anon_sym_PR);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 46:
      ACCEPT_TOKEN(anon_sym_UPR);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(31);
      END_STATE();
    case 47:
      ACCEPT_TOKEN(anon_sym_UPR);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 48:
      ACCEPT_TOKEN(anon_sym_LBRACK);
      END_STATE();
    case 49:
      ACCEPT_TOKEN(anon_sym_COLON);
      END_STATE();
    case 50:
      ACCEPT_TOKEN(anon_sym_RBRACK);
      END_STATE();
    case 51:
      ACCEPT_TOKEN(anon_sym_PLUS);
      END_STATE();
    case 52:
      ACCEPT_TOKEN(anon_sym_R);
      if (lookahead == 'Z') ADVANCE(36);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(37);
      if (('A' <= lookahead && lookahead <= 'Y') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(31);
      END_STATE();
    case 53:
      ACCEPT_TOKEN(anon_sym_R);
      if (lookahead == 'Z') ADVANCE(36);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(37);
      if (('A' <= lookahead && lookahead <= 'Y') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 54:
      ACCEPT_TOKEN(anon_sym_UR);
      if (lookahead == 'Z') ADVANCE(38);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(39);
      if (('A' <= lookahead && lookahead <= 'Y') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(31);
      END_STATE();
    case 55:
      ACCEPT_TOKEN(anon_sym_UR);
      if (lookahead == 'Z') ADVANCE(38);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(39);
      if (('A' <= lookahead && lookahead <= 'Y') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 56:
      ACCEPT_TOKEN(anon_sym_c);
      if (lookahead == 'm') ADVANCE(25);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(31);
      END_STATE();
    case 57:
      ACCEPT_TOKEN(anon_sym_c);
      if (lookahead == 'm') ADVANCE(76);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 58:
      ACCEPT_TOKEN(anon_sym_cmem);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(31);
      END_STATE();
    case 59:
      ACCEPT_TOKEN(anon_sym_cmem);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 60:
      ACCEPT_TOKEN(sym_integer);
      if (lookahead == '.') ADVANCE(66);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(9);
      if (lookahead == 'F' ||
          lookahead == 'f') ADVANCE(11);
      if (lookahead == 'X' ||
          lookahead == 'x') ADVANCE(12);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(61);
      END_STATE();
    case 61:
      ACCEPT_TOKEN(sym_integer);
      if (lookahead == '.') ADVANCE(66);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(9);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(61);
      END_STATE();
    case 62:
      ACCEPT_TOKEN(sym_integer);
      if (lookahead == 'F' ||
          lookahead == 'f') ADVANCE(11);
      if (lookahead == 'X' ||
          lookahead == 'x') ADVANCE(12);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(64);
      END_STATE();
    case 63:
      ACCEPT_TOKEN(sym_integer);
      if (lookahead == 'X' ||
          lookahead == 'x') ADVANCE(12);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(64);
      END_STATE();
    case 64:
      ACCEPT_TOKEN(sym_integer);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(64);
      END_STATE();
    case 65:
      ACCEPT_TOKEN(sym_integer);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(65);
      END_STATE();
    case 66:
      ACCEPT_TOKEN(sym_float);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(9);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(66);
      END_STATE();
    case 67:
      ACCEPT_TOKEN(sym_float);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(67);
      END_STATE();
    case 68:
      ACCEPT_TOKEN(sym_float_bits);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(68);
      END_STATE();
    case 69:
      ACCEPT_TOKEN(sym_scheduling_placeholder);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(69);
      END_STATE();
    case 70:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'P') ADVANCE(73);
      if (lookahead == 'R') ADVANCE(55);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 71:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'P') ADVANCE(75);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 72:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'R') ADVANCE(45);
      if (lookahead == 'T') ADVANCE(40);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(41);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 73:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'R') ADVANCE(47);
      if (lookahead == 'T') ADVANCE(42);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(43);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 74:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'T') ADVANCE(40);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(41);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 75:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'T') ADVANCE(42);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(43);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 76:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'e') ADVANCE(77);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 77:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'm') ADVANCE(59);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 78:
      ACCEPT_TOKEN(sym_identifier);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(78);
      END_STATE();
    case 79:
      ACCEPT_TOKEN(sym_comment);
      END_STATE();
    case 80:
      ACCEPT_TOKEN(sym_comment);
      if (lookahead != 0 &&
          lookahead != '\n') ADVANCE(80);
      END_STATE();
    case 81:
      ACCEPT_TOKEN(sym_unterminated_comment);
      if (lookahead == '\n') ADVANCE(6);
      if (lookahead == '*') ADVANCE(81);
      if (lookahead == '/') ADVANCE(79);
      if (lookahead != 0) ADVANCE(82);
      END_STATE();
    case 82:
      ACCEPT_TOKEN(sym_unterminated_comment);
      if (lookahead == '\n') ADVANCE(6);
      if (lookahead == '*') ADVANCE(81);
      if (lookahead != 0) ADVANCE(82);
      END_STATE();
    default:
      return false;
  }
}

static const TSLexMode ts_lex_modes[STATE_COUNT] = {
  [0] = {.lex_state = 0},
  [1] = {.lex_state = 15},
  [2] = {.lex_state = 1},
  [3] = {.lex_state = 1},
  [4] = {.lex_state = 1},
  [5] = {.lex_state = 1},
  [6] = {.lex_state = 1},
  [7] = {.lex_state = 1},
  [8] = {.lex_state = 1},
  [9] = {.lex_state = 1},
  [10] = {.lex_state = 1},
  [11] = {.lex_state = 1},
  [12] = {.lex_state = 1},
  [13] = {.lex_state = 15},
  [14] = {.lex_state = 15},
  [15] = {.lex_state = 1},
  [16] = {.lex_state = 1},
  [17] = {.lex_state = 15},
  [18] = {.lex_state = 0},
  [19] = {.lex_state = 0},
  [20] = {.lex_state = 15},
  [21] = {.lex_state = 15},
  [22] = {.lex_state = 15},
  [23] = {.lex_state = 0},
  [24] = {.lex_state = 0},
  [25] = {.lex_state = 0},
  [26] = {.lex_state = 0},
  [27] = {.lex_state = 0},
  [28] = {.lex_state = 15},
  [29] = {.lex_state = 3},
  [30] = {.lex_state = 15},
  [31] = {.lex_state = 15},
  [32] = {.lex_state = 15},
  [33] = {.lex_state = 0},
  [34] = {.lex_state = 15},
  [35] = {.lex_state = 15},
  [36] = {.lex_state = 15},
  [37] = {.lex_state = 15},
  [38] = {.lex_state = 15},
  [39] = {.lex_state = 0},
  [40] = {.lex_state = 0},
  [41] = {.lex_state = 0},
  [42] = {.lex_state = 0},
  [43] = {.lex_state = 0},
  [44] = {.lex_state = 0},
  [45] = {.lex_state = 0},
  [46] = {.lex_state = 0},
  [47] = {.lex_state = 0},
  [48] = {.lex_state = 3},
  [49] = {.lex_state = 0},
  [50] = {.lex_state = 0},
  [51] = {.lex_state = 0},
  [52] = {.lex_state = 0},
  [53] = {.lex_state = 0},
  [54] = {.lex_state = 0},
  [55] = {.lex_state = 0},
  [56] = {.lex_state = 0},
  [57] = {.lex_state = 0},
  [58] = {.lex_state = 0},
  [59] = {.lex_state = 0},
  [60] = {.lex_state = 0},
  [61] = {.lex_state = 15},
  [62] = {.lex_state = 15},
  [63] = {.lex_state = 0},
  [64] = {.lex_state = 15},
  [65] = {.lex_state = 15},
  [66] = {.lex_state = 0},
  [67] = {.lex_state = 0},
  [68] = {.lex_state = 0},
  [69] = {.lex_state = 0},
  [70] = {.lex_state = 8},
  [71] = {.lex_state = 0},
  [72] = {.lex_state = 0},
  [73] = {.lex_state = 0},
  [74] = {.lex_state = 0},
  [75] = {.lex_state = 0},
  [76] = {.lex_state = 15},
  [77] = {.lex_state = 0},
  [78] = {.lex_state = 8},
  [79] = {.lex_state = 0},
  [80] = {.lex_state = 8},
  [81] = {.lex_state = 15},
  [82] = {.lex_state = 8},
  [83] = {.lex_state = 15},
  [84] = {.lex_state = 8},
  [85] = {.lex_state = 0},
};

static const uint16_t ts_parse_table[LARGE_STATE_COUNT][SYMBOL_COUNT] = {
  [0] = {
    [ts_builtin_sym_end] = ACTIONS(1),
    [sym__newline] = ACTIONS(1),
    [anon_sym_SEMI] = ACTIONS(1),
    [anon_sym_AT] = ACTIONS(1),
    [anon_sym_BANG] = ACTIONS(1),
    [anon_sym_DOT] = ACTIONS(1),
    [aux_sym_mnemonic_token1] = ACTIONS(1),
    [anon_sym_COMMA] = ACTIONS(1),
    [anon_sym_DASH] = ACTIONS(1),
    [anon_sym_TILDE] = ACTIONS(1),
    [anon_sym_PIPE] = ACTIONS(1),
    [sym_gpr] = ACTIONS(1),
    [sym_uniform_gpr] = ACTIONS(1),
    [sym_predicate] = ACTIONS(1),
    [sym_uniform_predicate] = ACTIONS(1),
    [anon_sym_PR] = ACTIONS(1),
    [anon_sym_UPR] = ACTIONS(1),
    [anon_sym_LBRACK] = ACTIONS(1),
    [anon_sym_COLON] = ACTIONS(1),
    [anon_sym_RBRACK] = ACTIONS(1),
    [anon_sym_PLUS] = ACTIONS(1),
    [anon_sym_R] = ACTIONS(1),
    [anon_sym_UR] = ACTIONS(1),
    [anon_sym_c] = ACTIONS(1),
    [anon_sym_cmem] = ACTIONS(1),
    [sym_integer] = ACTIONS(1),
    [sym_float_bits] = ACTIONS(1),
    [sym_scheduling_placeholder] = ACTIONS(1),
    [sym_identifier] = ACTIONS(1),
    [sym_comment] = ACTIONS(3),
    [sym_unterminated_comment] = ACTIONS(5),
  },
  [1] = {
    [sym_source_file] = STATE(85),
    [sym_instruction] = STATE(17),
    [sym_guard] = STATE(61),
    [sym_mnemonic] = STATE(3),
    [aux_sym_source_file_repeat1] = STATE(17),
    [aux_sym_source_file_repeat2] = STATE(13),
    [ts_builtin_sym_end] = ACTIONS(7),
    [sym__newline] = ACTIONS(9),
    [anon_sym_AT] = ACTIONS(11),
    [sym_identifier] = ACTIONS(13),
    [sym_comment] = ACTIONS(3),
    [sym_unterminated_comment] = ACTIONS(5),
  },
  [2] = {
    [sym_operand_list] = STATE(50),
    [sym_operand] = STATE(40),
    [sym_absolute_value] = STATE(59),
    [sym__value] = STATE(59),
    [sym_register] = STATE(59),
    [sym_predicate_set] = STATE(18),
    [sym_register_range] = STATE(59),
    [sym_register_indirect] = STATE(59),
    [sym_register_file] = STATE(63),
    [sym_constant_memory] = STATE(59),
    [sym_address_space] = STATE(75),
    [aux_sym_instruction_repeat1] = STATE(53),
    [anon_sym_SEMI] = ACTIONS(15),
    [anon_sym_BANG] = ACTIONS(17),
    [anon_sym_DASH] = ACTIONS(17),
    [anon_sym_TILDE] = ACTIONS(17),
    [anon_sym_PIPE] = ACTIONS(19),
    [sym_gpr] = ACTIONS(21),
    [sym_uniform_gpr] = ACTIONS(21),
    [sym_predicate] = ACTIONS(21),
    [sym_uniform_predicate] = ACTIONS(21),
    [anon_sym_PR] = ACTIONS(23),
    [anon_sym_UPR] = ACTIONS(23),
    [anon_sym_R] = ACTIONS(25),
    [anon_sym_UR] = ACTIONS(25),
    [anon_sym_c] = ACTIONS(27),
    [anon_sym_cmem] = ACTIONS(27),
    [sym_integer] = ACTIONS(29),
    [sym_float] = ACTIONS(31),
    [sym_float_bits] = ACTIONS(31),
    [sym_scheduling_placeholder] = ACTIONS(33),
    [sym_identifier] = ACTIONS(29),
    [sym_comment] = ACTIONS(3),
    [sym_unterminated_comment] = ACTIONS(5),
  },
  [3] = {
    [sym_operand_list] = STATE(56),
    [sym_operand] = STATE(40),
    [sym_absolute_value] = STATE(59),
    [sym__value] = STATE(59),
    [sym_register] = STATE(59),
    [sym_predicate_set] = STATE(18),
    [sym_register_range] = STATE(59),
    [sym_register_indirect] = STATE(59),
    [sym_register_file] = STATE(63),
    [sym_constant_memory] = STATE(59),
    [sym_address_space] = STATE(75),
    [aux_sym_instruction_repeat1] = STATE(57),
    [anon_sym_SEMI] = ACTIONS(35),
    [anon_sym_BANG] = ACTIONS(17),
    [anon_sym_DASH] = ACTIONS(17),
    [anon_sym_TILDE] = ACTIONS(17),
    [anon_sym_PIPE] = ACTIONS(19),
    [sym_gpr] = ACTIONS(21),
    [sym_uniform_gpr] = ACTIONS(21),
    [sym_predicate] = ACTIONS(21),
    [sym_uniform_predicate] = ACTIONS(21),
    [anon_sym_PR] = ACTIONS(23),
    [anon_sym_UPR] = ACTIONS(23),
    [anon_sym_R] = ACTIONS(25),
    [anon_sym_UR] = ACTIONS(25),
    [anon_sym_c] = ACTIONS(27),
    [anon_sym_cmem] = ACTIONS(27),
    [sym_integer] = ACTIONS(29),
    [sym_float] = ACTIONS(31),
    [sym_float_bits] = ACTIONS(31),
    [sym_scheduling_placeholder] = ACTIONS(33),
    [sym_identifier] = ACTIONS(29),
    [sym_comment] = ACTIONS(3),
    [sym_unterminated_comment] = ACTIONS(5),
  },
  [4] = {
    [sym_operand] = STATE(51),
    [sym_absolute_value] = STATE(59),
    [sym__value] = STATE(59),
    [sym_register] = STATE(59),
    [sym_predicate_set] = STATE(18),
    [sym_register_range] = STATE(59),
    [sym_register_indirect] = STATE(59),
    [sym_register_file] = STATE(63),
    [sym_constant_memory] = STATE(59),
    [sym_address_space] = STATE(75),
    [anon_sym_SEMI] = ACTIONS(37),
    [anon_sym_BANG] = ACTIONS(17),
    [anon_sym_DASH] = ACTIONS(17),
    [anon_sym_TILDE] = ACTIONS(17),
    [anon_sym_PIPE] = ACTIONS(19),
    [sym_gpr] = ACTIONS(21),
    [sym_uniform_gpr] = ACTIONS(21),
    [sym_predicate] = ACTIONS(21),
    [sym_uniform_predicate] = ACTIONS(21),
    [anon_sym_PR] = ACTIONS(23),
    [anon_sym_UPR] = ACTIONS(23),
    [anon_sym_R] = ACTIONS(25),
    [anon_sym_UR] = ACTIONS(25),
    [anon_sym_c] = ACTIONS(27),
    [anon_sym_cmem] = ACTIONS(27),
    [sym_integer] = ACTIONS(29),
    [sym_float] = ACTIONS(31),
    [sym_float_bits] = ACTIONS(31),
    [sym_scheduling_placeholder] = ACTIONS(37),
    [sym_identifier] = ACTIONS(29),
    [sym_comment] = ACTIONS(3),
    [sym_unterminated_comment] = ACTIONS(5),
  },
  [5] = {
    [sym_operand] = STATE(51),
    [sym_absolute_value] = STATE(59),
    [sym__value] = STATE(59),
    [sym_register] = STATE(59),
    [sym_predicate_set] = STATE(18),
    [sym_register_range] = STATE(59),
    [sym_register_indirect] = STATE(59),
    [sym_register_file] = STATE(63),
    [sym_constant_memory] = STATE(59),
    [sym_address_space] = STATE(75),
    [anon_sym_SEMI] = ACTIONS(39),
    [anon_sym_BANG] = ACTIONS(17),
    [anon_sym_DASH] = ACTIONS(17),
    [anon_sym_TILDE] = ACTIONS(17),
    [anon_sym_PIPE] = ACTIONS(19),
    [sym_gpr] = ACTIONS(21),
    [sym_uniform_gpr] = ACTIONS(21),
    [sym_predicate] = ACTIONS(21),
    [sym_uniform_predicate] = ACTIONS(21),
    [anon_sym_PR] = ACTIONS(23),
    [anon_sym_UPR] = ACTIONS(23),
    [anon_sym_R] = ACTIONS(25),
    [anon_sym_UR] = ACTIONS(25),
    [anon_sym_c] = ACTIONS(27),
    [anon_sym_cmem] = ACTIONS(27),
    [sym_integer] = ACTIONS(29),
    [sym_float] = ACTIONS(31),
    [sym_float_bits] = ACTIONS(31),
    [sym_scheduling_placeholder] = ACTIONS(39),
    [sym_identifier] = ACTIONS(29),
    [sym_comment] = ACTIONS(3),
    [sym_unterminated_comment] = ACTIONS(5),
  },
  [6] = {
    [sym_operand] = STATE(51),
    [sym_absolute_value] = STATE(59),
    [sym__value] = STATE(59),
    [sym_register] = STATE(59),
    [sym_predicate_set] = STATE(18),
    [sym_register_range] = STATE(59),
    [sym_register_indirect] = STATE(59),
    [sym_register_file] = STATE(63),
    [sym_constant_memory] = STATE(59),
    [sym_address_space] = STATE(75),
    [anon_sym_BANG] = ACTIONS(17),
    [anon_sym_DASH] = ACTIONS(17),
    [anon_sym_TILDE] = ACTIONS(17),
    [anon_sym_PIPE] = ACTIONS(19),
    [sym_gpr] = ACTIONS(21),
    [sym_uniform_gpr] = ACTIONS(21),
    [sym_predicate] = ACTIONS(21),
    [sym_uniform_predicate] = ACTIONS(21),
    [anon_sym_PR] = ACTIONS(23),
    [anon_sym_UPR] = ACTIONS(23),
    [anon_sym_R] = ACTIONS(25),
    [anon_sym_UR] = ACTIONS(25),
    [anon_sym_c] = ACTIONS(27),
    [anon_sym_cmem] = ACTIONS(27),
    [sym_integer] = ACTIONS(29),
    [sym_float] = ACTIONS(31),
    [sym_float_bits] = ACTIONS(31),
    [sym_identifier] = ACTIONS(29),
    [sym_comment] = ACTIONS(3),
    [sym_unterminated_comment] = ACTIONS(5),
  },
};

static const uint16_t ts_small_parse_table[] = {
  [0] = 13,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(19), 1,
      anon_sym_PIPE,
    STATE(18), 1,
      sym_predicate_set,
    STATE(63), 1,
      sym_register_file,
    STATE(75), 1,
      sym_address_space,
    ACTIONS(23), 2,
      anon_sym_PR,
      anon_sym_UPR,
    ACTIONS(25), 2,
      anon_sym_R,
      anon_sym_UR,
    ACTIONS(27), 2,
      anon_sym_c,
      anon_sym_cmem,
    ACTIONS(41), 2,
      sym_integer,
      sym_identifier,
    ACTIONS(43), 2,
      sym_float,
      sym_float_bits,
    ACTIONS(21), 4,
      sym_gpr,
      sym_uniform_gpr,
      sym_predicate,
      sym_uniform_predicate,
    STATE(55), 6,
      sym_absolute_value,
      sym__value,
      sym_register,
      sym_register_range,
      sym_register_indirect,
      sym_constant_memory,
  [53] = 6,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(47), 1,
      anon_sym_DOT,
    STATE(11), 1,
      aux_sym_mnemonic_repeat1,
    ACTIONS(49), 8,
      anon_sym_PR,
      anon_sym_UPR,
      anon_sym_R,
      anon_sym_UR,
      anon_sym_c,
      anon_sym_cmem,
      sym_integer,
      sym_identifier,
    ACTIONS(45), 12,
      anon_sym_SEMI,
      anon_sym_BANG,
      anon_sym_DASH,
      anon_sym_TILDE,
      anon_sym_PIPE,
      sym_gpr,
      sym_uniform_gpr,
      sym_predicate,
      sym_uniform_predicate,
      sym_float,
      sym_float_bits,
      sym_scheduling_placeholder,
  [90] = 12,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    STATE(18), 1,
      sym_predicate_set,
    STATE(63), 1,
      sym_register_file,
    STATE(75), 1,
      sym_address_space,
    ACTIONS(23), 2,
      anon_sym_PR,
      anon_sym_UPR,
    ACTIONS(25), 2,
      anon_sym_R,
      anon_sym_UR,
    ACTIONS(27), 2,
      anon_sym_c,
      anon_sym_cmem,
    ACTIONS(51), 2,
      sym_integer,
      sym_identifier,
    ACTIONS(53), 2,
      sym_float,
      sym_float_bits,
    ACTIONS(21), 4,
      sym_gpr,
      sym_uniform_gpr,
      sym_predicate,
      sym_uniform_predicate,
    STATE(66), 5,
      sym__value,
      sym_register,
      sym_register_range,
      sym_register_indirect,
      sym_constant_memory,
  [139] = 6,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(47), 1,
      anon_sym_DOT,
    STATE(8), 1,
      aux_sym_mnemonic_repeat1,
    ACTIONS(57), 8,
      anon_sym_PR,
      anon_sym_UPR,
      anon_sym_R,
      anon_sym_UR,
      anon_sym_c,
      anon_sym_cmem,
      sym_integer,
      sym_identifier,
    ACTIONS(55), 12,
      anon_sym_SEMI,
      anon_sym_BANG,
      anon_sym_DASH,
      anon_sym_TILDE,
      anon_sym_PIPE,
      sym_gpr,
      sym_uniform_gpr,
      sym_predicate,
      sym_uniform_predicate,
      sym_float,
      sym_float_bits,
      sym_scheduling_placeholder,
  [176] = 6,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(61), 1,
      anon_sym_DOT,
    STATE(11), 1,
      aux_sym_mnemonic_repeat1,
    ACTIONS(64), 8,
      anon_sym_PR,
      anon_sym_UPR,
      anon_sym_R,
      anon_sym_UR,
      anon_sym_c,
      anon_sym_cmem,
      sym_integer,
      sym_identifier,
    ACTIONS(59), 12,
      anon_sym_SEMI,
      anon_sym_BANG,
      anon_sym_DASH,
      anon_sym_TILDE,
      anon_sym_PIPE,
      sym_gpr,
      sym_uniform_gpr,
      sym_predicate,
      sym_uniform_predicate,
      sym_float,
      sym_float_bits,
      sym_scheduling_placeholder,
  [213] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(68), 8,
      anon_sym_PR,
      anon_sym_UPR,
      anon_sym_R,
      anon_sym_UR,
      anon_sym_c,
      anon_sym_cmem,
      sym_integer,
      sym_identifier,
    ACTIONS(66), 13,
      anon_sym_SEMI,
      anon_sym_BANG,
      anon_sym_DOT,
      anon_sym_DASH,
      anon_sym_TILDE,
      anon_sym_PIPE,
      sym_gpr,
      sym_uniform_gpr,
      sym_predicate,
      sym_uniform_predicate,
      sym_float,
      sym_float_bits,
      sym_scheduling_placeholder,
  [245] = 10,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(11), 1,
      anon_sym_AT,
    ACTIONS(13), 1,
      sym_identifier,
    ACTIONS(70), 1,
      ts_builtin_sym_end,
    ACTIONS(72), 1,
      sym__newline,
    STATE(3), 1,
      sym_mnemonic,
    STATE(14), 1,
      aux_sym_source_file_repeat2,
    STATE(61), 1,
      sym_guard,
    STATE(21), 2,
      sym_instruction,
      aux_sym_source_file_repeat1,
  [277] = 10,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(74), 1,
      ts_builtin_sym_end,
    ACTIONS(76), 1,
      sym__newline,
    ACTIONS(79), 1,
      anon_sym_AT,
    ACTIONS(82), 1,
      sym_identifier,
    STATE(3), 1,
      sym_mnemonic,
    STATE(14), 1,
      aux_sym_source_file_repeat2,
    STATE(61), 1,
      sym_guard,
    STATE(22), 2,
      sym_instruction,
      aux_sym_source_file_repeat1,
  [309] = 7,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(87), 1,
      sym_integer,
    STATE(18), 1,
      sym_predicate_set,
    STATE(54), 1,
      sym_register,
    ACTIONS(85), 2,
      anon_sym_PR,
      anon_sym_UPR,
    ACTIONS(21), 4,
      sym_gpr,
      sym_uniform_gpr,
      sym_predicate,
      sym_uniform_predicate,
  [335] = 7,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(89), 1,
      sym_integer,
    STATE(18), 1,
      sym_predicate_set,
    STATE(58), 1,
      sym_register,
    ACTIONS(85), 2,
      anon_sym_PR,
      anon_sym_UPR,
    ACTIONS(21), 4,
      sym_gpr,
      sym_uniform_gpr,
      sym_predicate,
      sym_uniform_predicate,
  [361] = 9,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(11), 1,
      anon_sym_AT,
    ACTIONS(13), 1,
      sym_identifier,
    ACTIONS(70), 1,
      ts_builtin_sym_end,
    ACTIONS(91), 1,
      sym__newline,
    STATE(3), 1,
      sym_mnemonic,
    STATE(61), 1,
      sym_guard,
    STATE(20), 2,
      sym_instruction,
      aux_sym_source_file_repeat1,
  [390] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(95), 1,
      anon_sym_DOT,
    ACTIONS(93), 7,
      anon_sym_SEMI,
      anon_sym_COMMA,
      anon_sym_DASH,
      anon_sym_PIPE,
      anon_sym_RBRACK,
      anon_sym_PLUS,
      sym_scheduling_placeholder,
  [409] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(97), 8,
      anon_sym_SEMI,
      anon_sym_DOT,
      anon_sym_COMMA,
      anon_sym_DASH,
      anon_sym_PIPE,
      anon_sym_RBRACK,
      anon_sym_PLUS,
      sym_scheduling_placeholder,
  [426] = 8,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(101), 1,
      anon_sym_AT,
    ACTIONS(104), 1,
      sym_identifier,
    STATE(3), 1,
      sym_mnemonic,
    STATE(61), 1,
      sym_guard,
    ACTIONS(99), 2,
      ts_builtin_sym_end,
      sym__newline,
    STATE(20), 2,
      sym_instruction,
      aux_sym_source_file_repeat1,
  [453] = 9,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(11), 1,
      anon_sym_AT,
    ACTIONS(13), 1,
      sym_identifier,
    ACTIONS(91), 1,
      sym__newline,
    ACTIONS(107), 1,
      ts_builtin_sym_end,
    STATE(3), 1,
      sym_mnemonic,
    STATE(61), 1,
      sym_guard,
    STATE(20), 2,
      sym_instruction,
      aux_sym_source_file_repeat1,
  [482] = 8,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(11), 1,
      anon_sym_AT,
    ACTIONS(13), 1,
      sym_identifier,
    ACTIONS(91), 1,
      sym__newline,
    STATE(3), 1,
      sym_mnemonic,
    STATE(61), 1,
      sym_guard,
    STATE(20), 2,
      sym_instruction,
      aux_sym_source_file_repeat1,
  [508] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(109), 7,
      anon_sym_SEMI,
      anon_sym_COMMA,
      anon_sym_DASH,
      anon_sym_PIPE,
      anon_sym_RBRACK,
      anon_sym_PLUS,
      sym_scheduling_placeholder,
  [524] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(113), 1,
      anon_sym_DOT,
    ACTIONS(111), 4,
      anon_sym_SEMI,
      anon_sym_COMMA,
      anon_sym_PIPE,
      sym_scheduling_placeholder,
  [540] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(117), 1,
      anon_sym_DOT,
    ACTIONS(115), 4,
      anon_sym_SEMI,
      anon_sym_COMMA,
      anon_sym_PIPE,
      sym_scheduling_placeholder,
  [556] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(121), 1,
      anon_sym_DOT,
    ACTIONS(119), 4,
      anon_sym_SEMI,
      anon_sym_COMMA,
      anon_sym_PIPE,
      sym_scheduling_placeholder,
  [572] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(123), 4,
      anon_sym_SEMI,
      anon_sym_COMMA,
      anon_sym_PIPE,
      sym_scheduling_placeholder,
  [585] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(74), 4,
      ts_builtin_sym_end,
      sym__newline,
      anon_sym_AT,
      sym_identifier,
  [598] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(125), 1,
      anon_sym_BANG,
    ACTIONS(129), 1,
      sym_identifier,
    ACTIONS(127), 2,
      sym_predicate,
      sym_uniform_predicate,
  [615] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(131), 4,
      ts_builtin_sym_end,
      sym__newline,
      anon_sym_AT,
      sym_identifier,
  [628] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(133), 4,
      ts_builtin_sym_end,
      sym__newline,
      anon_sym_AT,
      sym_identifier,
  [641] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(135), 4,
      ts_builtin_sym_end,
      sym__newline,
      anon_sym_AT,
      sym_identifier,
  [654] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(139), 1,
      anon_sym_COMMA,
    STATE(43), 1,
      aux_sym_operand_list_repeat1,
    ACTIONS(137), 2,
      anon_sym_SEMI,
      sym_scheduling_placeholder,
  [671] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(141), 4,
      ts_builtin_sym_end,
      sym__newline,
      anon_sym_AT,
      sym_identifier,
  [684] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(143), 4,
      ts_builtin_sym_end,
      sym__newline,
      anon_sym_AT,
      sym_identifier,
  [697] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(145), 4,
      ts_builtin_sym_end,
      sym__newline,
      anon_sym_AT,
      sym_identifier,
  [710] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(147), 4,
      ts_builtin_sym_end,
      sym__newline,
      anon_sym_AT,
      sym_identifier,
  [723] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(149), 4,
      ts_builtin_sym_end,
      sym__newline,
      anon_sym_AT,
      sym_identifier,
  [736] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(151), 4,
      anon_sym_SEMI,
      anon_sym_COMMA,
      anon_sym_PIPE,
      sym_scheduling_placeholder,
  [749] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(155), 1,
      anon_sym_COMMA,
    STATE(33), 1,
      aux_sym_operand_list_repeat1,
    ACTIONS(153), 2,
      anon_sym_SEMI,
      sym_scheduling_placeholder,
  [766] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(157), 4,
      anon_sym_SEMI,
      anon_sym_COMMA,
      anon_sym_PIPE,
      sym_scheduling_placeholder,
  [779] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(159), 4,
      anon_sym_SEMI,
      anon_sym_COMMA,
      anon_sym_PIPE,
      sym_scheduling_placeholder,
  [792] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(163), 1,
      anon_sym_COMMA,
    STATE(43), 1,
      aux_sym_operand_list_repeat1,
    ACTIONS(161), 2,
      anon_sym_SEMI,
      sym_scheduling_placeholder,
  [809] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(166), 4,
      anon_sym_SEMI,
      anon_sym_COMMA,
      anon_sym_PIPE,
      sym_scheduling_placeholder,
  [822] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(168), 4,
      anon_sym_SEMI,
      anon_sym_COMMA,
      anon_sym_PIPE,
      sym_scheduling_placeholder,
  [835] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(170), 3,
      anon_sym_SEMI,
      anon_sym_COMMA,
      sym_scheduling_placeholder,
  [847] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(172), 1,
      anon_sym_SEMI,
    ACTIONS(174), 1,
      sym_scheduling_placeholder,
    STATE(47), 1,
      aux_sym_instruction_repeat1,
  [863] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(179), 1,
      sym_identifier,
    ACTIONS(177), 2,
      sym_predicate,
      sym_uniform_predicate,
  [877] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(33), 1,
      sym_scheduling_placeholder,
    ACTIONS(181), 1,
      anon_sym_SEMI,
    STATE(47), 1,
      aux_sym_instruction_repeat1,
  [893] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(33), 1,
      sym_scheduling_placeholder,
    ACTIONS(183), 1,
      anon_sym_SEMI,
    STATE(49), 1,
      aux_sym_instruction_repeat1,
  [909] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(185), 3,
      anon_sym_SEMI,
      anon_sym_COMMA,
      sym_scheduling_placeholder,
  [921] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(33), 1,
      sym_scheduling_placeholder,
    ACTIONS(187), 1,
      anon_sym_SEMI,
    STATE(47), 1,
      aux_sym_instruction_repeat1,
  [937] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(33), 1,
      sym_scheduling_placeholder,
    ACTIONS(189), 1,
      anon_sym_SEMI,
    STATE(47), 1,
      aux_sym_instruction_repeat1,
  [953] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(193), 1,
      anon_sym_RBRACK,
    ACTIONS(191), 2,
      anon_sym_DASH,
      anon_sym_PLUS,
  [967] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(195), 3,
      anon_sym_SEMI,
      anon_sym_COMMA,
      sym_scheduling_placeholder,
  [979] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(33), 1,
      sym_scheduling_placeholder,
    ACTIONS(197), 1,
      anon_sym_SEMI,
    STATE(52), 1,
      aux_sym_instruction_repeat1,
  [995] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(33), 1,
      sym_scheduling_placeholder,
    ACTIONS(199), 1,
      anon_sym_SEMI,
    STATE(47), 1,
      aux_sym_instruction_repeat1,
  [1011] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(203), 1,
      anon_sym_RBRACK,
    ACTIONS(201), 2,
      anon_sym_DASH,
      anon_sym_PLUS,
  [1025] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(205), 3,
      anon_sym_SEMI,
      anon_sym_COMMA,
      sym_scheduling_placeholder,
  [1037] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(207), 2,
      anon_sym_SEMI,
      sym_scheduling_placeholder,
  [1048] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(13), 1,
      sym_identifier,
    STATE(2), 1,
      sym_mnemonic,
  [1061] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(209), 1,
      sym_identifier,
  [1071] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(211), 1,
      anon_sym_LBRACK,
  [1081] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(213), 1,
      sym_integer,
  [1091] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(215), 1,
      sym_integer,
  [1101] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(217), 1,
      anon_sym_PIPE,
  [1111] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(219), 1,
      anon_sym_LBRACK,
  [1121] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(221), 1,
      anon_sym_RBRACK,
  [1131] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(223), 1,
      anon_sym_RBRACK,
  [1141] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(225), 1,
      aux_sym_mnemonic_token1,
  [1151] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(227), 1,
      anon_sym_LBRACK,
  [1161] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(229), 1,
      anon_sym_COLON,
  [1171] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(231), 1,
      anon_sym_RBRACK,
  [1181] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(233), 1,
      anon_sym_LBRACK,
  [1191] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(235), 1,
      anon_sym_LBRACK,
  [1201] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(237), 1,
      sym_integer,
  [1211] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(239), 1,
      anon_sym_RBRACK,
  [1221] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(241), 1,
      aux_sym_mnemonic_token1,
  [1231] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(243), 1,
      anon_sym_RBRACK,
  [1241] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(245), 1,
      aux_sym_mnemonic_token1,
  [1251] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(247), 1,
      sym_identifier,
  [1261] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(249), 1,
      aux_sym_mnemonic_token1,
  [1271] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(251), 1,
      sym_integer,
  [1281] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(253), 1,
      aux_sym_mnemonic_token1,
  [1291] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(5), 1,
      sym_unterminated_comment,
    ACTIONS(255), 1,
      ts_builtin_sym_end,
};

static const uint32_t ts_small_parse_table_map[] = {
  [SMALL_STATE(7)] = 0,
  [SMALL_STATE(8)] = 53,
  [SMALL_STATE(9)] = 90,
  [SMALL_STATE(10)] = 139,
  [SMALL_STATE(11)] = 176,
  [SMALL_STATE(12)] = 213,
  [SMALL_STATE(13)] = 245,
  [SMALL_STATE(14)] = 277,
  [SMALL_STATE(15)] = 309,
  [SMALL_STATE(16)] = 335,
  [SMALL_STATE(17)] = 361,
  [SMALL_STATE(18)] = 390,
  [SMALL_STATE(19)] = 409,
  [SMALL_STATE(20)] = 426,
  [SMALL_STATE(21)] = 453,
  [SMALL_STATE(22)] = 482,
  [SMALL_STATE(23)] = 508,
  [SMALL_STATE(24)] = 524,
  [SMALL_STATE(25)] = 540,
  [SMALL_STATE(26)] = 556,
  [SMALL_STATE(27)] = 572,
  [SMALL_STATE(28)] = 585,
  [SMALL_STATE(29)] = 598,
  [SMALL_STATE(30)] = 615,
  [SMALL_STATE(31)] = 628,
  [SMALL_STATE(32)] = 641,
  [SMALL_STATE(33)] = 654,
  [SMALL_STATE(34)] = 671,
  [SMALL_STATE(35)] = 684,
  [SMALL_STATE(36)] = 697,
  [SMALL_STATE(37)] = 710,
  [SMALL_STATE(38)] = 723,
  [SMALL_STATE(39)] = 736,
  [SMALL_STATE(40)] = 749,
  [SMALL_STATE(41)] = 766,
  [SMALL_STATE(42)] = 779,
  [SMALL_STATE(43)] = 792,
  [SMALL_STATE(44)] = 809,
  [SMALL_STATE(45)] = 822,
  [SMALL_STATE(46)] = 835,
  [SMALL_STATE(47)] = 847,
  [SMALL_STATE(48)] = 863,
  [SMALL_STATE(49)] = 877,
  [SMALL_STATE(50)] = 893,
  [SMALL_STATE(51)] = 909,
  [SMALL_STATE(52)] = 921,
  [SMALL_STATE(53)] = 937,
  [SMALL_STATE(54)] = 953,
  [SMALL_STATE(55)] = 967,
  [SMALL_STATE(56)] = 979,
  [SMALL_STATE(57)] = 995,
  [SMALL_STATE(58)] = 1011,
  [SMALL_STATE(59)] = 1025,
  [SMALL_STATE(60)] = 1037,
  [SMALL_STATE(61)] = 1048,
  [SMALL_STATE(62)] = 1061,
  [SMALL_STATE(63)] = 1071,
  [SMALL_STATE(64)] = 1081,
  [SMALL_STATE(65)] = 1091,
  [SMALL_STATE(66)] = 1101,
  [SMALL_STATE(67)] = 1111,
  [SMALL_STATE(68)] = 1121,
  [SMALL_STATE(69)] = 1131,
  [SMALL_STATE(70)] = 1141,
  [SMALL_STATE(71)] = 1151,
  [SMALL_STATE(72)] = 1161,
  [SMALL_STATE(73)] = 1171,
  [SMALL_STATE(74)] = 1181,
  [SMALL_STATE(75)] = 1191,
  [SMALL_STATE(76)] = 1201,
  [SMALL_STATE(77)] = 1211,
  [SMALL_STATE(78)] = 1221,
  [SMALL_STATE(79)] = 1231,
  [SMALL_STATE(80)] = 1241,
  [SMALL_STATE(81)] = 1251,
  [SMALL_STATE(82)] = 1261,
  [SMALL_STATE(83)] = 1271,
  [SMALL_STATE(84)] = 1281,
  [SMALL_STATE(85)] = 1291,
};

static const TSParseActionEntry ts_parse_actions[] = {
  [0] = {.entry = {.count = 0, .reusable = false}},
  [1] = {.entry = {.count = 1, .reusable = false}}, RECOVER(),
  [3] = {.entry = {.count = 1, .reusable = true}}, SHIFT_EXTRA(),
  [5] = {.entry = {.count = 1, .reusable = false}}, SHIFT_EXTRA(),
  [7] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_source_file, 0),
  [9] = {.entry = {.count = 1, .reusable = true}}, SHIFT(13),
  [11] = {.entry = {.count = 1, .reusable = true}}, SHIFT(29),
  [13] = {.entry = {.count = 1, .reusable = true}}, SHIFT(10),
  [15] = {.entry = {.count = 1, .reusable = true}}, SHIFT(31),
  [17] = {.entry = {.count = 1, .reusable = true}}, SHIFT(7),
  [19] = {.entry = {.count = 1, .reusable = true}}, SHIFT(9),
  [21] = {.entry = {.count = 1, .reusable = true}}, SHIFT(18),
  [23] = {.entry = {.count = 1, .reusable = false}}, SHIFT(19),
  [25] = {.entry = {.count = 1, .reusable = false}}, SHIFT(74),
  [27] = {.entry = {.count = 1, .reusable = false}}, SHIFT(71),
  [29] = {.entry = {.count = 1, .reusable = false}}, SHIFT(59),
  [31] = {.entry = {.count = 1, .reusable = true}}, SHIFT(59),
  [33] = {.entry = {.count = 1, .reusable = true}}, SHIFT(60),
  [35] = {.entry = {.count = 1, .reusable = true}}, SHIFT(30),
  [37] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_operand_list, 2, .production_id = 14),
  [39] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_operand_list, 3, .production_id = 24),
  [41] = {.entry = {.count = 1, .reusable = false}}, SHIFT(55),
  [43] = {.entry = {.count = 1, .reusable = true}}, SHIFT(55),
  [45] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_mnemonic, 2, .production_id = 3),
  [47] = {.entry = {.count = 1, .reusable = true}}, SHIFT(82),
  [49] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_mnemonic, 2, .production_id = 3),
  [51] = {.entry = {.count = 1, .reusable = false}}, SHIFT(66),
  [53] = {.entry = {.count = 1, .reusable = true}}, SHIFT(66),
  [55] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_mnemonic, 1, .production_id = 1),
  [57] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_mnemonic, 1, .production_id = 1),
  [59] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_mnemonic_repeat1, 2, .production_id = 10),
  [61] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_mnemonic_repeat1, 2, .production_id = 10), SHIFT_REPEAT(82),
  [64] = {.entry = {.count = 1, .reusable = false}}, REDUCE(aux_sym_mnemonic_repeat1, 2, .production_id = 10),
  [66] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_mnemonic_repeat1, 2, .production_id = 9),
  [68] = {.entry = {.count = 1, .reusable = false}}, REDUCE(aux_sym_mnemonic_repeat1, 2, .production_id = 9),
  [70] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_source_file, 1),
  [72] = {.entry = {.count = 1, .reusable = true}}, SHIFT(14),
  [74] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_source_file_repeat2, 2),
  [76] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_source_file_repeat2, 2), SHIFT_REPEAT(14),
  [79] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_source_file_repeat2, 2), SHIFT_REPEAT(29),
  [82] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_source_file_repeat2, 2), SHIFT_REPEAT(10),
  [85] = {.entry = {.count = 1, .reusable = true}}, SHIFT(19),
  [87] = {.entry = {.count = 1, .reusable = true}}, SHIFT(72),
  [89] = {.entry = {.count = 1, .reusable = true}}, SHIFT(73),
  [91] = {.entry = {.count = 1, .reusable = true}}, SHIFT(28),
  [93] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_register, 1, .production_id = 1),
  [95] = {.entry = {.count = 1, .reusable = true}}, SHIFT(70),
  [97] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_predicate_set, 1),
  [99] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_source_file_repeat1, 2),
  [101] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_source_file_repeat1, 2), SHIFT_REPEAT(29),
  [104] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_source_file_repeat1, 2), SHIFT_REPEAT(10),
  [107] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_source_file, 2),
  [109] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_register, 3, .production_id = 21),
  [111] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_constant_memory, 7, .production_id = 31),
  [113] = {.entry = {.count = 1, .reusable = true}}, SHIFT(80),
  [115] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_constant_memory, 7, .production_id = 30),
  [117] = {.entry = {.count = 1, .reusable = true}}, SHIFT(78),
  [119] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_constant_memory, 9, .production_id = 33),
  [121] = {.entry = {.count = 1, .reusable = true}}, SHIFT(84),
  [123] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_constant_memory, 11, .production_id = 35),
  [125] = {.entry = {.count = 1, .reusable = true}}, SHIFT(48),
  [127] = {.entry = {.count = 1, .reusable = true}}, SHIFT(62),
  [129] = {.entry = {.count = 1, .reusable = false}}, SHIFT(62),
  [131] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_instruction, 2, .production_id = 4),
  [133] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_instruction, 3, .production_id = 11),
  [135] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_instruction, 3, .production_id = 13),
  [137] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_operand_list, 2, .production_id = 15),
  [139] = {.entry = {.count = 1, .reusable = true}}, SHIFT(5),
  [141] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_instruction, 3, .production_id = 16),
  [143] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_instruction, 4, .production_id = 18),
  [145] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_instruction, 4, .production_id = 19),
  [147] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_instruction, 4, .production_id = 22),
  [149] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_instruction, 5, .production_id = 26),
  [151] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_register_indirect, 4, .production_id = 27),
  [153] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_operand_list, 1, .production_id = 6),
  [155] = {.entry = {.count = 1, .reusable = true}}, SHIFT(4),
  [157] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_register_range, 6, .production_id = 28),
  [159] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_register_indirect, 6, .production_id = 29),
  [161] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_operand_list_repeat1, 2, .production_id = 25),
  [163] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_operand_list_repeat1, 2, .production_id = 25), SHIFT_REPEAT(6),
  [166] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_constant_memory, 9, .production_id = 32),
  [168] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_constant_memory, 9, .production_id = 34),
  [170] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_absolute_value, 3, .production_id = 20),
  [172] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_instruction_repeat1, 2, .production_id = 17),
  [174] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_instruction_repeat1, 2, .production_id = 17), SHIFT_REPEAT(60),
  [177] = {.entry = {.count = 1, .reusable = true}}, SHIFT(81),
  [179] = {.entry = {.count = 1, .reusable = false}}, SHIFT(81),
  [181] = {.entry = {.count = 1, .reusable = true}}, SHIFT(38),
  [183] = {.entry = {.count = 1, .reusable = true}}, SHIFT(35),
  [185] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_operand_list_repeat1, 2, .production_id = 23),
  [187] = {.entry = {.count = 1, .reusable = true}}, SHIFT(37),
  [189] = {.entry = {.count = 1, .reusable = true}}, SHIFT(36),
  [191] = {.entry = {.count = 1, .reusable = true}}, SHIFT(65),
  [193] = {.entry = {.count = 1, .reusable = true}}, SHIFT(39),
  [195] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_operand, 2, .production_id = 12),
  [197] = {.entry = {.count = 1, .reusable = true}}, SHIFT(32),
  [199] = {.entry = {.count = 1, .reusable = true}}, SHIFT(34),
  [201] = {.entry = {.count = 1, .reusable = true}}, SHIFT(76),
  [203] = {.entry = {.count = 1, .reusable = true}}, SHIFT(24),
  [205] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_operand, 1, .production_id = 7),
  [207] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_instruction_repeat1, 1, .production_id = 5),
  [209] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_guard, 2, .production_id = 2),
  [211] = {.entry = {.count = 1, .reusable = true}}, SHIFT(15),
  [213] = {.entry = {.count = 1, .reusable = true}}, SHIFT(68),
  [215] = {.entry = {.count = 1, .reusable = true}}, SHIFT(69),
  [217] = {.entry = {.count = 1, .reusable = true}}, SHIFT(46),
  [219] = {.entry = {.count = 1, .reusable = true}}, SHIFT(16),
  [221] = {.entry = {.count = 1, .reusable = true}}, SHIFT(41),
  [223] = {.entry = {.count = 1, .reusable = true}}, SHIFT(42),
  [225] = {.entry = {.count = 1, .reusable = true}}, SHIFT(23),
  [227] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_address_space, 1),
  [229] = {.entry = {.count = 1, .reusable = true}}, SHIFT(64),
  [231] = {.entry = {.count = 1, .reusable = true}}, SHIFT(25),
  [233] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_register_file, 1),
  [235] = {.entry = {.count = 1, .reusable = true}}, SHIFT(83),
  [237] = {.entry = {.count = 1, .reusable = true}}, SHIFT(79),
  [239] = {.entry = {.count = 1, .reusable = true}}, SHIFT(67),
  [241] = {.entry = {.count = 1, .reusable = true}}, SHIFT(44),
  [243] = {.entry = {.count = 1, .reusable = true}}, SHIFT(26),
  [245] = {.entry = {.count = 1, .reusable = true}}, SHIFT(45),
  [247] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_guard, 3, .production_id = 8),
  [249] = {.entry = {.count = 1, .reusable = true}}, SHIFT(12),
  [251] = {.entry = {.count = 1, .reusable = true}}, SHIFT(77),
  [253] = {.entry = {.count = 1, .reusable = true}}, SHIFT(27),
  [255] = {.entry = {.count = 1, .reusable = true}},  ACCEPT_INPUT(),
};

#ifdef __cplusplus
extern "C" {
#endif
#ifdef _WIN32
#define extern __declspec(dllexport)
#endif

extern const TSLanguage *tree_sitter_gpuasm(void) {
  static const TSLanguage language = {
    .version = LANGUAGE_VERSION,
    .symbol_count = SYMBOL_COUNT,
    .alias_count = ALIAS_COUNT,
    .token_count = TOKEN_COUNT,
    .external_token_count = EXTERNAL_TOKEN_COUNT,
    .state_count = STATE_COUNT,
    .large_state_count = LARGE_STATE_COUNT,
    .production_id_count = PRODUCTION_ID_COUNT,
    .field_count = FIELD_COUNT,
    .max_alias_sequence_length = MAX_ALIAS_SEQUENCE_LENGTH,
    .parse_table = &ts_parse_table[0][0],
    .small_parse_table = ts_small_parse_table,
    .small_parse_table_map = ts_small_parse_table_map,
    .parse_actions = ts_parse_actions,
    .symbol_names = ts_symbol_names,
    .field_names = ts_field_names,
    .field_map_slices = ts_field_map_slices,
    .field_map_entries = ts_field_map_entries,
    .symbol_metadata = ts_symbol_metadata,
    .public_symbol_map = ts_symbol_map,
    .alias_map = ts_non_terminal_alias_map,
    .alias_sequences = &ts_alias_sequences[0][0],
    .lex_modes = ts_lex_modes,
    .lex_fn = ts_lex,
    .primary_state_ids = ts_primary_state_ids,
  };
  return &language;
}
#ifdef __cplusplus
}
#endif
