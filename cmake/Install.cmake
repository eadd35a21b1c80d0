# What `cmake --install` puts where (GNU layout under CMAKE_INSTALL_PREFIX), and the Debian
# package CPack makes of it (`cmake --build build --target dist`, with the VS Code extension).
include(GNUInstallDirs)
# `cmake --install` and CPack install what is built; the dist target builds what they install,
# so packaging does not first build every test and benchmark.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)

install(TARGETS gpuasm RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# gpuasm(1) (compressed, as Debian installs manual pages) and the bash completion, written by the
# binary from the command table of its --help (server/tool/Manual.cpp).
set(GPUASM_MAN_PAGE ${CMAKE_BINARY_DIR}/share/man/man1/gpuasm.1)
set(GPUASM_MAN_PAGE_GZ ${GPUASM_MAN_PAGE}.gz)
set(GPUASM_BASH_COMPLETION ${CMAKE_BINARY_DIR}/share/bash-completion/completions/gpuasm)
add_custom_command(
  OUTPUT ${GPUASM_MAN_PAGE} ${GPUASM_MAN_PAGE_GZ} ${GPUASM_BASH_COMPLETION}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/share/man/man1
          ${CMAKE_BINARY_DIR}/share/bash-completion/completions
  COMMAND $<TARGET_FILE:gpuasm> --manpage > ${GPUASM_MAN_PAGE}
  COMMAND gzip -9nc ${GPUASM_MAN_PAGE} > ${GPUASM_MAN_PAGE_GZ}
  COMMAND $<TARGET_FILE:gpuasm> completion bash > ${GPUASM_BASH_COMPLETION}
  DEPENDS gpuasm
  COMMENT "Writing gpuasm(1) and the bash completion from the command table"
  VERBATIM)
add_custom_target(gpuasm_manual ALL DEPENDS ${GPUASM_MAN_PAGE_GZ} ${GPUASM_BASH_COMPLETION})
install(FILES ${GPUASM_MAN_PAGE_GZ} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${GPUASM_BASH_COMPLETION} DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)

# The Neovim plug-in as a package Neovim loads by itself: <prefix>/share/nvim/site is on its
# default 'packpath' (XDG_DATA_DIRS), and pack/*/start/* is loaded at start-up. The queries are
# the grammar's (nvim/queries/gpuasm links to them in the repository); the parser is the module
# of grammar/CMakeLists.txt, in lib/ because it is machine code.
set(GPUASM_NVIM_PACK ${CMAKE_INSTALL_DATADIR}/nvim/site/pack/gpuasm/start/gpuasm)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/nvim/plugin ${PROJECT_SOURCE_DIR}/nvim/ftdetect ${PROJECT_SOURCE_DIR}/nvim/lua
        DESTINATION ${GPUASM_NVIM_PACK})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/grammar/queries/ DESTINATION ${GPUASM_NVIM_PACK}/queries/gpuasm)
install(TARGETS gpuasm_nvim_parser LIBRARY DESTINATION lib/gpuasm/nvim/parser)

# The Emacs mode: gpuasm-mode.el and its autoloads in <prefix>/share/emacs/site-lisp/gpuasm.
# Installed under /usr (the package, or `cmake --install --prefix /usr`) it also gets Debian's
# start-up file /etc/emacs/site-start.d/50gpuasm.el, which loads the autoloads; under any other
# prefix the user's init file loads them (README, "Emacs"). In the package the file is a
# conffile (CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA below).
set(GPUASM_EMACS_DIR ${CMAKE_INSTALL_DATADIR}/emacs/site-lisp/gpuasm)
install(FILES ${PROJECT_SOURCE_DIR}/emacs/gpuasm-mode.el ${PROJECT_SOURCE_DIR}/emacs/gpuasm-mode-autoloads.el
        DESTINATION ${GPUASM_EMACS_DIR})
