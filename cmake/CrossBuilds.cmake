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

# The packages of the cross builds, made by the dist target (cmake/Install.cmake) after the native
# ones (the arm64 .deb is made from the amd64 one, cmake/deb-for-arch.sh): gpuasm_<version>_arm64.deb
# and gpuasm-<version>-linux-arm64.vsix; gpuasm-<version>-win32-x64.vsix and
# gpuasm-<version>-win32-x64.zip (cmake/win32-zip.sh: gpuasm.exe, README.md, LICENSE) — each for a
# platform whose cross compiler is installed. GPUASM_DIST_CROSS_COMMANDS holds the commands.
set(GPUASM_DIST_CROSS_COMMANDS)
if(TARGET cross-linux-arm64)
  set(arm64 ${CMAKE_BINARY_DIR}/cross/linux-arm64)
  list(APPEND GPUASM_DIST_CROSS_COMMANDS
    COMMAND bash ${PROJECT_SOURCE_DIR}/cmake/deb-for-arch.sh ${CMAKE_BINARY_DIR}/dist/gpuasm_${PROJECT_VERSION}_amd64.deb
            arm64 aarch64-linux-gnu-strip ${arm64}/portable/gpuasm ${arm64}/nvim-parser/gpuasm.so ${CMAKE_BINARY_DIR}/dist
    COMMAND bash ${PROJECT_SOURCE_DIR}/vscode-extension/package.sh ${arm64}/bin/gpuasm ${PROJECT_VERSION}
            ${CMAKE_BINARY_DIR}/dist linux-arm64)
endif()
if(TARGET cross-win32-x64)
  set(win32 ${CMAKE_BINARY_DIR}/cross/win32-x64)
  list(APPEND GPUASM_DIST_CROSS_COMMANDS
    COMMAND bash ${PROJECT_SOURCE_DIR}/vscode-extension/package.sh ${win32}/bin/gpuasm.exe ${PROJECT_VERSION}
            ${CMAKE_BINARY_DIR}/dist win32-x64
    COMMAND bash ${PROJECT_SOURCE_DIR}/cmake/win32-zip.sh ${win32}/bin/gpuasm.exe ${PROJECT_VERSION} ${CMAKE_BINARY_DIR}/dist)
endif()
