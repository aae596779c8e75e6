# Writes emu/void_pipes.h from the register database's pipe registers
# (sdk/rnn/db/adreno/adreno_pipe_regs.xml): EMU_A6XX_VOID_PIPES lists,
# each offset followed by a comma, the pipe registers typed "void" (they
# take no payload), so the emulator knows them without reading XML.
BEGIN {
	print "/* Generated from the register database by sdk/emu/void_pipes.awk. */"
	print "#ifndef EMU_VOID_PIPES_H"
	print "#define EMU_VOID_PIPES_H"
}
/<domain name="A[0-9]XX_PIPE_REG"/ {
	match($0, /A[0-9]XX/)
	domain = substr($0, RSTART, RLENGTH)
	list = ""
}
domain != "" && /<reg32/ && /type="void"/ {
	match($0, /offset="0x[0-9a-fA-F]+"/)
	list = list " " substr($0, RSTART + 8, RLENGTH - 9) ","
}
domain != "" && /<\/domain>/ {
	print "#define EMU_" domain "_VOID_PIPES" list
	domain = ""
}
END { print "#endif" }
