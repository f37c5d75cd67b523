#ifndef KEEPSAKE_MAPPED_FILE_GUARD_H
#define KEEPSAKE_MAPPED_FILE_GUARD_H

#include <stddef.h>

/* Files mapped into memory raise SIGBUS when a page past their new end is read after another
   program truncates them. Registered ranges are guarded: such a page becomes a page of zeros
   (invalid JSON everywhere) and the fault is counted, so the reader sees a parse error instead
   of the process dying. Faults outside the ranges go to the handler there was before. */

/* Registers [start, start + length); returns a slot for keepsake_guard_unregister, or -1 when
   every slot is taken (the range is then unguarded). */
int keepsake_guard_register(const void *start, size_t length);

/* Forgets a registered range (before it is unmapped). */
void keepsake_guard_unregister(int slot);

/* Installs the SIGBUS handler (again, on top of whatever was installed since). */
void keepsake_guard_install(void);

/* The number of pages replaced by zeros so far. */
long keepsake_guard_fault_count(void);

#endif
