# Every opcode the drivers and the kernel send, opcode by opcode: mkcases
# writes a capture of driver-shaped payloads per opcode and generation,
# and afuc-emu --replay --diff runs it through the vendor's firmware and
# the SDK's (tests/firmware/vendor-diff.ignore), one TAP line per opcode.
# It passes when the vendor firmware runs the case to idle, every packet
# agrees and the SDK's firmware runs no more instructions per packet of
# the opcode than the vendor's. An opcode mkcases marks "todo" (the SDK
# does not do that yet, and why) is a TODO test; one it marks "skip" (the emulator lacks
# what the vendor's path needs) is skipped with the reason. A case the
# vendor firmware does not run to idle fails, whatever its mark but
# "skip". Each line's diagnostics give the instructions per packet of
# the opcode, SDK against vendor; with the images of ../shared, the
# per-generation counts, every figure of the table of instructions per
# packet and each opcode's standing in the list (agrees, differs...)
# must be the ones docs/firmware.md quotes.
# Skipped without the vendor images.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
. "$SDK_ROOT/tests/firmware/images.sh"

ignore=$SDK_ROOT/tests/firmware/vendor-diff.ignore
mkcases=$SDK_BUILD/tests/firmware/mkcases

# figures OPCODE: what the last run printed (in $tmp/.out), on one line
# (one process per case: there are many): the agreement figure's two
# numbers ("agree: N of M packets", - - without it), the count of
# "ok 1 " lines (the vendor's run reached idle), the opcode's
# instructions per packet on side B (SDK) and A (vendor) of the --stats
# output (- when absent), and 0 when both are there and the SDK's is no
# more than the vendor's, else 1.
figures() {
	awk -v op="$1" '
		/^agree: [0-9]+ of [0-9]+ packets$/ { fa = $2; fb = $4 }
		/^ok 1 / { idle++ }
		/^# replay of / { replays++ }
		/^not ok / && replays == 2 { sdk_stops = 1 }
		index($0, "# stats ") == 1 {
			side = index($0, "# stats A:") == 1 ? "A" : index($0, "# stats B:") == 1 ? "B" : ""
			next
		}
		side != "" && $2 == op && !(side in ipp) { ipp[side] = $(NF - 2) }
		END {
			s = "B" in ipp ? ipp["B"] : "-"; v = "A" in ipp ? ipp["A"] : "-"
			# an SDK that stops (no handler: the CP error) has no
			# figure to compare
			if (sdk_stops) s = "stops"
			print (fa == "" ? "- -" : fa " " fb), idle + 0, s, v,
				(sdk_stops || (s != "-" && v != "-" && s + 0 <= v + 0)) ? 0 : 1
		}' "$tmp/.out"
}

# doc_column TABLE COLUMN [PATTERN]: "OPCODE<tab>CELL" for each row of
# the docs/firmware.md table whose header begins "| opcode |" and holds
# TABLE, with a cell in the column headed COLUMN; with PATTERN (a regular
# expression), the start of the cell it matches, rows it does not match
# left out. The run writes the same lines to $tmp/GEN.cells (the table of
# instructions per packet: "SDK / vendor", " (differs)" when the packets
# differ, " **slower**", or "skipped") and $tmp/GEN.standing (the list's
# agrees, agrees, slower, differs, skipped (model)).
doc_column() {
	awk -F '|' -v table="$1" -v col="$2" -v pat="${3:-}" '
		index($0, "| opcode |") == 1 && index($0, table) {
			on = 0
			for (i = 2; i < NF; i++) {
				f = $i; gsub(/^ +| +$/, "", f)
				if (f == col) { on = i; break }
			}
			next
		}
		on && /^\|/ {
			op = $2; cell = $on
			gsub(/^ +| +$/, "", op); gsub(/^ +| +$/, "", cell)
			if (pat != "") {
				if (!match(cell, pat)) next
				cell = substr(cell, 1, RLENGTH)
			}
			if (op !~ /^-+$/ && cell != "") print op "\t" cell
			next
		}
		{ on = 0 }' "$SDK_ROOT/docs/firmware.md"
}

# doc_is DOC RUN NAME: the lines of DOC (doc_column's) are those of RUN;
# the diagnostics give what only the docs say, then (indented) what only
# the run found.
doc_is() {
	is "$(LC_ALL=C comm -3 "$1" "$2")" "" "$3"
}

