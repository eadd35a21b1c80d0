// Whether this build runs work on threads: the one place that decides. The native build does
// (the parallel parse of a big text, the assembler's batches, the spec reload); the WebAssembly
// build (server/web) has no threads — a page without SharedArrayBuffer —, so its CMake defines
// GPUASM_THREADS=0 and the same work runs inline, in the same order, with the same results:
// Snapshot::analyse parses the chunks one after the other, assembleBatches assembles the batches
// in order, and a spec reload runs when the workspace is polled for it (Workspace::idle, between
// messages) instead of on a thread of its own.
#pragma once

namespace gpuasm::ide {

#if defined(GPUASM_THREADS) && !GPUASM_THREADS
inline constexpr bool kThreads = false;
#else
inline constexpr bool kThreads = true;
#endif

}  // namespace gpuasm::ide
