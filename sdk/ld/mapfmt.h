/* The lines of afuc-ld's map (-Map) that a reader relies on, in one
 * place: the linker writes them with the printf formats, and
 * sdk/dis/map.c (for afuc-objdump, afuc-ld --base and afuc-emu) reads
 * them back with the scanf ones. docs/afuc-ld.md describes the map. */
#ifndef SDK_LD_MAPFMT_H
#define SDK_LD_MAPFMT_H

/* the first line: the output file, the generation, its words (the zero
 * word included); more follows on the line */
#define LD_MAP_TITLE "afuc-ld map of %s: %s, %zu words"
#define LD_MAP_TITLE_SCAN "afuc-ld map of %*[^:]: %*[a-z0-9], %lu words"
/* each processor image: its name (at most LD_MAP_NAME_MAX characters,
 * as the scan reads it) and the file word of its address 0 */
#define LD_MAP_NAME_MAX 63
#define LD_MAP_IMAGE "processor image %s: address 0 = file word 0x%x"
#define LD_MAP_IMAGE_SCAN "processor image %63[^:]: address 0 = file word 0x%lx"
/* in it, each block of code afuc-ld --base appended: "new code" (this
 * link's) or "base code" (an earlier link's, kept in the base), the
 * image, its first and last address and file word */
#define LD_MAP_CODE "  %s: %s addresses 0x%05x..0x%05x (file words 0x%x..0x%x)\n"
#define LD_MAP_CODE_SCAN "  %15[a-z] code: %63s addresses 0x%lx..0x%lx (file words 0x%lx..0x%lx)"
/* then its symbols: a heading with their count, a line each (address,
 * name, where it came from), a blank line after them */
#define LD_MAP_SYMBOLS "  symbols (%zu)\n"
#define LD_MAP_SYMBOLS_PREFIX "  symbols ("
#define LD_MAP_SYMBOL "  0x%05x  %-32s %s%s\n"
#define LD_MAP_SYMBOL_SCAN "  0x%lx %s"

#endif
