// SHA-256 against FIPS 180-4's examples (and the NIST example values for the padding edge),
// and the spec digest against sha256sum's answer for the files' bytes concatenated.
#include <gpuasm/isa/Sha256.h>
#include <gpuasm/isa/SpecSource.h>

#include <gtest/gtest.h>

#include <string>

namespace gpuasm::isa {
namespace {

TEST(Sha256, FipsExamples) {
  // FIPS 180-4 / NIST CSRC example values: "abc", the empty message, and the 448-bit message
  // whose padding needs a second block.
  EXPECT_EQ(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Sha256, AMillionAsInPiecesOfAnySize) {
  // FIPS 180-4's long example: one million 'a'; fed in pieces that straddle block boundaries.
  Sha256 hash;
  const std::string piece(999, 'a');
  std::size_t fed = 0;
  for (; fed + piece.size() <= 1'000'000; fed += piece.size()) hash.update(piece);
  hash.update(std::string(1'000'000 - fed, 'a'));
  EXPECT_EQ(hash.hex(), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, SpecDigestIsTheDigestOfTheFilesInOrder) {
  // "abc" split over two files digests as "abc" does: the files' bytes in their order.
  std::vector<SpecFile> files = {{"a.txt", "ab", SpecFileRole::Spec}, {"b.isa", "c", SpecFileRole::Prelude}};
  EXPECT_EQ(specDigest(files), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  std::swap(files[0], files[1]);
  EXPECT_NE(specDigest(files), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

}  // namespace
}  // namespace gpuasm::isa
