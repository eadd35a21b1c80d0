// Compiled by CTest's forbidden_include_* tests with one library's include directories: it
// builds only where the library may use nlohmann_json (docs/ARCHITECTURE.md, "Layering").
#include <nlohmann/json.hpp>

int main() { return nlohmann::json::parse("[1]").size() == 1 ? 0 : 1; }
