#!/usr/bin/env bash
# Makes sure code-server (VS Code in a browser, with a real Node extension host) and a chromium to
# drive it are present, for the end-to-end tests and `npm run studio`. Run by those scripts; there
# is no need to run it by hand.
#
#   scripts/e2e/install-code-server.sh [DIR]
#
# DIR defaults to $APL_CODE_SERVER_DIR, else ${XDG_CACHE_HOME:-~/.cache}/apl-tools/code-server: a
# cache outside the repository, reused by later runs. Only the npm registry and Debian's apt
# mirrors are needed. code-server's own install scripts would fetch from elsewhere, so the package
# is installed without scripts and the few steps that matter are done here:
#   apt             missing build headers, ripgrep, and chromium when there is none
#   code-server     the npm package, scripts off
#   vscode-deps     production dependencies of its bundled VS Code, scripts off
#   ripgrep         Debian's rg where @vscode/ripgrep expects its download
#   native-modules  rebuilt against this node's headers, then each one loaded
#   links           what code-server's postinstall would link
#   builtin-deps    dependencies of the built-in extensions
#   argon2          rebuilt from source and loaded
#   check           `code-server --version` answers with the expected version
# Each finished step leaves a stamp naming the code-server version and the node ABI; a rerun skips
# it, and a new node redoes everything. FORCE=1 ignores the stamps. A failing step is
# named, with the end of its log (DIR/logs/STEP.log).
#
# Env: CODE_SERVER_VERSION (default 4.100.3, the last one that runs on node 20), SKIP_APT=1 (fail
# instead of installing Debian packages), CHROMIUM (a browser binary to use instead of Debian's).
set -Eeuo pipefail

version="${CODE_SERVER_VERSION:-4.100.3}"
dir="${1:-${APL_CODE_SERVER_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/apl-tools/code-server}}"
native_modules=(@parcel/watcher @vscode/deviceid @vscode/spdlog kerberos native-watchdog node-pty)

fail() { echo "install-code-server: $*" >&2; exit 1; }

command -v node >/dev/null || fail "node is not on PATH"
command -v npm >/dev/null || fail "npm is not on PATH"
node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" = 20 ] || [ -n "${CODE_SERVER_VERSION:-}" ] ||
  fail "code-server $version runs on node 20; this is node $(node -v). Set CODE_SERVER_VERSION to a release for this node."
abi=$(node -p process.versions.modules)

mkdir -p "$dir" || fail "cannot create $dir"
dir=$(cd "$dir" && pwd)
stamps="$dir/.stamps"
logs="$dir/logs"
package="$dir/node_modules/code-server"
vscode_dir="$package/lib/vscode"
ready="code-server $version, node ABI $abi"

[ -z "${CHROMIUM:-}" ] || [ -x "$CHROMIUM" ] || fail "CHROMIUM=$CHROMIUM is not an executable file"
chromium_binary() {
  if [ -n "${CHROMIUM:-}" ]; then echo "$CHROMIUM"; return; fi
  command -v chromium || command -v chromium-browser || true
}

# The quick path, taken by every test run after the first.
if [ -z "${FORCE:-}" ] && [ "$(cat "$stamps/ready" 2>/dev/null)" = "$ready" ] && [ -n "$(chromium_binary)" ]; then
  echo "install-code-server: $ready ready in $dir"
  exit 0
fi

# Two test scripts starting at once must not install into the same folder together.
if command -v flock >/dev/null; then
  exec 9>"$dir/.lock"
  flock 9
fi
mkdir -p "$stamps" "$logs"
rm -f "$stamps/ready"

step_name=start
# The trap fires inside a step, whose output goes to its log: report on the original stderr (fd 3).
exec 3>&2
report_failure() {
  local status=$?
  trap - ERR
  {
    echo
    echo "install-code-server: step '$step_name' failed (exit $status). Last lines of $logs/$step_name.log:"
    tail -n 30 "$logs/$step_name.log" 2>/dev/null || true
  } >&3
  exit "$status"
}
trap report_failure ERR

