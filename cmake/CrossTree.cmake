# The settings of a cross tree: the linux-arm64 and win32-x64 builds of the gpuasm binary, which
# the native build's cross-<platform> targets configure with a toolchain file of
# cmake/toolchains/ (cmake/CrossBuilds.cmake; CMakeLists.txt includes this file when the toolchain
# set GPUASM_CROSS_PLATFORM). Only the binary is built: no tests, no benchmarks, no WebAssembly.
set(GPUASM_BUILD_TESTS OFF CACHE BOOL "" FORCE)
set(GPUASM_BUILD_BENCH OFF CACHE BOOL "" FORCE)

# The header-only dependencies (nlohmann_json, Boost.Asio, CLI11) are Debian's, in the host's
# /usr/include; the rest of that folder (glibc's headers) must never reach the cross compiler, so
# it gets a folder that holds only links to those three.
set(GPUASM_HOST_HEADERS ${CMAKE_BINARY_DIR}/host-include)
file(MAKE_DIRECTORY ${GPUASM_HOST_HEADERS})
foreach(probe IN ITEMS nlohmann/json.hpp boost/asio.hpp CLI/CLI.hpp)
  string(REGEX REPLACE "/.*" "" top ${probe})
  find_path(GPUASM_HOST_${top}_DIR ${probe} PATHS /usr/include NO_CMAKE_FIND_ROOT_PATH NO_DEFAULT_PATH REQUIRED)
  file(CREATE_LINK ${GPUASM_HOST_${top}_DIR}/${top} ${GPUASM_HOST_HEADERS}/${top} SYMBOLIC)
endforeach()
set(GPUASM_NLOHMANN_JSON_INCLUDE_DIR ${GPUASM_HOST_HEADERS} CACHE INTERNAL "")
set(GPUASM_ASIO_INCLUDE_DIR ${GPUASM_HOST_HEADERS} CACHE INTERNAL "")

# The build-time tool that embeds the spec runs on the build machine: the native build's, whose
# path the cross-<platform> target passes (isa-db/CMakeLists.txt).
if(NOT GPUASM_HOST_EMBED)
  message(FATAL_ERROR "a cross tree needs -DGPUASM_HOST_EMBED=<the native build's tools/gpuasm-embed>")
endif()

# Optimised as the native build is (-O2, which its -Werror build pins the warnings of), without
# debug information: g++ 12's -O3 warns falsely about std::string's operator+ (-Wrestrict, GCC
# bug 105651), and the binary ships stripped.
set(CMAKE_C_FLAGS_RELEASE "-O2 -DNDEBUG")
set(CMAKE_CXX_FLAGS_RELEASE "-O2 -DNDEBUG")

# A unity build (each library's sources compiled a few files at a time, CMake's batches of 8):
# the shared headers are parsed and the templates instantiated once per batch, not per file — the
# gpuasm binary's -O2 build took 137 s of CPU instead of 413 s (g++ 12, docs/CI.md). The cross
# trees are built whole, once, for the packages, so the incremental builds a unity build makes
# slower do not arise; tests/cross/compare.sh checks that the binary answers as the native one.
set(CMAKE_UNITY_BUILD ON)
# A batch file includes the .cpp files, so g++ takes a class a .cpp defines for one a header
# defines, and warns when its members use that .cpp's anonymous namespace (-Wsubobject-linkage);
# each such class is still defined in one file only, so the warning says nothing here.
add_compile_options(-Wno-subobject-linkage)
