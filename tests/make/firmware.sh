# make firmware and make firmware-GEN build only the images, each
# generation on its own, and the directory firmware/ beside the Makefile
# never makes "make firmware" look up to date (the goals are phony).
. "$(dirname "$0")/../lib/tap.sh" || exit 1
cd "$SDK_ROOT" || exit 1
[ -d firmware ] || skip_all "no firmware/ directory"

# -n -W SOURCE: what make would do were SOURCE new (nothing is built);
# without the flags of a make above (make -s check would silence
# "Nothing to be done").
would() {
	MAKEFLAGS= MFLAGS= make --no-print-directory -n -W "$1" "$2" 2>&1
}
out=$(would firmware/a6xx/sqe.S firmware)
like "$out" "afuc-as .*firmware/a6xx/sqe.S" "make firmware: rebuilds a changed a6xx source (not 'up to date')"
case $out in *"is up to date"*) ok 1 "make firmware: not fooled by the firmware/ directory" ;;
*) ok 0 "make firmware: not fooled by the firmware/ directory" ;; esac
out=$(would firmware/a6xx/sqe.S firmware-a6xx)
like "$out" "afuc-ld .*-o [^ ]*/firmware/a6xx/sqe.fw" "make firmware-a6xx: the a6xx image"
like "$out" "firmware/examples/fill.fw" "and the examples linked with it"
out=$(would firmware/a6xx/sqe.S firmware-a5xx)
like "$out" "Nothing to be done for 'firmware-a5xx'" "make firmware-a5xx: an a6xx source is none of its business"
out=$(would firmware/a5xx/pfp.S firmware-a5xx)
like "$out" "afuc-as .*firmware/a5xx/pfp.S" "make firmware-a5xx: the a5xx PFP"
out=$(would firmware/a7xx/sqe.S firmware-a7xx)
like "$out" "afuc-ld .*-o [^ ]*/firmware/a7xx/sqe.fw" "make firmware-a7xx: the a7xx bundle"
case $out in *"hwsq-as"* | *"/bin/"*"cc "*) ok 1 "make firmware-a7xx: no HWSQ or tool work" ;;
*) ok 0 "make firmware-a7xx: no HWSQ or tool work" ;; esac
out=$(would hwsq-scripts/gpio-vid.hwsq hwsq)
like "$out" "hwsq-as .*gpio-vid.hwsq" "make hwsq: the HWSQ images"
done_testing
