// Benchmarks of the instruction database, each next to a baseline measured in the same run:
//   LoadSpec        vs CopySpecBytes:  building the database vs merely copying and line-counting
//                                      the same 320 KB of spec text (the floor for any loader);
//   DecodeWords     vs NativeDecode:   the data-driven mask/match decoder vs a hand-written
//                                      (optype, stype) table lookup over the same words;
//   EncodeIaddRr    vs NativeEncode:   field-level encode (defaults, range and enumerator checks)
//                                      vs packing the same field values with no checks.
// After the run it prints "ratio name/baseline = x" lines; docs/BENCHMARKS.md records them.
#include <gpuasm/isa/Decoder.h>
#include <gpuasm/isa/Encoder.h>
#include <gpuasm/isa/InstrDb.h>

#include "RatioReporter.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <random>

using namespace gpuasm::isa;

namespace {

const InstrDb& db() {
  static const SpecLoad load = loadEmbeddedSpec();
  return *load.db;
}

// 4096 random legal words, drawn over all opcodes with a fixed seed.
const std::vector<Word128>& words() {
  static const std::vector<Word128> w = [] {
    std::mt19937_64 rng(1);
    std::vector<Word128> out;
    for (int i = 0; i < 4096; ++i) {
      const Opcode& op = db().opcodes()[rng() % db().opcodes().size()];
      FieldValues v(op.fields.size());
      for (std::size_t f = 0; f < op.fields.size(); ++f) {
        const Field& field = op.fields[f];
        if (field.presence == FieldPresence::Fixed) continue;
        const BitFieldType& t = db().typeOf(field);
        v[f] = t.isEnumerated() ? t.enumerators[rng() % t.enumerators.size()].value
                                : rng() & maxForWidth(field.width);
      }
      out.push_back(encode(db(), op, v).word);
    }
    return out;
  }();
  return w;
}

void LoadSpec(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(loadEmbeddedSpec());
}
void CopySpecBytes(benchmark::State& state) {
  const auto files = embeddedSpecFiles();
  for (auto _ : state) {
    std::size_t lines = 0;
    for (const auto& f : files) {
      std::string copy = f.text;
      for (char c : copy) lines += c == '\n';
      benchmark::DoNotOptimize(copy);
    }
    benchmark::DoNotOptimize(lines);
  }
}

void DecodeWords(benchmark::State& state) {
  const Decoder decoder(db());
  for (auto _ : state)
    for (const auto& w : words()) benchmark::DoNotOptimize(decoder.decode(w));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(words().size()));
}
void NativeDecode(benchmark::State& state) {
  // Baseline: what a hand-written decoder does — index by optype (bits 0..7) and stype
  // (bits 8..11), then pull the fields out with fixed shifts.
  std::vector<const Opcode*> table(256 * 16, nullptr);
  for (const auto& op : db().opcodes())
    table[op.field("optype")->value * 16 + op.field("stype")->value] = &op;
  for (auto _ : state) {
    for (const auto& w : words()) {
      const Opcode* op = table[(w.lo & 0xFF) * 16 + ((w.lo >> 8) & 0xF)];
      std::vector<std::uint64_t> values;
      values.reserve(op->fields.size());
      for (const auto& f : op->fields) values.push_back(w.bits(f.offset, f.width));
      benchmark::DoNotOptimize(values);
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(words().size()));
}

void EncodeIaddRr(benchmark::State& state) {
  const Opcode& op = *db().opcode("IADD_RR");
  FieldValues v(op.fields.size());
  v[static_cast<std::size_t>(op.fieldIndex("rd"))] = 5;
  v[static_cast<std::size_t>(op.fieldIndex("ra"))] = 6;
  v[static_cast<std::size_t>(op.fieldIndex("rb"))] = 7;
  for (auto _ : state) benchmark::DoNotOptimize(encode(db(), op, v));
}
void NativeEncode(benchmark::State& state) {
  // Baseline: pack the same 13 field values with plain shifts, no defaults and no checks.
  const Opcode& op = *db().opcode("IADD_RR");
  std::vector<std::pair<std::uint32_t, std::uint32_t>> layout;
  std::vector<std::uint64_t> values;
  for (const auto& f : op.fields) {
    layout.emplace_back(f.offset, f.width);
    values.push_back(f.name == "rd" ? 5 : f.name == "ra" ? 6 : f.name == "rb" ? 7 : f.value);
  }
  for (auto _ : state) {
    benchmark::DoNotOptimize(values.data());
    Word128 w;
    for (std::size_t i = 0; i < layout.size(); ++i) w.setBits(layout[i].first, layout[i].second, values[i]);
    benchmark::DoNotOptimize(w);
  }
}

BENCHMARK(LoadSpec)->Unit(benchmark::kMillisecond);
BENCHMARK(CopySpecBytes)->Unit(benchmark::kMillisecond);
BENCHMARK(DecodeWords)->Unit(benchmark::kMicrosecond);
BENCHMARK(NativeDecode)->Unit(benchmark::kMicrosecond);
BENCHMARK(EncodeIaddRr);
BENCHMARK(NativeEncode);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  gpuasm::bench::RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  // Same unit for both members of each pair, so the ratio is unit-free.
  reporter.printRatio("LoadSpec", "CopySpecBytes");
  reporter.printRatio("DecodeWords", "NativeDecode");
  reporter.printRatio("EncodeIaddRr", "NativeEncode");
  benchmark::Shutdown();
  return 0;
}
