# Listings relink after any edit: one `nop` inserted at the top (after
# the header words), in the middle and at the end (before the packet
# table) of each processor's code in afuc-objdump's listing, the listing
# still assembles and links with the default script (no ASSERT about
# where an image starts fails), and the rebuilt image is the same part
# (the same generation, layout and processors, as afuc-objdump names it).
# make check takes one image of each layout; AFUC_ALL_IMAGES=1 (make
# bench: relink-all.sh) every image there is.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

# single a5xx and a6xx, SQE + LPAC, a bundle, a gen 8 bundle, an AQE
some_firmware "a5*_pfp.fw* a5*_pm4.fw* *_sqe.fw* *_aqe.fw*" a530_pfp.fw a630_sqe.fw \
	a660_sqe.fw gen70500_sqe.fw gen80000_sqe.fw gen80000_aqe.fw
[ -n "$images" ] || skip_all "no vendor firmware in $firmware_dirs"

# insert WHERE < listing: the listing with "nop" at WHERE (top, middle,
# end) of the code of every section. Code lines are the instructions
# (no label, raw word, directive, comment or blank line) before the
# table; the top is after the header, a660's `mov $12, #jumptbl` and
# `mov $13, #lpac_start` included (sdk/fw reads them at words 3 and 4).
insert() {
	awk -v where="$1" '
	function flush(   i, at) {
		at = where == "top" ? first : where == "end" ? last + 1 : code[int(ncode / 2)]
		for (i = 1; i <= n; i++) {
			if (i == at && ncode)
				print "nop"
			print line[i]
		}
		n = ncode = first = last = table = 0
	}
	/^\.section / { flush() }
	{ line[++n] = $0 }
	/^\.jumptbl/ { table = 1 }
	!table && $0 !~ /^(\[|\.|;|$)/ && $0 !~ /:$/ && $0 !~ /^mov \$1[23], #/ {
		code[ncode++] = n
		if (!first)
			first = n
		last = n
	}
	END { flush() }
	'
}

word() {
	od -An -t x4 -j $((4 * $2)) -N 4 "$1" | tr -d ' '
}

for f in $images; do
	name=$(firmware_name "$f")
	if ! unpack_firmware "$f"; then
		skip 3 "$name: cannot unpack $f"
		continue
	fi
	"$SDK_BIN/afuc-objdump" -o "$tmp/v.s" "$tmp/$name" 2>/dev/null
	kind=$(sed -n 3p "$tmp/v.s")
	for where in top middle end; do
		insert $where <"$tmp/v.s" >"$tmp/e.s"
		added=$(($(grep -c '^nop$' "$tmp/e.s") - $(grep -c '^nop$' "$tmp/v.s")))
		if "$SDK_BIN/afuc-as" "$tmp/e.s" -o "$tmp/e.o" 2>"$tmp/err" &&
			"$SDK_BIN/afuc-ld" "$tmp/e.o" -o "$tmp/e.fw" 2>>"$tmp/err" &&
			"$SDK_BIN/afuc-objdump" -o "$tmp/r.s" "$tmp/e.fw" 2>>"$tmp/err"; then
			is "$(sed -n 3p "$tmp/r.s"):$(cat "$tmp/err")" "$kind:" \
				"$name: $added nops at the $where of the code relink, the same part"
			# gen 8 BR's header word 6 holds where the data before its
			# table starts: still so after the edit.
			case $name:$where in gen80*_sqe.fw:top)
				at=$((0x$(word "$tmp/e.fw" 7) & 0xffffff))
				is "$(grep -m1 "^\[#data" "$tmp/r.s")" "[#data$at]" \
					"$name: BR's header word 6 still points at its data ($at)"
				;;
			esac
		else
			ok 1 "$name: $added nops at the $where of the code relink"
			diag "$(head -5 "$tmp/err")"
		fi
	done
	rm -f "$tmp/$name" "$tmp"/[ver].*
done
done_testing
