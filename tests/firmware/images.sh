# Image lists for the firmware shell tests (sourced after tests/lib/tap.sh).

# vendor_paths NAMES [SEP]: the paths of the vendor images NAMES
# (comma-separated, as a5xx's PFP,ME), joined by SEP (default ','), found
# as find_firmware finds them; on failure the name of the first one
# missing instead, and status 1.
vendor_paths() {
	vendor_paths_out=
	for vendor_paths_name in $(printf '%s\n' "$1" | tr ',' ' '); do
		vendor_paths_one=$(find_firmware "$vendor_paths_name") || {
			printf '%s\n' "$vendor_paths_name"
			return 1
		}
		vendor_paths_out=${vendor_paths_out:+$vendor_paths_out${2:-,}}$vendor_paths_one
	done
	printf '%s\n' "$vendor_paths_out"
}

# sdk_paths NAMES: the build's images NAMES (comma-separated, relative
# to $SDK_BUILD/firmware), comma-separated.
sdk_paths() {
	sdk_paths_out=
	for sdk_paths_name in $(printf '%s\n' "$1" | tr ',' ' '); do
		sdk_paths_out=${sdk_paths_out:+$sdk_paths_out,}$SDK_BUILD/firmware/$sdk_paths_name
	done
	printf '%s\n' "$sdk_paths_out"
}
