#include <gpuasm/wire/Failure.h>

#include <iostream>
#include <new>
#include <nlohmann/json.hpp>

namespace gpuasm::wire {

bool isMalformedMessage(const std::exception& e) {
  return dynamic_cast<const nlohmann::json::exception*>(&e) != nullptr;
}

std::string failureText(const std::exception& e) {
  // nlohmann_json numbers its exceptions by kind (json.exception.<kind>.<id>): 1xx parse_error,
  // 2xx invalid_iterator, 3xx type_error, 4xx out_of_range, 5xx other_error.
  if (const auto* j = dynamic_cast<const nlohmann::json::exception*>(&e)) {
    if (j->id >= 100 && j->id < 200) return "a string in the message is not valid JSON";
    if (j->id >= 300 && j->id < 400) return "a member of the message has the wrong type";
    if (j->id >= 400 && j->id < 500) return "a member of the message is missing or out of range";
    return "the message is not in the form this method takes";
  }
  if (dynamic_cast<const std::bad_alloc*>(&e) != nullptr) return "the server ran out of memory";
  return "the server failed (the details are in its log, on stderr)";
}

void logFailure(std::string_view who, const std::exception& e) {
  std::cerr << who << ": " << e.what() << '\n';
}

}  // namespace gpuasm::wire
