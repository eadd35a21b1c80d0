// A console reporter for Google Benchmark that also remembers each benchmark's time per
// iteration, so a benchmark program can print its ratio to the baseline measured in the same run.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace gpuasm::bench {

class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const auto& r : runs) {
      times_[r.benchmark_name()] = r.GetAdjustedRealTime();
      cpuTimes_[r.benchmark_name()] = r.GetAdjustedCPUTime();
    }
    ConsoleReporter::ReportRuns(runs);
  }
  /// Time per iteration of a benchmark in its display unit, 0 when it did not run.
  double time(const std::string& name) const {
    const auto it = times_.find(name);
    return it == times_.end() ? 0 : it->second;
  }
  /// CPU time per iteration (display unit): steadier than wall time when other work shares the machine.
  double cpuTime(const std::string& name) const {
    const auto it = cpuTimes_.find(name);
    return it == cpuTimes_.end() ? 0 : it->second;
  }
  /// Prints "ratio name/baseline = x" when both ran (both must use the same unit).
  void printRatio(const std::string& name, const std::string& baseline) const {
    const double a = time(name), b = time(baseline);
    if (a > 0 && b > 0) std::printf("ratio %s/%s = %.2f\n", name.c_str(), baseline.c_str(), a / b);
  }

 private:
  std::map<std::string, double> times_, cpuTimes_;
};

}  // namespace gpuasm::bench
