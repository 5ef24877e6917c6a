#!/usr/bin/env bash
# PgBouncer 1.24 for the pooler run (tests/pooler/run.py), built once from Debian 13's source
# package into .merit/pgbouncer-1.24/bin/pgbouncer. Debian 12 ships only 1.18, which has no
# protocol-level prepared statements (`max_prepared_statements`, 1.21 and later).
#
# The source comes through apt with a sources list, index and cache of its own in a temporary
# folder: the machine's own apt sources and lists are left as they are. apt checks the
# downloaded files against the archive's signed index; Debian's patches (its security fixes
# included) are applied as the package applies them. Nothing happens when the binary is there.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DEST="$ROOT/.merit/pgbouncer-1.24"
BINARY="$DEST/bin/pgbouncer"

if [ -x "$BINARY" ] && "$BINARY" --version >/dev/null 2>&1; then
	exit 0
fi

mkdir -p "$ROOT/.merit"
WORK=$(mktemp -d "$ROOT/.merit/pgbouncer-build.XXXXXX")
LOG="$WORK/build.log"
trap 'rm -rf "$WORK"' EXIT
fail() {
	echo "building PgBouncer 1.24 failed: $1 (last lines of the log below)" >&2
	tail -n 40 "$LOG" >&2
	exit 1
}

# Debian 12's toolchain and the libraries PgBouncer links to (TLS, libevent, c-ares).
missing=()
[ -e /usr/include/event2/event.h ] || missing+=(libevent-dev)
[ -e /usr/include/ares.h ] || missing+=(libc-ares-dev)
[ -e /usr/include/openssl/ssl.h ] || missing+=(libssl-dev)
command -v pkg-config >/dev/null || missing+=(pkg-config)
command -v make >/dev/null && command -v cc >/dev/null || missing+=(build-essential)
command -v dpkg-source >/dev/null || missing+=(dpkg-dev)
if [ ${#missing[@]} -gt 0 ]; then
	export DEBIAN_FRONTEND=noninteractive
	apt-get install -y -qq "${missing[@]}" >>"$LOG" 2>&1 ||
		{ apt-get update -qq >>"$LOG" 2>&1 && apt-get install -y -qq "${missing[@]}" >>"$LOG" 2>&1; } ||
		fail "apt-get install ${missing[*]}"
fi

mkdir -p "$WORK/lists/partial" "$WORK/cache" "$WORK/src"
echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main" \
	>"$WORK/sources.list"
apt_private=(
	-o "Dir::Etc::SourceList=$WORK/sources.list"
	-o "Dir::Etc::SourceParts=/dev/null"
	-o "Dir::State::Lists=$WORK/lists"
	-o "Dir::Cache=$WORK/cache"
)
apt-get "${apt_private[@]}" update >>"$LOG" 2>&1 || fail "apt-get update of Debian 13's sources"
# Whatever revision Debian 13 lists now (its point releases replace older ones).
(cd "$WORK/src" && apt-get "${apt_private[@]}" source pgbouncer >>"$LOG" 2>&1) ||
	fail "apt-get source pgbouncer"
SRC=$(find "$WORK/src" -mindepth 1 -maxdepth 1 -type d -name 'pgbouncer-1.24*' | head -n 1)
[ -n "$SRC" ] || fail "Debian 13's pgbouncer is no longer 1.24: $(ls "$WORK/src")"

# The source tarball carries the manual pages already built: no pandoc needed.
(
	cd "$SRC"
	./configure --prefix="$DEST" --with-cares --without-pam --without-systemd
	make -j2
) >>"$LOG" 2>&1 || fail "configure and make"
"$SRC/pgbouncer" --version >>"$LOG" 2>&1 || fail "the built binary does not run"
# The binary alone, moved in last: a build stopped halfway never looks finished.
mkdir -p "$DEST/bin"
install -m 0755 "$SRC/pgbouncer" "$BINARY.new"
mv "$BINARY.new" "$BINARY"
echo "built $("$BINARY" --version | head -n 1) into ${DEST#"$ROOT"/}"
