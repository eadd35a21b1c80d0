// The look-up both protocol layers do in their method tables (server/lsp's Requests, server/dap's
// Requests): a table is a constant array of entries, each named by a string_view member.
#pragma once

#include <span>
#include <string_view>

namespace gpuasm::wire {

/// The entry of `table` whose member `name` equals `wanted`, or null.
template <typename Entry>
const Entry* findByName(std::span<const Entry> table, std::string_view Entry::*name,
                        std::string_view wanted) {
  for (const Entry& e : table)
    if (e.*name == wanted) return &e;
  return nullptr;
}

}  // namespace gpuasm::wire