# CPack installs with CMAKE_INSTALL_PREFIX = <staging>/usr, `cmake --install --prefix /usr` with
# /usr (and DESTDIR, which file(INSTALL) adds): both put etc/ beside usr/.
install(CODE "
  if(CMAKE_INSTALL_PREFIX MATCHES \"/usr/?$\")
    get_filename_component(gpuasm_root \"\${CMAKE_INSTALL_PREFIX}/..\" ABSOLUTE)
    if(gpuasm_root STREQUAL \"/\")
      set(gpuasm_root \"\")
    endif()
    file(INSTALL DESTINATION \"\${gpuasm_root}/etc/emacs/site-start.d\" TYPE FILE
         FILES \"${PROJECT_SOURCE_DIR}/emacs/50gpuasm.el\")
  endif()")

# Documentation: the README (with nvim/README.md beside it), the licence as Debian's copyright
# file, and the changelog.
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${PROJECT_SOURCE_DIR}/nvim/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME README.nvim.md)
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME copyright)
set(GPUASM_CHANGELOG_GZ ${CMAKE_BINARY_DIR}/share/doc/changelog.gz)
add_custom_command(
  OUTPUT ${GPUASM_CHANGELOG_GZ}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/share/doc
  COMMAND gzip -9nc ${PROJECT_SOURCE_DIR}/CHANGELOG > ${GPUASM_CHANGELOG_GZ}
  DEPENDS ${PROJECT_SOURCE_DIR}/CHANGELOG
  VERBATIM)
add_custom_target(gpuasm_changelog_gz ALL DEPENDS ${GPUASM_CHANGELOG_GZ})
install(FILES ${GPUASM_CHANGELOG_GZ} DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The Debian package: build/dist/gpuasm_<version>_amd64.deb.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME gpuasm)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
# The package's Maintainer field: whoever publishes the package sets it (-DGPUASM_MAINTAINER=...).
set(GPUASM_MAINTAINER "gpuasm developers <gpuasm-dev@example.org>" CACHE STRING "Maintainer of the Debian package")
set(CPACK_PACKAGE_CONTACT "${GPUASM_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "assembler, simulator, language server and debugger of a GPU ISA")
# The extended description; CPack puts the summary above it as the first line.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "gpuasm checks, assembles, disassembles and simulates the assembly
language of one GPU instruction set (128-bit instructions, R/P and UR/UP
registers, warp-wide SHFL, VOTE and REDUX, FP32 with rounding modes), all
derived from the ISA's spec.
.
It includes a language server (gpuasm lsp) with diagnostics, hover,
completion and inline encodings, a warp debugger speaking the Debug Adapter
Protocol (gpuasm dap), kernel tests (gpuasm test), the Neovim plug-in, an
Emacs major mode (gpuasm-mode, for eglot and lsp-mode), a manual page and
bash completion.")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "bash-completion")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "neovim, emacs-nox | emacs, elpa-eglot | elpa-lsp-mode")
# The files under /etc are conffiles (Debian policy 10.7.2; lintian file-in-etc-not-marked-as-conffile).
file(WRITE ${CMAKE_BINARY_DIR}/debian/conffiles "/etc/emacs/site-start.d/50gpuasm.el\n")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${CMAKE_BINARY_DIR}/debian/conffiles)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_THREADS 0)
include(CPack)

# dist: every platform's packages in build/dist/ — the .deb and the self-contained VS Code extension
# (vscode-extension/package.sh: the bundled JavaScript and the portable server in
# gpuasm-<version>-linux-x64.vsix), then those of the cross builds (cmake/CrossBuilds.cmake,
# GPUASM_DIST_CROSS_COMMANDS: the arm64 .deb, the linux-arm64 and win32-x64 .vsix, the Windows zip,
# for each cross compiler installed), and — where the WebAssembly core is built (the wasm-core
# target, server/web) — the universal extension for every other platform and vscode.dev,
# gpuasm-<version>.vsix, with that core as its server (the wasm-core-module target builds the
# module and the CLI under Node alone), and the npm package of that CLI, gpuasm-<version>-node.tgz
# (server/web/node/package.sh: `npm install -g` of it gives a `gpuasm` command wherever Node 18
# runs); last build/dist/SHA256SUMS over them all,
# once `file` found each one's binaries to be for its platform (cmake/dist-sums.sh).
set(gpuasm_dist_universal)
set(gpuasm_dist_universal_named "")
if(TARGET wasm-core-module)
  set(gpuasm_dist_universal COMMAND bash ${PROJECT_SOURCE_DIR}/vscode-extension/package.sh ${GPUASM_WASM_BINARY_DIR}/bin
                            ${PROJECT_VERSION} ${CMAKE_BINARY_DIR}/dist universal
                            COMMAND bash ${PROJECT_SOURCE_DIR}/server/web/node/package.sh ${GPUASM_WASM_BINARY_DIR}/bin
                            ${PROJECT_VERSION} ${CMAKE_BINARY_DIR}/dist)
  set(gpuasm_dist_universal_named ", gpuasm-${PROJECT_VERSION}.vsix, gpuasm-${PROJECT_VERSION}-node.tgz")
else()
  message(STATUS "no wasm-core target (emcmake or node missing): the dist target makes no universal .vsix and no Node package")
endif()
add_custom_target(dist
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/dist
  COMMAND ${CMAKE_CPACK_COMMAND} --config ${CMAKE_BINARY_DIR}/CPackConfig.cmake -B ${CMAKE_BINARY_DIR}/dist
  COMMAND bash ${PROJECT_SOURCE_DIR}/vscode-extension/package.sh $<TARGET_FILE:gpuasm_portable>
          ${PROJECT_VERSION} ${CMAKE_BINARY_DIR}/dist
  ${GPUASM_DIST_CROSS_COMMANDS}
  ${gpuasm_dist_universal}
  COMMAND bash ${PROJECT_SOURCE_DIR}/cmake/dist-sums.sh ${CMAKE_BINARY_DIR}/dist ${PROJECT_VERSION}
  DEPENDS gpuasm gpuasm_portable gpuasm_manual gpuasm_changelog_gz gpuasm_nvim_parser
  WORKING_DIRECTORY ${CMAKE_BINARY_DIR}
  COMMENT "Packaging every platform's gpuasm in build/dist/ (native, ${GPUASM_CROSS_PLATFORMS}${gpuasm_dist_universal_named})"
  VERBATIM)
if(GPUASM_CROSS_PLATFORMS)
  add_dependencies(dist cross)
endif()
if(TARGET wasm-core-module)
  add_dependencies(dist wasm-core-module)
endif()