# run_step NAME FUNCTION: runs FUNCTION once per code-server version and node ABI (native modules
# are built for one ABI), output to its log.
run_step() {
  step_name=$1
  local stamp="$stamps/$1"
  if [ -z "${FORCE:-}" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$ready" ]; then return 0; fi
  local started=$SECONDS
  printf 'install-code-server: %-15s ' "$1"
  "$2" >"$logs/$1.log" 2>&1
  echo "$ready" >"$stamp"
  echo "done in $((SECONDS - started)) s"
}

# node-gyp cannot download node headers here: point it at the local ones unless npm already is.
if [ -z "${npm_config_nodedir:-}" ]; then
  configured=$(npm config get nodedir 2>/dev/null || true)
  if [ -z "$configured" ] || [ "$configured" = undefined ] || [ "$configured" = null ]; then
    for prefix in /usr /usr/local "$(dirname "$(dirname "$(command -v node)")")"; do
      if [ -f "$prefix/include/node/node.h" ]; then export npm_config_nodedir="$prefix"; break; fi
    done
    [ -n "${npm_config_nodedir:-}" ] || fail "no node headers (include/node/node.h) next to node; native modules cannot be rebuilt"
  fi
fi
# node-pty's build runs `npx node-gyp`: let npx take it from the registry without asking.
export npm_config_yes=true npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false

apt_packages() {
  local wanted=(libkrb5-dev libsecret-1-dev libxkbfile-dev libx11-dev pkg-config ripgrep)
  command -v python3 >/dev/null || wanted+=(python3)
  command -v make >/dev/null || wanted+=(make)
  command -v g++ >/dev/null || wanted+=(g++)
  [ -n "$(chromium_binary)" ] || wanted+=(chromium)
  local name
  for name in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}\n' "$name" 2>/dev/null | grep -q '^install ok installed$' || echo "$name"
  done
}

install_apt() {
  local missing
  mapfile -t missing < <(apt_packages)
  if [ ${#missing[@]} -eq 0 ]; then echo "nothing missing"; return 0; fi
  echo "missing: ${missing[*]}"
  [ -z "${SKIP_APT:-}" ] || { echo "SKIP_APT is set; install these Debian packages first: ${missing[*]}"; return 1; }
  command -v apt-get >/dev/null || { echo "no apt-get: install the equivalents of ${missing[*]} by hand"; return 1; }
  local sudo=()
  [ "$(id -u)" = 0 ] || sudo=(sudo -n)
  "${sudo[@]}" apt-get update
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
}

install_code_server() {
  cd "$dir"
  [ -f package.json ] || echo '{ "name": "apl-tools-code-server", "private": true }' >package.json
  # Scripts off: the postinstall runs a scripted install of lib/vscode that downloads from outside the registry.
  npm install --no-save --ignore-scripts "code-server@$version"
  test -f "$package/out/node/entry.js"
}

install_vscode_deps() {
  cd "$vscode_dir"
  # @vscode/ripgrep's postinstall would download rg: the next step supplies Debian's.
  npm install --omit=dev --ignore-scripts
}

install_ripgrep() {
  local rg target="$vscode_dir/node_modules/@vscode/ripgrep/bin"
  rg=$(command -v rg) || { echo "rg not found (Debian package ripgrep)"; return 1; }
  mkdir -p "$target"
  install -m 0755 "$rg" "$target/rg"
  "$target/rg" --version
}

rebuild_native_modules() {
  cd "$vscode_dir"
  # npm 11 skips dependencies' install scripts on install, but `npm rebuild NAME` runs them.
  npm rebuild "${native_modules[@]}"
  local name
  for name in "${native_modules[@]}"; do
    node -e "require('$name')"
    echo "loads: $name"
  done
}

link_like_postinstall() {
  cd "$vscode_dir"
  ln -sfn node_modules node_modules.asar
  ln -sfn code-linux.sh bin/remote-cli/code-server
  ln -sfn browser-linux.sh bin/helpers/browser.sh
}

install_builtin_deps() {
  cd "$vscode_dir/extensions"
  npm install --omit=dev
}

rebuild_argon2() {
  cd "$dir"
  npm rebuild argon2
  node -e "require('argon2')"
  echo "loads: argon2"
}

check_version() {
  local scratch answer
  scratch=$(mktemp -d)
  # --config in a scratch folder: without it code-server writes ~/.config/code-server/config.yaml.
  answer=$(node "$package/out/node/entry.js" --config "$scratch/config.yaml" --user-data-dir "$scratch/user" --version)
  rm -rf "$scratch"
  echo "$answer"
  grep -q "^$version " <<<"$answer" || { echo "expected a line starting with code-server's version $version"; return 1; }
}

started=$SECONDS
# Not stamped: checking what is missing is quick, and chromium may have gone since the last run.
rm -f "$stamps/apt" "$stamps/check"
echo "install-code-server: installing code-server $version into $dir (node $(node -v), npm $(npm -v))"
run_step apt install_apt
run_step code-server install_code_server
run_step vscode-deps install_vscode_deps
run_step ripgrep install_ripgrep
run_step native-modules rebuild_native_modules
run_step links link_like_postinstall
run_step builtin-deps install_builtin_deps
run_step argon2 rebuild_argon2
run_step check check_version
step_name=done
trap - ERR

[ -n "$(chromium_binary)" ] || fail "no chromium after the apt step (set CHROMIUM to a chromium binary)"
echo "$ready" >"$stamps/ready"
echo "install-code-server: $ready ready in $dir after $((SECONDS - started)) s ($(du -sh "$dir/node_modules" | cut -f1))"
