/* sdk/obj internals: the few ELF32 facts the object reader and writer
 * need, and the layout of the SDK's own sections (docs/objects.md).
 * Every field is read and written through util_le32/util_le16 at these
 * byte offsets, never by overlaying a struct on file bytes. */
#ifndef SDK_OBJ_ELF_H
#define SDK_OBJ_ELF_H

#include <stdint.h>

/* e_machine: no number is registered for Adreno afuc. 0xafc0 lies far
 * above the registered range and is not among the unofficial numbers
 * binutils knows, so no tool mistakes these objects for another
 * machine's; readelf and nm treat it as an unknown machine and still
 * show everything. */
#define OBJ_EM_AFUC 0xafc0

#define ELF_HEADER_SIZE 52
#define ELF_SHDR_SIZE 40
#define ELF_SYM_SIZE 16
#define ELF_RELA_SIZE 12
#define PHDR_SIZE 32

/* p_type, p_flags (linked files) */
#define PT_LOAD 1
#define PF_X 1
#define PF_R 4

/* e_ident */
#define ELF_CLASS32 1
#define ELF_DATA2LSB 1
#define ELF_VERSION_CURRENT 1

/* e_type */
#define ELF_ET_REL 1
#define ELF_ET_EXEC 2

/* sh_type */
#define ELF_SHT_NULL 0
#define ELF_SHT_PROGBITS 1
#define ELF_SHT_SYMTAB 2
#define ELF_SHT_STRTAB 3
#define ELF_SHT_RELA 4
#define ELF_SHT_REL 9
#define ELF_SHT_NOBITS 8

/* sh_flags */
#define ELF_SHF_ALLOC 0x2
#define ELF_SHF_EXECINSTR 0x4
#define ELF_SHF_INFO_LINK 0x40

/* special section indexes */
#define ELF_SHN_UNDEF 0
#define ELF_SHN_LORESERVE 0xff00
#define ELF_SHN_ABS 0xfff1
#define ELF_SHN_XINDEX 0xffff

/* symbol binding and type */
#define ELF_STB_LOCAL 0
#define ELF_STB_GLOBAL 1
#define ELF_STB_WEAK 2
#define ELF_STT_NOTYPE 0
#define ELF_STT_SECTION 3
#define ELF_STT_FILE 4

/* The SDK's own sections (non-allocated SHT_PROGBITS, little-endian
 * 32-bit fields):
 *   .afuc.handlers  {opcode, symtab index}                  8 bytes each
 *   .afuc.jumptbl   {code section index, byte offset}       8 bytes each
 *   .afuc.locs      {section index, entry, file, line, col} 20 bytes each
 * A .afuc.locs record gives the source location of entry `entry` of
 * section `section` (.symtab, a .rela.* section or .afuc.handlers), or,
 * when `section` is a code section, the line of its words from word
 * `entry` on; `file` is an offset into .strtab. */
#define OBJ_SEC_HANDLERS ".afuc.handlers"
#define OBJ_SEC_JUMPTBL ".afuc.jumptbl"
#define OBJ_SEC_LOCS ".afuc.locs"
#define OBJ_HANDLER_SIZE 8
#define OBJ_JUMPTBL_SIZE 8
#define OBJ_LOC_SIZE 20

#endif
