// Provenance (Provenance.h): a breadth-first walk back through the timeline's history from a
// register's value to the writes, edits and initial values it came from.
#include <gpuasm/ide/execution/Provenance.h>

#include "OperandRegisters.h"

#include <gpuasm/sim/Semantics.h>

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

namespace gpuasm::ide {

using operands::isConstantRegister;
using operands::perLane;
using operands::registersOf;

namespace {

// A value to explain: a register in a lane as read at a position, and the input it answers.
struct Pending {
  sim::RegFile file;
  std::uint32_t number;
  unsigned lane;
  std::uint64_t at;
  std::optional<std::pair<std::size_t, std::size_t>> input;  // (link, input)
};

// Where a value came from: the writing instruction's position, an edit's position, or neither
// (the initial state).
struct Origin {
  std::optional<std::uint64_t> writer;
  std::optional<std::uint64_t> edit;
};

class ProvenanceWalk {
 public:
  ProvenanceWalk(const Timeline& timeline, std::size_t maxLinks) : timeline_(timeline), maxLinks_(maxLinks) {}

  std::vector<ProvenanceLink> run(Pending start) {
    queue_.push_back(start);
    for (std::size_t head = 0; head < queue_.size(); ++head) visit(queue_[head]);
    return std::move(links_);
  }

 private:
  const sim::RegisterLayout& layout() const { return timeline_.initial().layout; }

  // Whether an edit at position `at` sets v's register in v's lane.
  bool editSets(std::uint64_t at, const Pending& v) const {
    const std::vector<RegisterEdit>* edits = timeline_.editsAt(at);
    if (edits == nullptr) return false;
    return std::any_of(edits->begin(), edits->end(), [&](const RegisterEdit& e) {
      return e.file == v.file && e.number == v.number &&
             (!perLane(v.file) || ((e.lanes >> v.lane) & 1u) != 0);
    });
  }

  // The last write of v's register in v's lane before v's position.
  Origin originOf(const Pending& v) const {
    for (std::uint64_t q = v.at; q-- > 0;) {
      if (editSets(q + 1, v)) return Origin{std::nullopt, q + 1};  // an edit after step q
      const std::uint32_t mask = timeline_.laneMask(q);
      const bool ran = perLane(v.file) ? ((mask >> v.lane) & 1u) != 0 : mask != 0;
      if (!ran) continue;
      const sim::PreparedInst& inst = timeline_.program().step(q);
      for (std::uint8_t k = 0; k < inst.outCount; ++k)
        for (const auto& [f, n] : registersOf(inst.out[k]))
          if (f == v.file && n == v.number) return Origin{q, std::nullopt};
    }
    if (editSets(0, v)) return Origin{std::nullopt, 0};
    return Origin{};
  }

  void visit(const Pending v) {
    const Origin origin = originOf(v);
    constexpr std::uint64_t kNone = UINT64_MAX;
    const auto key = std::tuple(static_cast<int>(v.file), v.number, perLane(v.file) ? v.lane : 0u,
                                origin.writer.value_or(kNone), origin.edit.value_or(kNone));
    if (const auto it = made_.find(key); it != made_.end()) {
      if (v.input) links_[v.input->first].inputs[v.input->second].from = it->second;
      return;
    }
    if (links_.size() >= maxLinks_) return;
    ProvenanceLink link;
    link.registerName = layout().name(v.file, v.number);
    if (perLane(v.file)) link.lane = v.lane;
    if (origin.edit) {
      link.value = timeline_.stateAt(*origin.edit).read(v.file, v.number, v.lane);
      link.source = "set by the user";
    } else if (!origin.writer) {
      link.value = timeline_.initial().read(v.file, v.number, v.lane);
      link.source = "initial state";
    } else {
      describeWrite(link, v, *origin.writer);
    }
    if (v.input) links_[v.input->first].inputs[v.input->second].from = links_.size();
    made_[key] = links_.size();
    links_.push_back(std::move(link));
  }

  // The link of the write of step q that gave v its value, with the inputs q read (queued to be
  // followed in turn).
  void describeWrite(ProvenanceLink& link, const Pending& v, std::uint64_t q) {
    const sim::PreparedInst& inst = timeline_.program().step(q);
    link.position = q;
    link.line = inst.line;
    link.source = timeline_.program().sourceAt(q);
    // The state before the instruction, and after it by executing just that one.
    const sim::WarpState before = timeline_.stateAt(q);
    sim::WarpState after = before;
    timeline_.advance(after, q, nullptr);
    link.value = after.read(v.file, v.number, v.lane);
    const sim::Semantics* sem =
        inst.optype != nullptr ? sim::SemanticsTable::builtin().find(inst.optype->name) : nullptr;
    const bool across = sem != nullptr && sem->acrossLanes;
    for (std::uint8_t k = 0; k < inst.inCount; ++k) addInputs(link, v, q, before, inst.in[k], across);
    if (inst.guard.kind != sim::OperandKind::None) addInputs(link, v, q, before, inst.guard, false);
  }

  // The registers of operand `o` as inputs of `link` (step q, executed from `before`). A
  // warp-wide instruction reads its data operands in other lanes too: those are shown with v's
  // lane's value and not followed; its guard is per lane.
  void addInputs(ProvenanceLink& link, const Pending& v, std::uint64_t q, const sim::WarpState& before,
                 const sim::Operand& o, bool acrossLanes) {
    for (const auto& [f, n] : registersOf(o)) {
      if (isConstantRegister(layout(), f, n)) continue;
      ProvenanceInput in;
      in.registerName = layout().name(f, n);
      in.value = before.read(f, n, v.lane);
      const bool otherLanes = acrossLanes && perLane(f);
      if (perLane(f) && !otherLanes) in.lane = v.lane;
      if (otherLanes) in.note = "read across the warp (lane " + std::to_string(v.lane) + "'s value shown)";
      link.inputs.push_back(in);
      if (!otherLanes) queue_.push_back({f, n, v.lane, q, std::pair{links_.size(), link.inputs.size() - 1}});
    }
  }

  const Timeline& timeline_;
  std::size_t maxLinks_;
  std::vector<ProvenanceLink> links_;
  std::map<std::tuple<int, std::uint32_t, unsigned, std::uint64_t, std::uint64_t>, std::size_t> made_;
  std::vector<Pending> queue_;
};

}  // namespace

std::expected<std::vector<ProvenanceLink>, std::string> provenance(const Timeline& timeline,
                                                                   std::string_view name, unsigned lane,
                                                                   std::size_t maxLinks) {
  const sim::RegisterLayout& layout = timeline.initial().layout;
  const auto reg = layout.parseIgnoringCase(name);
  if (!reg) return std::unexpected("'" + std::string(name) + "' is not a register");
  if (lane >= sim::kWarpSize) return std::unexpected("a lane is 0..31");
  return ProvenanceWalk(timeline, maxLinks)
      .run({reg->first, reg->second, lane, timeline.position(), std::nullopt});
}

}  // namespace gpuasm::ide
