// Field-level encoder and decoder: a property test over all 248 opcodes (random legal field
// values with a fixed seed survive encode → decode unchanged), decodability (no two opcodes
// can decode the same word), and every failure mode as an issue rather than a crash.
#include "TestSpec.h"

#include <gpuasm/isa/Decoder.h>
#include <gpuasm/isa/Encoder.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <span>
#include <string>
#include <vector>

namespace gpuasm::isa {
namespace {

using test::db;

// A random legal value for a field: an enumerator of an enumerated type, any bit pattern of
// the field's width for immediates.
std::uint64_t randomLegalValue(const Field& f, std::mt19937_64& rng) {
  const BitFieldType& t = db().typeOf(f);
  if (t.isEnumerated()) return t.enumerators[rng() % t.enumerators.size()].value;
  return rng() & maxForWidth(f.width);
}

// Values for `op` with every field the encoding leaves open at its default (fixed fields are
// the encoder's), for a test to set the few it is about.
FieldValues defaultValues(const Opcode& op) {
  FieldValues values(op.fields.size());
  for (std::size_t i = 0; i < op.fields.size(); ++i)
    if (op.fields[i].presence != FieldPresence::Fixed) values[i] = op.fields[i].value;
  return values;
}

// The place of field `name` in values indexed like op.fields.
std::size_t slot(const Opcode& op, std::string_view name) {
  const int i = op.fieldIndex(name);
  if (i < 0) ADD_FAILURE() << op.name << " has no field " << name;
  return i < 0 ? 0 : static_cast<std::size_t>(i);
}

TEST(Codec, RandomLegalFieldValuesRoundTripForEveryOpcode) {
  const Decoder decoder(db());
  std::mt19937_64 rng(20261121);
  constexpr int kCasesPerOpcode = 40;
  int cases = 0, rangeIssues = 0, ruleIssues = 0;
  for (const auto& op : db().opcodes()) {
    for (int n = 0; n < kCasesPerOpcode; ++n) {
      FieldValues values(op.fields.size());
      for (std::size_t i = 0; i < op.fields.size(); ++i)
        if (op.fields[i].presence != FieldPresence::Fixed) values[i] = randomLegalValue(op.fields[i], rng);
      const EncodeResult enc = encode(db(), op, values);
      ASSERT_TRUE(enc.ok()) << op.name << ": " << enc.issues.front().message;
      const DecodeResult dec = decoder.decode(enc.word);
      ASSERT_TRUE(dec.decoded.has_value()) << op.name << " " << enc.word.toHex();
      // Each field's value is legal, but a register range drawn at random may start anywhere,
      // and values drawn independently may make a combination an EncodingError rule forbids:
      // the decoder says so of that register field or with that rule's message, and of nothing else.
      for (const CodecIssue& issue : dec.issues) {
        if (issue.code == isa::DiagnosticCode::EncodingError) {
          EXPECT_TRUE(std::any_of(
              op.encodingErrors.begin(), op.encodingErrors.end(),
              [&](const EncodingErrorRule& r) { return issue.message == r.message + " (" + r.kind + ")"; }))
              << op.name << ": " << issue.message;
          ++ruleIssues;
          continue;
        }
        ASSERT_TRUE(issue.code == isa::DiagnosticCode::RegisterAlignment ||
                    issue.code == isa::DiagnosticCode::RegisterRange)
            << op.name << ": " << issue.message;
        const auto f = std::find_if(op.fields.begin(), op.fields.end(),
                                    [&](const Field& x) { return x.name == issue.field; });
        ASSERT_NE(f, op.fields.end()) << issue.field;
        ASSERT_EQ(db().typeOf(*f).kind, TypeKind::Register) << op.name << "." << issue.field;
        ++rangeIssues;
      }
      ASSERT_EQ(dec.decoded->opcode, &op) << enc.word.toHex() << " decoded as " << dec.decoded->opcode->name;
      for (std::size_t i = 0; i < op.fields.size(); ++i) {
        const std::uint64_t expected = values[i] ? *values[i] : op.fields[i].value;
        ASSERT_EQ(dec.decoded->values[i], expected) << op.name << "." << op.fields[i].name;
      }
      ++cases;
    }
  }
  EXPECT_EQ(cases, 248 * kCasesPerOpcode);
  EXPECT_LT(rangeIssues, cases / 4);  // wide operands are a few of the fields
  EXPECT_GT(ruleIssues, 0);           // MUFU's (mufuop, dtype) table alone forbids most random pairs
}

// Found by fuzz/assemble_roundtrip (fuzz/regressions/assemble_roundtrip/mufu-rsq-f16v2): the word
// of `MUFU.RSQ.F16_V2 R4, -|R5|` decoded without an issue, but the assembler refuses that text —
// the (mufuop, dtype) table of 003_xu.txt:79-87 allows RSQ only with .F32 and .F64 (erratum G-6
// restates it as EncodingError rules), and 003_xu.txt:55 allows - and |x| only with those too. A
// rule the spec writes itself (003_xu.txt:20, .F64H only with RCP/RSQ) is an issue the same way.
TEST(Codec, AFieldCombinationAnEncodingErrorRuleForbidsIsAnIssue) {
  const Opcode& mufu = *db().opcode("MUFU_R");
  // prelude.isa: MUFUOp SIN = 1, RSQ = 5; MUFUDType F32 = 0, F64H = 1, F16_V2 = 2.
  struct Case {
    std::uint64_t mufuop, dtype, neg, abs;
    std::vector<std::string> messages;
  };
  const std::string rsq =
      "MUFU.RCP/.RSQ only take .F32 or .F64 (003_xu.txt:79-87). (IllegalBitFieldCombination)";
  const std::string sign =
      "MUFU: - and |x| on SrcB only with .F32 or .F64 (003_xu.txt:55). (IllegalBitFieldCombination)";
  const std::vector<Case> cases = {
      {5, 0, 1, 1, {}},  // MUFU.RSQ.F32 R4, -|R5|
      {5, 1, 0, 0, {}},  // MUFU.RSQ.F64 R4, R5
      {5, 2, 0, 0, {rsq}},
      {5, 2, 1, 1, {rsq, sign}},  // the fuzzer's word
      {1,
       1,
       0,
       0,
       {"MUFU.F64H only supports RCP/RSQ. (IllegalBitFieldCombination)",
        "MUFU.COS/.SIN/.LG2/.SQRT only take .F32 (003_xu.txt:79-87). (IllegalBitFieldCombination)"}},
  };
  const Decoder decoder(db());
  for (const Case& c : cases) {
    FieldValues values = defaultValues(mufu);
    values[slot(mufu, "mufuop")] = c.mufuop;
    values[slot(mufu, "dtype")] = c.dtype;
    values[slot(mufu, "rb.neg")] = c.neg;
    values[slot(mufu, "rb.abs")] = c.abs;
    values[slot(mufu, "rd")] = 4;
    values[slot(mufu, "rb")] = 5;
    const EncodeResult enc = encode(db(), mufu, values);
    ASSERT_TRUE(enc.ok());
    const DecodeResult dec = decoder.decode(enc.word);
    ASSERT_TRUE(dec.decoded.has_value());
    std::vector<std::string> messages;
    for (const CodecIssue& issue : dec.issues) {
      EXPECT_EQ(issue.code, isa::DiagnosticCode::EncodingError);
      messages.push_back(issue.message);
    }
    std::sort(messages.begin(), messages.end());
    std::vector<std::string> expected = c.messages;
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(messages, expected) << "mufuop " << c.mufuop << " dtype " << c.dtype << " " << enc.word.toHex();
  }
}

// Found by fuzz/assemble_roundtrip (fuzz/regressions/assemble_roundtrip/mov64-odd-register): a
// word of MOV with width 64 and rd = R1 decoded without an issue and printed as
// `MOV.64 R[1:2], …`, which the assembler refuses (000_ialu.txt: `Bitwidth<rd> = 32 +
// (width=="64")*32;`, and a 64-bit range starts at an even register). The decoder names that
// field; R2 decodes cleanly. (The fuzzer's word was MOV_I, whose .64 its own EncodingError also
// forbids, 000_ialu.txt:2531 — an issue of its own since the finding above.)
TEST(Codec, AMisalignedRegisterRangeIsAnIssueOfItsField) {
  const Decoder decoder(db());
  for (const char* name : {"MOV_R", "MOV_I"}) {
    const Opcode& mov = *db().opcode(name);
    const BitFieldType& movw = db().typeOf(mov.fields[slot(mov, "width")]);
    const Enumerator* wide = nullptr;
    for (const Enumerator& e : movw.enumerators)
      if (e.name == "64") wide = &e;
    ASSERT_NE(wide, nullptr);
    const bool immediate = std::string_view(name) == "MOV_I";
    for (const std::uint64_t rd : {1u, 2u}) {
      FieldValues values = defaultValues(mov);
      values[slot(mov, "width")] = wide->value;
      values[slot(mov, "rd")] = rd;
      values[slot(mov, immediate ? "vb" : "rb")] = immediate ? 0x10 : 4;
      const EncodeResult enc = encode(db(), mov, values);
      ASSERT_TRUE(enc.ok());
      const DecodeResult dec = decoder.decode(enc.word);
      ASSERT_TRUE(dec.decoded.has_value());
      std::vector<std::string> codes;
      for (const CodecIssue& issue : dec.issues) {
        codes.push_back(std::string(spelling(issue.code)));
        if (issue.code == isa::DiagnosticCode::RegisterAlignment) {
          EXPECT_EQ(issue.field, "rd");
          EXPECT_EQ(issue.message, "a 64-bit register range must start at a multiple of 2; R1 does not");
        } else if (issue.code == isa::DiagnosticCode::EncodingError) {
          EXPECT_EQ(issue.message, "MOV_I does not support .64 . (IllegalBitFieldValue)");
        }
      }
      std::vector<std::string> expected;
      if (rd == 1) expected.push_back("register-alignment");
      if (immediate) expected.push_back("encoding-error");
      EXPECT_EQ(codes, expected) << name << " rd R" << rd;
    }
  }
}

TEST(Codec, NoTwoOpcodesCanDecodeTheSameWord) {
  const Decoder decoder(db());
  EXPECT_TRUE(decoder.ambiguousPairs().empty());
  // Independently of the decoder: (optype, stype) pairs are distinct (catalog §7).
  std::set<std::pair<std::uint64_t, std::uint64_t>> keys;
  for (const auto& op : db().opcodes())
    EXPECT_TRUE(keys.emplace(op.field("optype")->value, op.field("stype")->value).second) << op.name;
}

TEST(Codec, KnownEncodingOfIaddRr) {
  // IADD R5, R6, R7 with defaults: optype IADD=0, stype RR=0 (prelude), pg=PT(7)@12,
  // rd=5@16, ra=6@24, rb=7@32, pp=PT(7)@98, pp.not=True@101, pu=PT(7)@106 — worked by hand.
  const Opcode* op = db().opcode("IADD_RR");
  FieldValues v(op->fields.size());
  v[static_cast<std::size_t>(op->fieldIndex("rd"))] = 5;
  v[static_cast<std::size_t>(op->fieldIndex("ra"))] = 6;
  v[static_cast<std::size_t>(op->fieldIndex("rb"))] = 7;
  const EncodeResult r = encode(db(), *op, v);
  ASSERT_TRUE(r.ok());
  // lo: 7<<12 | 5<<16 | 6<<24 | 7<<32 = 0x0000000706057000
  EXPECT_EQ(r.word.lo, 0x0000000706057000ull);
  // hi: pp@98 → hi bit 34 (7<<34), pp.not@101 → bit 37, pu@106 → bits 42..44 (7<<42)
  EXPECT_EQ(r.word.hi, (7ull << 34) | (1ull << 37) | (7ull << 42));
  EXPECT_EQ(r.word.toHex(), "0x00001c3c000000000000000706057000");
}

TEST(Codec, EncodeWithEveryValueGiven) {
  // The span-of-values overload (MachineInst::values): every field's default or fixed value,
  // plus rd, ra, rb — the same hand-worked IADD R5, R6, R7 word as KnownEncodingOfIaddRr.
  const Opcode* op = db().opcode("IADD_RR");
  ASSERT_NE(op, nullptr);
  std::vector<std::uint64_t> v;
  for (const auto& f : op->fields) v.push_back(f.value);
  const auto idx = [&](const char* name) { return static_cast<std::size_t>(op->fieldIndex(name)); };
  v[idx("rd")] = 5;
  v[idx("ra")] = 6;
  v[idx("rb")] = 7;
  const EncodeResult r = encode(db(), *op, std::span<const std::uint64_t>(v));
  ASSERT_TRUE(r.ok()) << r.issues.front().message;
  EXPECT_EQ(r.word.toHex(), "0x00001c3c000000000000000706057000");
  // Wrong values are issues as with optional values: ra is 8 bits, optype is fixed to IADD (0).
  v[idx("ra")] = 300;
  v[idx("optype")] = 3;
  std::set<std::string> codes;
  for (const auto& i : encode(db(), *op, std::span<const std::uint64_t>(v)).issues)
    codes.insert(std::string(isa::spelling(i.code)) + ":" + i.field);
  EXPECT_EQ(codes, (std::set<std::string>{"value-out-of-range:ra", "fixed-field:optype"}));
  v.push_back(0);
  EXPECT_EQ(encode(db(), *op, std::span<const std::uint64_t>(v)).issues.front().code,
            isa::DiagnosticCode::TooManyValues);
}

TEST(Codec, EncodeIssues) {
  const Opcode* op = db().opcode("ISETP_RR");
  ASSERT_NE(op, nullptr);
  const auto idx = [&](const char* name) { return static_cast<std::size_t>(op->fieldIndex(name)); };
  FieldValues v(op->fields.size());
  // compop is CompOp<3> with six values (000:39-45): 7 is no enumerator.
  v[idx("compop")] = 7;
  v[idx("ra")] = 300;    // does not fit 8 bits
  v[idx("optype")] = 3;  // fixed to ISETP
  const EncodeResult r = encode(db(), *op, v);
  std::set<std::string> codes;
  for (const auto& i : r.issues) codes.insert(std::string(isa::spelling(i.code)) + ":" + i.field);
  EXPECT_TRUE(codes.contains("not-an-enumerator:compop"));
  EXPECT_TRUE(codes.contains("value-out-of-range:ra"));
  EXPECT_TRUE(codes.contains("fixed-field:optype"));
  EXPECT_TRUE(codes.contains("missing-field:rb"));      // required, not given
  EXPECT_TRUE(codes.contains("missing-field:boolop"));  // 000:1654 no default
  EXPECT_FALSE(codes.contains("missing-field:pv"));     // pv = PT by default
  FieldValues tooMany(op->fields.size() + 1);
  EXPECT_EQ(encode(db(), *op, tooMany).issues.front().code, isa::DiagnosticCode::TooManyValues);
}

TEST(Codec, DecodeIssues) {
  const Decoder decoder(db());
  Word128 unknown;
  unknown.setBits(0, 8, 0xFF);  // optype 255: the prelude defines 0..71
  const DecodeResult u = decoder.decode(unknown);
  EXPECT_FALSE(u.decoded.has_value());
  ASSERT_EQ(u.issues.size(), 1u);
  EXPECT_EQ(u.issues[0].code, isa::DiagnosticCode::UnknownEncoding);

  // An IADD_RR word (all zero fields) with bit 120 set: decoded, but reserved bits are reported.
  Word128 reserved;
  reserved.setBits(120, 1, 1);
  const DecodeResult r = decoder.decode(reserved);
  ASSERT_TRUE(r.decoded.has_value());
  EXPECT_EQ(r.decoded->opcode->name, "IADD_RR");
  ASSERT_EQ(r.issues.size(), 1u);
  EXPECT_EQ(r.issues[0].code, isa::DiagnosticCode::ReservedBitsSet);

  // ISETP_RR with compop = 7 (no enumerator).
  const Opcode* isetp = db().opcode("ISETP_RR");
  Word128 w = isetp->fixedBits;
  w.setBits(isetp->field("compop")->offset, 3, 7);
  const DecodeResult c = decoder.decode(w);
  ASSERT_TRUE(c.decoded.has_value());
  EXPECT_EQ(c.decoded->opcode, isetp);
  bool flagged = false;
  for (const auto& i : c.issues)
    flagged |= i.code == isa::DiagnosticCode::NotAnEnumerator && i.field == "compop";
  EXPECT_TRUE(flagged);
}

TEST(Codec, SignedImmediates) {
  EXPECT_EQ(signedToBits(-1, 9), 0x1FFu);
  EXPECT_EQ(signedToBits(-256, 9), 0x100u);
  EXPECT_EQ(signedToBits(255, 9), 0xFFu);
  EXPECT_FALSE(signedToBits(256, 9).has_value());
  EXPECT_FALSE(signedToBits(-257, 9).has_value());
  EXPECT_EQ(bitsToSigned(0x100, 9), -256);
  EXPECT_EQ(bitsToSigned(0xFF, 9), 255);
  EXPECT_EQ(bitsToSigned(0xFFFFFFFF, 32), -1);
  EXPECT_EQ(signedToBits(-0x114514, 32), 0xFFEEBAECu);  // the example 000:174, two's complement by hand
}

}  // namespace
}  // namespace gpuasm::isa
