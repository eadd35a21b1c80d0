// The Debug Adapter Protocol's messages (see DapServer.h): requests in, each dispatched through
// the method table (Requests.h), responses and events out, numbered in the order they are sent.
#include <gpuasm/dap/DapServer.h>

#include "Requests.h"

#include <gpuasm/wire/Failure.h>

#include <nlohmann/json.hpp>

namespace gpuasm::dap {

using protocol::json;

DapServer::DapServer(const isa::InstrDb& db) : session_(db) {}
DapServer::~DapServer() = default;

std::vector<std::string_view> DapServer::requests() {
  std::vector<std::string_view> out;
  for (const Method& m : methods()) out.push_back(m.command);
  return out;
}

namespace {

// An output event on stderr saying what was wrong with a message, without its seq.
std::string unreadable(std::string_view message) {
  return protocol::event(protocol::OutputEvent{"stderr", "gpuasm dap: " + std::string(message) + "\n"});
}

// `message` (a JSON object) with "seq" as its first member.
std::string withSeq(std::int64_t seq, std::string_view message) {
  return "{\"seq\":" + std::to_string(seq) + "," + std::string(message.substr(1));
}

// A request's arguments; arguments that are not an object count as none.
const json& argumentsOf(const json& request) {
  static const json empty = json::object();
  const auto it = request.find("arguments");
  return it != request.end() && it->is_object() ? *it : empty;
}

// The response to one request; the events its handler sends are queued in state.out.
json respond(DapState& state, const json& request, const std::string& command) {
  json response = {{"type", "response"},
                   {"request_seq", request.contains("seq") ? request["seq"] : json(0)},
                   {"command", command},
                   {"success", true}};
  try {
    const Method* method = findMethod(command);
    if (method == nullptr) throw protocol::RequestError{"unknown request '" + command + "'"};
    if (method->needsProgram && !state.session.launched())
      throw protocol::RequestError{"no program is launched (send launch first)"};
    json body = method->handler(state, argumentsOf(request));
    if (!body.is_null()) response["body"] = std::move(body);
  } catch (const protocol::RequestError& e) {
    response["success"] = false;
    response["message"] = e.message;
  } catch (const std::exception& e) {  // a bug of the typed arguments, or a failure: still an answer
    wire::logFailure("gpuasm dap: " + command, e);
    response["success"] = false;
    response["message"] =
        (wire::isMalformedMessage(e) ? "malformed arguments: " : "failed: ") + wire::failureText(e);
  }
  return response;
}

}  // namespace

std::string DapServer::framingError(std::string_view message) { return withSeq(seq_++, unreadable(message)); }

std::vector<std::string> DapServer::handle(std::span<const std::string> bodies) {
  out_.clear();
  DapState state{session_, out_, exit_, followLanes_};
  for (const std::string& body : bodies) {
    const json msg = json::parse(body, nullptr, false);
    if (msg.is_discarded() || !msg.is_object()) {
      out_.push_back(unreadable("a message that is not a JSON object was ignored"));
      continue;
    }
    const auto type = msg.find("type"), command = msg.find("command");
    if (type == msg.end() || *type != "request" || command == msg.end() || !command->is_string() ||
        command->get_ref<const std::string&>().empty()) {
      out_.push_back(unreadable(
          "a message that is not a request (\"type\": \"request\" with a \"command\") was ignored"));
      continue;
    }
    // The events a handler sends follow its response.
    const std::size_t mark = out_.size();
    const json response = respond(state, msg, command->get<std::string>());
    out_.insert(out_.begin() + static_cast<std::ptrdiff_t>(mark), protocol::dump(response));
  }
  return numbered();
}

// Every outgoing message (a JSON object, dumped without seq) gets the next sequence number, in
// the order it is sent.
std::vector<std::string> DapServer::numbered() {
  std::vector<std::string> out;
  out.reserve(out_.size());
  for (const std::string& m : out_) out.push_back(withSeq(seq_++, m));
  out_.clear();
  return out;
}

std::vector<std::string> DapServer::idle() {
  out_.clear();
  if (!session_.running()) return {};
  DapState state{session_, out_, exit_, followLanes_};
  const ide::DebugStop stop = session_.runSlice();
  if (stop.reason == ide::DebugStopReason::Paused) {
    for (const std::string& line : stop.logs) send(state, protocol::OutputEvent{"console", line + "\n"});
  } else {
    sendStopped(state, stop);
  }
  return numbered();
}

}  // namespace gpuasm::dap
