/* The tagmatch DPA cluster's bare-metal conventions as C (docs/dpa.md). */
#ifndef DPA_H
#define DPA_H

#define DPA_CONSOLE ((volatile unsigned char *) 0x10000000UL)
#define DPA_EXIT ((volatile unsigned long *) 0x10000008UL)

static inline unsigned long dpa_hartid(void) {
    unsigned long id;
    __asm__ volatile("csrr %0, mhartid" : "=r"(id));
    return id;
}

static inline unsigned long dpa_cycles(void) {
    unsigned long c;
    __asm__ volatile("csrr %0, mcycle" : "=r"(c));
    return c;
}

static inline unsigned long dpa_instret(void) {
    unsigned long c;
    __asm__ volatile("csrr %0, minstret" : "=r"(c));
    return c;
}

/* Zihintpause `pause` (GCC 12 has no builtin): the hart leaves its core's issue slots to the
   other threads for a few cycles; for spin-wait loops. */
static inline void dpa_pause(void) { __asm__ volatile(".insn i 0x0F, 0, x0, x0, 0x010"); }

/* lr.d with acquire: loads *p and reserves its 8-byte word for this hart. */
static inline unsigned long dpa_load_reserved(const unsigned long *p) {
    unsigned long v;
    __asm__ volatile("lr.d.aq %0, (%1)" : "=r"(v) : "r"(p) : "memory");
    return v;
}

/* Zawrs `wrs.nto` (GCC 12 has no mnemonic): the hart takes no issue slots while the
   reservation of its last dpa_load_reserved lasts, that is until another hart writes the word;
   with no reservation it returns at once. For spin-waits: reserve, test, wait. */
static inline void dpa_wrs_nto(void) { __asm__ volatile(".insn i 0x73, 0, x0, x0, 0x00d" ::: "memory"); }

static inline void dpa_putchar(char c) { *DPA_CONSOLE = (unsigned char) c; }

static inline void dpa_puts(const char *s) {
    while (*s) dpa_putchar(*s++);
}

/* Ends the whole run (every hart) with exit code `code`. */
static inline __attribute__((noreturn)) void dpa_exit(long code) {
    *DPA_EXIT = ((unsigned long) code << 1) | 1;
    for (;;) __asm__ volatile("wfi");
}

#endif
