# Start-up code for bare-metal programs on the tagmatch DPA cluster (docs/dpa.md).
# Every hart starts here. Each takes a 16 KiB stack below the top of the first 16 MiB of RAM
# (hart h: __stack_top - h * 16 KiB), then calls main(hartid). RAM starts zeroed, so .bss needs
# no clearing. When main returns, hart 0 ends the run with main's value as exit code; every
# other hart parks (wfi: it stops issuing and never wakes).
    .section .text.init, "ax"
    .globl _start
_start:
    csrr    a0, mhartid
    la      sp, __stack_top
    slli    t0, a0, 14
    sub     sp, sp, t0
    call    main
    csrr    t0, mhartid
    bnez    t0, 1f
    slli    a0, a0, 1
    ori     a0, a0, 1
    li      t1, 0x10000008
    sd      a0, 0(t1)
1:  wfi
    j       1b
