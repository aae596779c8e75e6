# docs/tutorial.md works as written: its ```sh blocks run in order in an
# empty directory (with the SDK's tools on PATH and AFUC_FIRMWARE_DIR
# where the vendor image was found), its file blocks (```asm NAME,
# ```text NAME) are written where the reader would create them, and each
# ```output block is exactly what the ```sh block before it prints.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

doc="$SDK_ROOT/docs/tutorial.md"
[ -r "$doc" ] || skip_all "no $doc"
fw=$(find_firmware a630_sqe.fw) || skip_all "vendor image a630_sqe.fw not found (the tutorial patches it)"

# One script: each block becomes a step that marks its output.
export tmp
awk '
	function flush() { if (kind == "sh") print "echo \"@@end " n "\""; kind = "" }
	/^```sh$/ { n++; kind = "sh"; print "echo \"@@block " n "\""; next }
	/^```output$/ { kind = "output"; out = ENVIRON["tmp"] "/want" n; printf "" > out; next }
	/^```[a-z]+ [^ ]+$/ { kind = "file"; split($0, w, " "); print "cat > " w[2] " <<'"'"'@@EOF'"'"'"; next }
	/^```/ { if (kind == "file") print "@@EOF"; flush(); kind = ""; next }
	kind == "sh" || kind == "file" { print; next }
	kind == "output" { print > out }
' "$doc" >"$tmp/tutorial.sh"
blocks=$(grep -c '^echo "@@block' "$tmp/tutorial.sh")
ok $([ "$blocks" -ge 5 ]; echo $?) "the tutorial has command blocks ($blocks)"

mkdir "$tmp/work"
(cd "$tmp/work" && PATH="$SDK_BIN:$PATH" AFUC_FIRMWARE_DIR=$(dirname "$fw") \
	bash -e "$tmp/tutorial.sh") >"$tmp/got" 2>"$tmp/err"
status=$?
is "$status" 0 "every command of the tutorial succeeds" || diag "$(cat "$tmp/err")"

for i in $(seq 1 "$blocks"); do
	got=$(sed -n "/^@@block $i\$/,/^@@end $i\$/p" "$tmp/got" | sed '1d;$d')
	if [ -e "$tmp/want$i" ]; then
		is "$got" "$(cat "$tmp/want$i")" "block $i prints what the tutorial shows"
	else
		ok $(grep -q "^@@end $i\$" "$tmp/got"; echo $?) "block $i runs"
	fi
done
ok $([ -s "$tmp/work/hello-afuc/patched.fw" ]; echo $?) "the tutorial leaves patched.fw behind"
done_testing
