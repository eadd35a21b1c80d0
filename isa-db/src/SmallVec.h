// A vector that keeps its first N elements inline, for the matcher's per-statement scratch
// (modifier slots, operand choices): a statement has a handful of each, so the hot path
// allocates nothing; longer input still works, on the heap.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <span>
#include <vector>

namespace gpuasm::isa::detail {

template <typename T, std::size_t N>
class SmallVec {
 public:
  SmallVec() = default;
  SmallVec(std::size_t n, const T& init) { assign(n, init); }
  // Copies only the elements in use: the rest of the inline array is never initialized.
  SmallVec(const SmallVec& o) { *this = o; }
  SmallVec& operator=(const SmallVec& o) {
    if (this == &o) return *this;
    size_ = o.size_;
    if (size_ > N)
      heap_ = o.heap_;
    else {
      heap_.clear();
      std::copy(o.fixed_.begin(), o.fixed_.begin() + static_cast<std::ptrdiff_t>(size_), fixed_.begin());
    }
    return *this;
  }

  void assign(std::size_t n, const T& init) {
    size_ = n;
    heap_.clear();
    if (n > N)
      heap_.assign(n, init);
    else
      std::fill_n(fixed_.begin(), n, init);
  }
  void assign(std::span<const T> from) {
    assign(from.size(), T{});
    std::copy(from.begin(), from.end(), data());
  }
  void push_back(const T& v) {
    if (size_ < N) {
      fixed_[size_++] = v;
      return;
    }
    if (size_ == N) heap_.assign(fixed_.begin(), fixed_.end());
    heap_.push_back(v);
    ++size_;
  }
  void clear() {
    size_ = 0;
    heap_.clear();
  }
  T* data() { return size_ > N ? heap_.data() : fixed_.data(); }
  const T* data() const { return size_ > N ? heap_.data() : fixed_.data(); }
  T& operator[](std::size_t i) { return data()[i]; }
  const T& operator[](std::size_t i) const { return data()[i]; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* begin() { return data(); }
  T* end() { return data() + size_; }
  const T* begin() const { return data(); }
  const T* end() const { return data() + size_; }
  std::span<const T> span() const { return {data(), size_}; }

 private:
  std::array<T, N> fixed_;  // elements [0, size_) when size_ <= N
  std::vector<T> heap_;
  std::size_t size_ = 0;
};

}  // namespace gpuasm::isa::detail
