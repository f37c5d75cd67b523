#define _GNU_SOURCE 1
#include "mapped_file_guard.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The handler uses only atomics and mmap (a system call): nothing that takes a lock. */

#define SLOTS 256
static _Atomic uintptr_t range_start[SLOTS];
static _Atomic uintptr_t range_end[SLOTS];
static atomic_long fault_count;
static long page_size;
static struct sigaction previous_action;

int keepsake_guard_register(const void *start, size_t length) {
    for (int slot = 0; slot < SLOTS; slot++) {
        uintptr_t expected = 0;
        /* Claim the slot with its end first, so the handler never sees a start without an end. */
        if (atomic_compare_exchange_strong(&range_end[slot], &expected, (uintptr_t)start + length)) {
            atomic_store(&range_start[slot], (uintptr_t)start);
            return slot;
        }
    }
    return -1;
}

void keepsake_guard_unregister(int slot) {
    if (slot < 0 || slot >= SLOTS) return;
    atomic_store(&range_start[slot], 0);
    atomic_store(&range_end[slot], 0);
}

static void on_bus_error(int sig, siginfo_t *info, void *context) {
    (void)context;
    uintptr_t address = (uintptr_t)info->si_addr;
    for (int slot = 0; slot < SLOTS; slot++) {
        uintptr_t start = atomic_load(&range_start[slot]);
        uintptr_t end = atomic_load(&range_end[slot]);
        if (start == 0 || address < start || address >= end) continue;
        void *page = (void *)(address & ~((uintptr_t)page_size - 1));
        if (mmap(page, (size_t)page_size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
            atomic_fetch_add(&fault_count, 1);
            return; /* the read runs again and finds zeros */
        }
        break;
    }
    /* Not a guarded page: the handler before this one gets the fault when the read runs again. */
    sigaction(sig, &previous_action, NULL);
}

void keepsake_guard_install(void) {
    page_size = sysconf(_SC_PAGESIZE);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_bus_error;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    struct sigaction current;
    if (sigaction(SIGBUS, NULL, &current) == 0 && current.sa_sigaction == on_bus_error) return;
    sigaction(SIGBUS, &action, &previous_action);
}

long keepsake_guard_fault_count(void) { return atomic_load(&fault_count); }