# check GEN VENDOR SDK: the opcodes of one generation.
check() {
	gen=$1
	vendor=$(vendor_paths "$2") || {
		skip 1 "$gen: vendor image $vendor not found: no comparison of its opcodes"
		return
	}
	sdk=$(sdk_paths "$3")
	mkdir -p "$tmp/$gen"
	: >"$tmp/$gen.cells"
	: >"$tmp/$gen.standing"
	"$mkcases" "$gen" "$tmp/$gen" >"$tmp/$gen.list" || {
		ok 1 "$gen: mkcases writes the cases"
		return
	}
	agreeing=0
	within=0
	total=0
	while IFS='	' read -r opcode table_name how why; do
		total=$((total + 1))
		run "$SDK_BIN/afuc-emu" --replay "$tmp/$gen/$opcode.rd" --diff "$vendor" "$sdk" \
			--ignore "$ignore" --stats --show-diffs 0
		read -r agreed of vendor_idle sdk_ipp vendor_ipp faster <<<"$(figures "$table_name")"
		figure=
		[ "$agreed" = - ] || figure="$agreed $of"
		[ "$sdk_ipp" = - ] && sdk_ipp=
		[ "$vendor_ipp" = - ] && vendor_ipp=
		name="$gen $opcode"
		if [ "$how" = skip ]; then
			skip 1 "$name: $why"
			printf '%s\tskipped\n' "$opcode" >>"$tmp/$gen.cells"
			printf '%s\tskipped (model)\n' "$opcode" >>"$tmp/$gen.standing"
			continue
		fi
		if [ "$vendor_idle" -ne 1 ]; then
			ok 1 "$name: the vendor firmware runs the case to idle"
			diag "$(printf '%s\n' "$out" | grep '^not ok 1 ')"
			continue
		fi
		agree=1
		[ -n "$figure" ] && [ "$status" -eq 0 ] && [ "${figure% *}" = "${figure#* }" ] && agree=0
		[ "$agree" -eq 0 ] && agreeing=$((agreeing + 1))
		[ "$agree" -eq 0 ] && [ "$faster" -eq 0 ] && within=$((within + 1))
		differs=
		[ "$agree" -eq 0 ] || differs=' (differs)'
		slower=
		[ "$faster" -eq 0 ] || slower=' **slower**'
		# "none": the SDK's run never took a packet of the opcode
		printf '%s\t%s / %s%s%s\n' "$opcode" "${sdk_ipp:-none}" "$vendor_ipp" "$differs" "$slower" \
			>>"$tmp/$gen.cells"
		if [ "$agree" -ne 0 ]; then
			standing=differs
		elif [ "$faster" -ne 0 ]; then
			standing="agrees, slower"
		else
			standing=agrees
		fi
		printf '%s\t%s\n' "$opcode" "$standing" >>"$tmp/$gen.standing"
		[ "$faster" -eq 0 ] || agree=1
		label="$name: every packet agrees with $2, in no more instructions (${figure:-no figure}; SDK $sdk_ipp, vendor $vendor_ipp per packet)"
		if [ "$how" = todo ]; then
			tap_run=$((tap_run + 1))
			[ "$agree" -eq 0 ] && echo "ok $tap_run - $label # TODO $why" ||
				echo "not ok $tap_run - $label # TODO $why"
		else
			ok "$agree" "$label" ||
				diag "$(printf '%s\n' "$out" | grep -A14 '^# differs' | head -40)"
		fi
	done <"$tmp/$gen.list"
	diag "$gen: $agreeing of $total opcodes agree with $2, $within of them in no more instructions"
	# docs/firmware.md quotes these figures for the images in ../shared
	case $vendor in
	"$SDK_ROOT"/../shared/*)
		like "$(tr '\n' ' ' <"$SDK_ROOT/docs/firmware.md")" \
			"$gen $agreeing of $total [^(]*\\($within[ ;]" \
			"docs/firmware.md quotes $gen's figures ($agreeing of $total, $within in no more instructions)"
		for list in cells standing; do
			LC_ALL=C sort -o "$tmp/$gen.$list" "$tmp/$gen.$list"
		done
		doc_column "SDK / vendor" "$gen SDK / vendor" | LC_ALL=C sort >"$tmp/$gen.doc"
		doc_is "$tmp/$gen.doc" "$tmp/$gen.cells" \
			"docs/firmware.md's instructions per packet for $gen are the run's"
		doc_column "sent by" "$gen" '^(agrees, slower|agrees|differs|skipped [(]model[)])' |
			LC_ALL=C sort >"$tmp/$gen.doc"
		doc_is "$tmp/$gen.doc" "$tmp/$gen.standing" \
			"docs/firmware.md's list gives each $gen opcode the run's standing"
		;;
	esac
}

check a5xx a530_pfp.fw,a530_pm4.fw a5xx/pfp.fw,a5xx/me.fw
check a6xx a630_sqe.fw a6xx/sqe.fw
check a7xx gen70500_sqe.fw a7xx/sqe.fw
done_testing
