.gpu a7xx
.global __default_handler
.handler CP_MEM_WRITE
mem_write:
	mov $addr, 0xa0 << 24
	(rep)mov $usraddr, $data
	add $02, $02, (#mem_write - #mem_write) * 4
	cwrite $02, [$00 + @REG_WRITE_ADDR]
	breq $02, b3, #done
	nop
done:
__default_handler:
	waitin
	mov $01, $data
.section BV
	waitin
	mov $01, $data
