# The win32-x64 cross build (cmake/CrossBuilds.cmake's cross-win32-x64 target configures a tree
# with this file): Debian's g++-mingw-w64-x86-64-posix, the MinGW-w64 compiler whose C++ threads
# are winpthreads (std::thread, std::mutex). The binary is linked -static: the C++ runtime and
# winpthreads are inside gpuasm.exe, which needs only Windows' own DLLs; wine64 runs it here.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(GPUASM_CROSS_PLATFORM win32-x64)
set(GPUASM_CROSS_LINK_OPTIONS -static -static-libgcc -static-libstdc++)
