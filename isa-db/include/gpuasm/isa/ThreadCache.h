// threadCache<T>(): one object of T per thread, made on the thread's first call and kept for its
// later ones — the caches a hot path reuses instead of allocating per call (the matcher's operand
// slots, the line scanner). Every thread_local object with a destructor is made here, because
// this is the one part that is per platform: with MinGW-w64's g++ 12 (posix threads), objects
// like these, thread_local in a std::thread, crash the process when the thread ends (their
// emulated TLS storage is freed out of order: a free() of a wild pointer in winpthreads' thread
// cleanup; reproduced under wine with two thread_local objects holding a std::vector), so on
// Windows each thread's object is allocated once and never destroyed: a few KB per worker thread
// of a batch command.
#pragma once

namespace gpuasm::isa {

template <typename T>
T& threadCache() {
#ifdef _WIN32
  thread_local T* object = new T();
  return *object;
#else
  thread_local T object;
  return object;
#endif
}

}  // namespace gpuasm::isa
