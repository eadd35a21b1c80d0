// What a client reads when a request fails inside the server (wire/Failure.h): the kind of
// mistake in the protocol's words, never the library's exception text.
#include <gpuasm/wire/Failure.h>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using gpuasm::wire::failureText;
using gpuasm::wire::isMalformedMessage;
using nlohmann::json;

// Runs `f`, which must throw, and returns what it threw as the reply text and its kind.
template <typename F>
std::pair<std::string, bool> replyFor(F f) {
  try {
    f();
  } catch (const std::exception& e) {
    const std::string text = failureText(e);
    // The library's text is never in the reply: not its "[json.exception…]" tag, not what() itself.
    EXPECT_EQ(text.find("json.exception"), std::string::npos) << text;
    EXPECT_EQ(text.find(e.what()), std::string::npos) << text;
    return {text, isMalformedMessage(e)};
  }
  ADD_FAILURE() << "nothing was thrown";
  return {};
}

TEST(Failure, AMemberOfTheWrongTypeIsSaidSo) {
  const json params = {{"line", "x"}};
  const auto [text, malformed] = replyFor([&] { (void)params.at("line").get<int>(); });
  EXPECT_EQ(text, "a member of the message has the wrong type");
  EXPECT_TRUE(malformed);
}

TEST(Failure, AMissingMemberIsSaidSo) {
  const json params = json::object();
  const auto [text, malformed] = replyFor([&] { (void)params.at("textDocument"); });
  EXPECT_EQ(text, "a member of the message is missing or out of range");
  EXPECT_TRUE(malformed);
}

TEST(Failure, TextThatIsNotJsonIsSaidSo) {
  const auto [text, malformed] = replyFor([] { const json j = json::parse("{\"R1\": "); });
  EXPECT_EQ(text, "a string in the message is not valid JSON");
  EXPECT_TRUE(malformed);
}

TEST(Failure, TheServersOwnFailureIsNotTheClientsMistake) {
  const std::vector<int> lanes(32);
  const auto [text, malformed] = replyFor([&] { (void)lanes.at(40); });
  EXPECT_EQ(text, "the server failed (the details are in its log, on stderr)");
  EXPECT_FALSE(malformed);
  EXPECT_EQ(replyFor([] { throw std::bad_alloc(); }).first, "the server ran out of memory");
}

}  // namespace
