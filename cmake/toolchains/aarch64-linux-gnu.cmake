# The linux-arm64 cross build (cmake/CrossBuilds.cmake's cross-linux-arm64 target configures a
# tree with this file): Debian's g++-aarch64-linux-gnu, its libraries in /usr/aarch64-linux-gnu.
# The binary is linked -static, so it needs nothing of the machine it runs on (an arm64 Linux
# of any distribution, glibc or not), and qemu-aarch64-static runs it here.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# What the project's cross tree is for (cmake/CrossTree.cmake): the platform's name in the
# VS Code extension's terms (vsce --target) and how the gpuasm binary is linked.
set(GPUASM_CROSS_PLATFORM linux-arm64)
set(GPUASM_CROSS_LINK_OPTIONS -static)
