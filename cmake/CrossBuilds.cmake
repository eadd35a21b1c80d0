# The cross builds of the gpuasm binary (docs/ARCHITECTURE.md, "Platforms"): one target per
# toolchain file of cmake/toolchains/ whose compiler is installed, each configuring and building
# a tree in build/cross/<platform>/ (cmake/build-cross.sh; cmake/CrossTree.cmake are its
# settings) with the native build's gpuasm-embed. `cmake --build build --target cross` builds
# every one there is.
set(GPUASM_CROSS_PLATFORMS)
# gpuasm_add_cross(PLATFORM TOOLCHAIN COMPILER TARGET...): the cross-PLATFORM target, which builds
# the TARGETs of that tree, when COMPILER exists.
function(gpuasm_add_cross platform toolchain compiler)
  find_program(GPUASM_CROSS_CXX_${platform} ${compiler})
  if(NOT GPUASM_CROSS_CXX_${platform})
    message(STATUS "${compiler} not found: no cross-${platform} target")
    return()
  endif()
  set(dir ${CMAKE_BINARY_DIR}/cross/${platform})
  add_custom_target(cross-${platform}
    COMMAND bash ${PROJECT_SOURCE_DIR}/cmake/build-cross.sh ${PROJECT_SOURCE_DIR} ${dir}
            ${PROJECT_SOURCE_DIR}/cmake/toolchains/${toolchain}.cmake $<TARGET_FILE:gpuasm-embed>
            $<IF:$<BOOL:${GPUASM_WERROR}>,ON,OFF> ${ARGN}
    COMMENT "Building the gpuasm binary for ${platform} in ${dir}"
    USES_TERMINAL
    VERBATIM)
  add_dependencies(cross-${platform} gpuasm-embed)
  set(GPUASM_CROSS_PLATFORMS ${GPUASM_CROSS_PLATFORMS} ${platform} PARENT_SCOPE)
endfunction()
# linux-arm64: the static binary (the .vsix's, and the one tests/cross runs) and, for the .deb,
# the binary linked as the native package's portable one (glibc shared, as Debian wants it:
# lintian refuses a static binary) and the Neovim parser.
gpuasm_add_cross(linux-arm64 aarch64-linux-gnu aarch64-linux-gnu-g++ gpuasm gpuasm_portable gpuasm_nvim_parser)
gpuasm_add_cross(win32-x64 x86_64-w64-mingw32 x86_64-w64-mingw32-g++-posix gpuasm)
add_custom_target(cross COMMENT "Built the gpuasm binary for: ${GPUASM_CROSS_PLATFORMS}")
foreach(platform IN LISTS GPUASM_CROSS_PLATFORMS)
  add_dependencies(cross cross-${platform})
endforeach()

