// SHA-256 (FIPS 180-4), for naming a spec by its content: `gpuasm --version` prints the digest of
// the spec in use, so a user can tell which spec a tool ran with and compare it with sha256sum.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace gpuasm::isa {

/// An incremental SHA-256: update() with the bytes in order, then hex() once.
class Sha256 {
 public:
  Sha256();
  void update(std::string_view bytes);
  /// The digest as 64 lower-case hex digits. Finishes the computation: call it once.
  std::string hex();

 private:
  void compress(const unsigned char* block);

  std::array<std::uint32_t, 8> state_;
  std::array<unsigned char, 64> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t length_ = 0;  ///< bytes seen so far
};

/// The SHA-256 of `bytes`, as 64 lower-case hex digits.
std::string sha256Hex(std::string_view bytes);

}  // namespace gpuasm::isa
