// Content-Length framing: frames split anywhere, several in one read, bad headers and oversized
// bodies reported and skipped while the stream keeps working.
#include <gpuasm/wire/Framing.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gpuasm::wire {
namespace {

std::vector<std::string> drain(FrameReader& r, std::vector<std::string>* errors = nullptr) {
  std::vector<std::string> bodies;
  while (auto item = r.next()) {
    if (auto* e = std::get_if<FrameError>(&*item)) {
      if (errors) errors->push_back(e->message);
    } else {
      bodies.push_back(std::get<std::string>(*item));
    }
  }
  return bodies;
}

TEST(Framing, FramesSplitAtEveryByteArriveWhole) {
  const std::string stream =
      frameMessage("{\"a\":1}") + frameMessage("") + frameMessage("{\"héllo\":\"wörld\"}");
  FrameReader r;
  std::vector<std::string> bodies;
  for (char c : stream) {
    r.feed(std::string_view(&c, 1));
    for (auto& b : drain(r)) bodies.push_back(b);
  }
  EXPECT_EQ(bodies, (std::vector<std::string>{"{\"a\":1}", "", "{\"héllo\":\"wörld\"}"}));
  EXPECT_EQ(r.pending(), 0u);
}

TEST(Framing, HeadersAreCaseInsensitiveAndOthersIgnored) {
  FrameReader r;
  r.feed("content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}");
  EXPECT_EQ(drain(r), std::vector<std::string>{"{}"});
}

TEST(Framing, BadHeadersAreReportedAndTheNextFrameStillArrives) {
  FrameReader r;
  std::vector<std::string> errors;
  r.feed("Content-Length: abc\r\n\r\n");
  r.feed("X-Only: 1\r\n\r\n");
  r.feed("no colon here\r\n\r\n");
  r.feed(frameMessage("{\"ok\":true}"));
  EXPECT_EQ(drain(r, &errors), std::vector<std::string>{"{\"ok\":true}"});
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_NE(errors[0].find("not a number"), std::string::npos);
  EXPECT_NE(errors[1].find("without Content-Length"), std::string::npos);
  EXPECT_NE(errors[2].find("malformed header line"), std::string::npos);
}

TEST(Framing, OversizedBodiesAreSkippedByteForByte) {
  FrameReader r;
  std::vector<std::string> errors;
  const std::size_t big = FrameReader::kMaxBody + 10;
  r.feed("Content-Length: " + std::to_string(big) + "\r\n\r\n");
  EXPECT_TRUE(drain(r, &errors).empty());
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].find("larger than the limit"), std::string::npos);
  // The body's bytes arrive in chunks and are dropped; the frame after it is read normally.
  const std::string chunk(1 << 20, 'x');
  std::size_t left = big;
  while (left > 0) {
    const std::size_t n = std::min(left, chunk.size());
    r.feed(std::string_view(chunk).substr(0, n));
    left -= n;
    EXPECT_TRUE(drain(r).empty());
  }
  r.feed(frameMessage("{}"));
  EXPECT_EQ(drain(r), std::vector<std::string>{"{}"});
}

TEST(Framing, AHeaderWithoutItsBlankLineIsBounded) {
  FrameReader r;
  std::vector<std::string> errors;
  r.feed(std::string(FrameReader::kMaxHeader + 1, 'A'));
  drain(r, &errors);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(r.pending(), 0u);
  r.feed(frameMessage("{}"));
  EXPECT_EQ(drain(r), std::vector<std::string>{"{}"});
}

}  // namespace
}  // namespace gpuasm::wire
