# Sourced, not run: the configuration of build/, shared by scripts/setup.sh (which builds it) and
# scripts/test.sh (which builds it again, finding nothing to do, and tests it). The same options
# in both, or the second would rebuild everything.
gpuasm_build_options=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DGPUASM_WERROR=ON)
# The project's version (CMakeLists.txt's project()), which names the files of the dist target.
gpuasm_version="$(sed -n 's/^project(gpuasm VERSION \([0-9.]*\) .*/\1/p' "$(dirname "${BASH_SOURCE[0]}")/../CMakeLists.txt")"
