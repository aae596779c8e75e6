/* The lines of afuc-ld's map (-Map) that a reader relies on, in one
 * place: the linker writes them with the printf formats and the
 * emulator's loader (sdk/emuload/mapfile.c) reads them back with the
 * scanf ones. docs/afuc-ld.md describes the whole map. */
#ifndef SDK_LD_MAPFMT_H
#define SDK_LD_MAPFMT_H

/* the first line: the output file, the generation, its words (the zero
 * word included); more follows on the line */
#define LD_MAP_TITLE "afuc-ld map of %s: %s, %zu words"
#define LD_MAP_TITLE_SCAN "afuc-ld map of %*[^:]: %*[a-z0-9], %lu words"
/* each processor image: its name and the file word of its address 0 */
#define LD_MAP_IMAGE "processor image %s: address 0 = file word 0x%x"
#define LD_MAP_IMAGE_SCAN "processor image %*[^:]: address 0 = file word 0x%lx"
/* then its symbols: a heading with their count, a line each (address,
 * name, where it came from), a blank line after them */
#define LD_MAP_SYMBOLS "  symbols (%zu)\n"
#define LD_MAP_SYMBOLS_PREFIX "  symbols ("
#define LD_MAP_SYMBOL "  0x%05x  %-32s %s%s\n"
#define LD_MAP_SYMBOL_SCAN "  0x%lx %s"

#endif
