; a6xx microcode
[016ee207]
[#jumptbl]
nop
CP_ME_INIT:
mov $02, 0x1
waitin
mov $01, $data
CP_NOP:
jump #CP_ME_INIT
mov $02, #table << 2
call #fn
[#table + 1]
fn:
waitin
mov $01, $data
.align 32
table:
[deadbeef]
jumptbl:
.jumptbl
