#!/bin/sh
# Checks the build dependencies, installs the missing ones with apt-get on
# Debian or Ubuntu (as root, or through non-interactive sudo), and writes the
# make fragment holding what pkg-config says about libxml2.
#
# usage: configure.sh CC OUTPUT
set -u
cc=$1
out=$2

case $(basename "$cc") in
clang*) cc_pkg=clang ;;
*) cc_pkg=gcc ;;
esac

# Prints the Debian packages whose commands or files are missing.
missing_packages() {
	for pair in "$cc:$cc_pkg" cpp:cpp m4:m4 pkg-config:pkg-config prove:perl; do
		command -v "${pair%%:*}" >/dev/null 2>&1 || printf ' %s' "${pair#*:}"
	done
	if ! command -v pkg-config >/dev/null 2>&1 ||
		! pkg-config --exists libxml-2.0 2>/dev/null; then
		printf ' %s' libxml2-dev
	fi
	# zlib: afuc-emu --replay reads .rd.gz captures
	if ! command -v pkg-config >/dev/null 2>&1 ||
		! pkg-config --exists zlib 2>/dev/null; then
		printf ' %s' zlib1g-dev
	fi
	# liblzma, libzstd: firmware images as distributions ship them
	# (a630_sqe.fw.xz, .fw.zst), read by every tool that reads an image
	# libedit: the line editing of afuc-emu -i's prompt
	for pair in liblzma:liblzma-dev libzstd:libzstd-dev libedit:libedit-dev; do
		if ! command -v pkg-config >/dev/null 2>&1 ||
			! pkg-config --exists "${pair%%:*}" 2>/dev/null; then
			printf ' %s' "${pair#*:}"
		fi
	done
}

missing=$(missing_packages)
if [ -n "$missing" ]; then
	if [ ! -r /etc/debian_version ] || ! command -v apt-get >/dev/null 2>&1; then
		echo "make: missing build dependencies (Debian names):$missing; install them and run make again" >&2
		exit 1
	fi
	if [ "$(id -u)" = 0 ]; then
		as_root=""
	elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		as_root="sudo -n"
	else
		echo "make: missing build dependencies:$missing; run 'sudo apt-get install$missing' and make again" >&2
		exit 1
	fi
	echo "make: installing missing build dependencies:$missing"
	log=$(mktemp)
	export DEBIAN_FRONTEND=noninteractive
	# A fresh machine may have no package lists yet: update only when needed.
	# shellcheck disable=SC2086
	if ! $as_root apt-get install -y -q --no-install-recommends $missing >"$log" 2>&1; then
		$as_root apt-get update -q >>"$log" 2>&1
		$as_root apt-get install -y -q --no-install-recommends $missing >>"$log" 2>&1
	fi
	still=$(missing_packages)
	if [ -n "$still" ]; then
		cat "$log" >&2
		echo "make: could not install:$still" >&2
		rm -f "$log"
		exit 1
	fi
	rm -f "$log"
fi

tmp="$out.tmp.$$"
{
	echo "# Written by sdk/make/configure.sh; delete it to check again."
	echo "XML_CFLAGS := $(pkg-config --cflags libxml-2.0)"
	echo "XML_LIBS := $(pkg-config --libs libxml-2.0)"
	echo "ZLIB_CFLAGS := $(pkg-config --cflags zlib)"
	echo "ZLIB_LIBS := $(pkg-config --libs zlib)"
	echo "COMPRESS_CFLAGS := $(pkg-config --cflags liblzma libzstd)"
	echo "COMPRESS_LIBS := $(pkg-config --libs liblzma libzstd)"
	echo "EDIT_CFLAGS := $(pkg-config --cflags libedit)"
	echo "EDIT_LIBS := $(pkg-config --libs libedit)"
	echo "M4 := $(command -v m4)"
	echo "CPP := $(command -v cpp)"
} >"$tmp" && mv -f "$tmp" "$out"
