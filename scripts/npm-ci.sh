# Sourced, not run: npm_ci_when_lock_changed, shared by vscode-extension/build.sh and
# scripts/setup.sh (tests/dap).
#
# npm_ci_when_lock_changed LABEL ROOT DIR [NPM-CI-OPTION...]: installs the pinned npm packages
# of DIR (its package-lock.json) with `npm ci` and the options given (server/web: --ignore-scripts),
# again only when the lock file changed since the last install. Messages start with LABEL and name
# DIR relative to ROOT ("." for ROOT itself).
npm_ci_when_lock_changed() {
  local label="$1" root="$2" dir="$3" name
  shift 3
  name="${dir#"$root"}"
  name="${name#/}"
  name="${name:-.}"
  if [ -f "$dir/node_modules/.package-lock.json" ] && [ "$dir/node_modules/.package-lock.json" -nt "$dir/package-lock.json" ]; then
    echo "$label: npm packages of $name are up to date"
    return
  fi
  echo "$label: npm ci in $name"
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error "$@")
}
